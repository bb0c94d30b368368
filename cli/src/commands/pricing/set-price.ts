/**
 * `landunits pricing set-price <unitType> --base-price 12.5 --growth 5 [--base-date yyyy-mm-dd]`: a unit type's
 * price schedule (base in currency units, at most 2,500; growth per year in %). Orders keep the price they were made at.
 * A unit type's first price also gives it the default fees and no land value (settings.ts, `newUnitSettings`):
 * its Units are for sale once `pricing set-land` sets one. With two admins, a request a second admin approves
 * (support/FourEyes.ts).
 */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { parseBasePrice, parsePercent } from "@landunits/core/pricing/PricingInput.ts"
import type { PriceSchedule } from "@landunits/core/pricing/PricingModel.ts"
import { Effect, Option } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { type ApprovalFacts, fourEyes } from "../../support/FourEyes.ts"
import { type AdminOperator, audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { isoDay, newUnitSettings, parsed, today, unitTypeNamed } from "./settings.ts"

interface SetPriceOptions {
  readonly basePrice: string
  readonly growth: string
  readonly baseDate?: string
}

/** The schedule the options ask for, checked by core's input rules. */
const scheduleOf = (unitType: string, o: SetPriceOptions) =>
  Effect.gen(function* () {
    const named = yield* unitTypeNamed(unitType)
    const schedule = {
      unitType: named.unitType,
      basePrice: yield* parsed(parseBasePrice(o.basePrice)),
      growthPerYearPercent: yield* parsed(parsePercent(o.growth, "The growth per year")),
      baseDate: yield* isoDay("--base-date", o.baseDate ?? today()),
    }
    return schedule satisfies PriceSchedule
  })

/** Sets the schedule as `operator` (the approver, for an approved request, with `approval` audited beside). */
export const setPrice = (
  operator: AdminOperator,
  unitType: string,
  o: SetPriceOptions,
  approval: ApprovalFacts = {},
) =>
  Effect.gen(function* () {
    const schedule = yield* scheduleOf(unitType, o)
    const named = yield* unitTypeNamed(unitType)
    const current = Option.getOrElse(named.settings, () => newUnitSettings(named.unitType))
    yield* (yield* PricingSettings).setUnit({ ...current, schedule })
    yield* audit(operator, "pricing.setPrice", `unitType:${schedule.unitType}`, {
      before: JSON.stringify(Option.getOrNull(Option.map(named.settings, (s) => s.schedule))),
      after: JSON.stringify(schedule),
      ...approval,
    })
    return { ...schedule, first: Option.isNone(named.settings) }
  })

export const pricingSetPrice = (cli: Cli, unitType: string, o: SetPriceOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Setting a price", cli.options())
      const schedule = yield* scheduleOf(unitType, o)
      return yield* fourEyes(
        operator,
        {
          command: "pricing.setPrice",
          // The base day is fixed now (today, when not given), so an approval tomorrow sets the same schedule.
          params: {
            unitType: schedule.unitType,
            basePrice: o.basePrice,
            growth: o.growth,
            baseDate: schedule.baseDate,
          },
          summary: `Set ${schedule.unitType}'s price: base ${schedule.basePrice} thousandths on ${schedule.baseDate}, growing ${schedule.growthPerYearPercent}% a year`,
        },
        setPrice(operator, unitType, o),
      )
    }),
    (s) =>
      `${s.unitType}: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year` +
      (s.first
        ? `. Its first price: default fees (see pricing show), and no land value: set one with pricing set-land ${s.unitType} before its Units can be bought.`
        : ""),
  )
