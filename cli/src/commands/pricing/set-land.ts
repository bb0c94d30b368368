/** `landunits pricing set-land <unitType> [--land-value-cents n] [--lu2x-cap-cents n] [--max-pending-cents n|none]`: a project's land value and limits. */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { wholeNumber } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { unitSettingsOf } from "./settings.ts"

export const pricingSetLand = (
  cli: Cli,
  unitType: string,
  o: { landValueCents?: string; lu2xCapCents?: string; maxPendingCents?: string },
) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      if (o.landValueCents === undefined && o.lu2xCapCents === undefined && o.maxPendingCents === undefined) {
        return yield* new AdminRefused({
          message: "Give at least one of --land-value-cents, --lu2x-cap-cents, --max-pending-cents",
        })
      }
      const current = yield* unitSettingsOf(unitType)
      const { maxPendingPurchaseCents: pending, ...rest } = current.landLimits
      const nextPending =
        o.maxPendingCents === undefined
          ? pending
          : o.maxPendingCents === "none"
            ? undefined
            : yield* wholeNumber("--max-pending-cents", o.maxPendingCents)
      const landLimits = {
        ...rest,
        totalProjectLandValueInCents:
          o.landValueCents === undefined
            ? rest.totalProjectLandValueInCents
            : yield* wholeNumber("--land-value-cents", o.landValueCents),
        maxDoubleLandUnitsBoughtValueInCents:
          o.lu2xCapCents === undefined
            ? rest.maxDoubleLandUnitsBoughtValueInCents
            : yield* wholeNumber("--lu2x-cap-cents", o.lu2xCapCents),
        ...(nextPending === undefined ? {} : { maxPendingPurchaseCents: nextPending }),
      }
      yield* (yield* PricingSettings).setUnit({ ...current, landLimits })
      yield* audit(operator, "pricing.setLand", `unitType:${current.schedule.unitType}`, {
        before: JSON.stringify(current.landLimits),
        after: JSON.stringify(landLimits),
      })
      return { unitType: current.schedule.unitType, ...landLimits }
    }),
    (l) =>
      `${l.unitType}: land value ${l.totalProjectLandValueInCents} cents, LU2X cap ${l.maxDoubleLandUnitsBoughtValueInCents} cents, pending limit ${l.maxPendingPurchaseCents ?? "none"}`,
  )
