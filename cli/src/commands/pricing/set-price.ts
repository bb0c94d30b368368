/**
 * `landunits pricing set-price <unitType> --base-price 12.5 --growth 5 [--base-date yyyy-mm-dd]`: a unit type's
 * price schedule (base in currency units, at most 2,500; growth per year in %). Orders keep the price they were made at.
 * A unit type's first price also gives it the default fees and no land value (settings.ts, `newUnitSettings`):
 * its Units are for sale once `pricing set-land` sets one.
 */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { parseBasePrice, parsePercent } from "@landunits/core/pricing/PricingInput.ts"
import { Effect, Option } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { isoDay, newUnitSettings, parsed, today, unitTypeNamed } from "./settings.ts"

export const pricingSetPrice = (
  cli: Cli,
  unitType: string,
  o: { basePrice: string; growth: string; baseDate?: string },
) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Setting a price", cli.options())
      const named = yield* unitTypeNamed(unitType)
      const current = Option.getOrElse(named.settings, () => newUnitSettings(named.unitType))
      const schedule = {
        unitType: named.unitType,
        basePrice: yield* parsed(parseBasePrice(o.basePrice)),
        growthPerYearPercent: yield* parsed(parsePercent(o.growth, "The growth per year")),
        baseDate: yield* isoDay("--base-date", o.baseDate ?? today()),
      }
      yield* (yield* PricingSettings).setUnit({ ...current, schedule })
      yield* audit(operator, "pricing.setPrice", `unitType:${schedule.unitType}`, {
        before: JSON.stringify(Option.getOrNull(Option.map(named.settings, (s) => s.schedule))),
        after: JSON.stringify(schedule),
      })
      return { ...schedule, first: Option.isNone(named.settings) }
    }),
    (s) =>
      `${s.unitType}: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year` +
      (s.first
        ? `. Its first price: default fees (see pricing show), and no land value: set one with pricing set-land ${s.unitType} before its Units can be bought.`
        : ""),
  )
