/**
 * The admins' fee operations: a unit type's own fees (`pricing set-fees`: buy, sell, convert) and a payment
 * method's external fee (`pricing set-external-fee`).
 */
import { Effect } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { PayingMethod, PayingMethods, type UnitType } from "../shared/Enums.ts"
import { audit } from "./PricingAdminAudit.ts"
import { given, oneOf, param, parsed, refuse, unitTypeOf, wholeNumber } from "./PricingAdminParams.ts"
import { parsePercent } from "./PricingInput.ts"
import { configured } from "./PricingUnitSettings.ts"
import { PriceBook } from "./ports/PriceBook.ts"
import { PricingSettings, type UnitSettings } from "./ports/PricingSettings.ts"

const feesLine = (s: UnitSettings) =>
  `buy ${s.buyOrderTransactionFeeInCents} cents, sell ${s.sellOrderTransactionFeeInUnits} Units, convert ${s.convertOrderTransactionFeeInUnits} Units`

const nextFees = (params: OperationParams) =>
  Effect.gen(function* () {
    if (
      params.buyCents === undefined &&
      params.sellUnits === undefined &&
      params.convertUnits === undefined
    ) {
      return yield* refuse("Give at least one of --buy-cents, --sell-units, --convert-units")
    }
    const current = yield* configured(yield* unitTypeOf(params))
    const next: UnitSettings = {
      ...current,
      buyOrderTransactionFeeInCents:
        params.buyCents === undefined
          ? current.buyOrderTransactionFeeInCents
          : yield* wholeNumber("--buy-cents", params.buyCents),
      sellOrderTransactionFeeInUnits:
        params.sellUnits === undefined
          ? current.sellOrderTransactionFeeInUnits
          : yield* wholeNumber("--sell-units", params.sellUnits),
      convertOrderTransactionFeeInUnits:
        params.convertUnits === undefined
          ? current.convertOrderTransactionFeeInUnits
          : yield* wholeNumber("--convert-units", params.convertUnits),
    }
    return { current, next }
  })

export const setFees: OperationHandler<{ readonly unitType: UnitType; readonly fees: string }> = {
  prepare: (params) =>
    Effect.map(nextFees(params), ({ current, next }) => ({
      params: given({
        unitType: current.schedule.unitType,
        buyCents: params.buyCents,
        sellUnits: params.sellUnits,
        convertUnits: params.convertUnits,
      }),
      summary: `Set ${current.schedule.unitType}'s fees: ${feesLine(next)} (now ${feesLine(current)})`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { current, next } = yield* nextFees(params)
      yield* (yield* PricingSettings).setUnit(next)
      yield* audit(
        acting,
        "pricing.setFees",
        `unitType:${current.schedule.unitType}`,
        { before: feesLine(current), after: feesLine(next) },
        facts,
      )
      return { unitType: current.schedule.unitType, fees: feesLine(next) }
    }),
  outcome: (r) => `${r.unitType}: ${r.fees}`,
}

const externalFeeOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const method = yield* oneOf(PayingMethod, "payment method", yield* param(params, "method"), PayingMethods)
    const fee = {
      fixedCentsFees: yield* wholeNumber("--fixed-cents", yield* param(params, "fixedCents")),
      fixedPercentageFees: yield* parsed(parsePercent(yield* param(params, "percent"), "The percentage")),
    }
    return { method, fee }
  })

export const setExternalFee: OperationHandler<{
  readonly method: PayingMethod
  readonly fixedCentsFees: number
  readonly fixedPercentageFees: number
}> = {
  prepare: (params) =>
    Effect.map(externalFeeOf(params), ({ method, fee }) => ({
      params: { method, fixedCents: String(fee.fixedCentsFees), percent: params.percent ?? "" },
      summary: `Set ${method}'s external fee: ${fee.fixedCentsFees} cents + ${fee.fixedPercentageFees}%`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { method, fee } = yield* externalFeeOf(params)
      const before = (yield* (yield* PriceBook).externalFees)[method]
      yield* (yield* PricingSettings).setExternalFees({ [method]: fee } as never)
      yield* audit(
        acting,
        "pricing.setExternalFee",
        `paymentMethod:${method}`,
        { before: JSON.stringify(before ?? null), after: JSON.stringify(fee) },
        facts,
      )
      return { method, ...fee }
    }),
  outcome: (f) => `${f.method}: ${f.fixedCentsFees} cents + ${f.fixedPercentageFees}%`,
}
