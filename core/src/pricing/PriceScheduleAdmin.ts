/** The admins' `pricing set-price`: a unit type's price schedule (base price, growth per year, base day). */
import { Effect, Option } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { audit } from "./PricingAdminAudit.ts"
import { dayOr, param, parsed, unitTypeOf } from "./PricingAdminParams.ts"
import { parseBasePrice, parsePercent } from "./PricingInput.ts"
import type { PriceSchedule } from "./PricingModel.ts"
import { newUnitSettings, settingsOf } from "./PricingUnitSettings.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

const scheduleOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const schedule: PriceSchedule = {
      unitType: yield* unitTypeOf(params),
      basePrice: yield* parsed(parseBasePrice(yield* param(params, "basePrice"))),
      growthPerYearPercent: yield* parsed(
        parsePercent(yield* param(params, "growth"), "The growth per year"),
      ),
      baseDate: yield* dayOr("--base-date", params.baseDate),
    }
    return schedule
  })

export const setPrice: OperationHandler<PriceSchedule & { readonly first: boolean }> = {
  prepare: (params) =>
    Effect.map(scheduleOf(params), (s) => ({
      // The base day is fixed now (today, when not given), so an approval tomorrow sets the same schedule.
      params: {
        unitType: s.unitType,
        basePrice: params.basePrice ?? "",
        growth: params.growth ?? "",
        baseDate: s.baseDate,
      },
      summary: `Set ${s.unitType}'s price: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const schedule = yield* scheduleOf(params)
      const before = yield* settingsOf(schedule.unitType)
      const current = Option.getOrElse(before, () => newUnitSettings(schedule.unitType))
      yield* (yield* PricingSettings).setUnit({ ...current, schedule })
      yield* audit(
        acting,
        "pricing.setPrice",
        `unitType:${schedule.unitType}`,
        {
          before: JSON.stringify(Option.getOrNull(Option.map(before, (s) => s.schedule))),
          after: JSON.stringify(schedule),
        },
        facts,
      )
      return { ...schedule, first: Option.isNone(before) }
    }),
  outcome: (s) =>
    `${s.unitType}: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year` +
    (s.first
      ? `. Its first price: default fees (see pricing show), and no land value: set one with pricing set-land ${s.unitType} before its Units can be bought.`
      : ""),
}
