/** `landunits pricing set-fees <unitType> [--buy-cents n] [--sell-units n] [--convert-units n]`: the platform's own fees of a unit type. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { wholeNumber } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { unitSettingsOf } from "./settings.ts"

export const pricingSetFees = (
  cli: Cli,
  unitType: string,
  o: { buyCents?: string; sellUnits?: string; convertUnits?: string },
) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      if (o.buyCents === undefined && o.sellUnits === undefined && o.convertUnits === undefined) {
        return yield* new AdminRefused({
          message: "Give at least one of --buy-cents, --sell-units, --convert-units",
        })
      }
      const current = yield* unitSettingsOf(unitType)
      const next = {
        ...current,
        buyOrderTransactionFeeInCents:
          o.buyCents === undefined
            ? current.buyOrderTransactionFeeInCents
            : yield* wholeNumber("--buy-cents", o.buyCents),
        sellOrderTransactionFeeInUnits:
          o.sellUnits === undefined
            ? current.sellOrderTransactionFeeInUnits
            : yield* wholeNumber("--sell-units", o.sellUnits),
        convertOrderTransactionFeeInUnits:
          o.convertUnits === undefined
            ? current.convertOrderTransactionFeeInUnits
            : yield* wholeNumber("--convert-units", o.convertUnits),
      }
      yield* (yield* PricingSettings).setUnit(next)
      const fees = (s: typeof current) =>
        `buy ${s.buyOrderTransactionFeeInCents} cents, sell ${s.sellOrderTransactionFeeInUnits} Units, convert ${s.convertOrderTransactionFeeInUnits} Units`
      yield* audit(operator, "pricing.setFees", `unitType:${current.schedule.unitType}`, {
        before: fees(current),
        after: fees(next),
      })
      return { unitType: current.schedule.unitType, fees: fees(next) }
    }),
    (r) => `${r.unitType}: ${r.fees}`,
  )
