/** The admins' `pricing set-land`: a unit type's land value, its LU2X cap and its members' pending-purchase limit. */
import { Effect } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import type { UnitType } from "../shared/Enums.ts"
import { audit } from "./PricingAdminAudit.ts"
import { given, refuse, unitTypeOf, wholeNumber } from "./PricingAdminParams.ts"
import { configured } from "./PricingUnitSettings.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

const nextLand = (params: OperationParams) =>
  Effect.gen(function* () {
    const { landValueCents, lu2xCapCents, maxPendingCents } = params
    if (landValueCents === undefined && lu2xCapCents === undefined && maxPendingCents === undefined) {
      return yield* refuse("Give at least one of --land-value-cents, --lu2x-cap-cents, --max-pending-cents")
    }
    const current = yield* configured(yield* unitTypeOf(params))
    const { maxPendingPurchaseCents: pending, ...rest } = current.landLimits
    const nextPending =
      maxPendingCents === undefined
        ? pending
        : maxPendingCents === "none"
          ? undefined
          : yield* wholeNumber("--max-pending-cents", maxPendingCents)
    const landLimits = {
      ...rest,
      totalProjectLandValueInCents:
        landValueCents === undefined
          ? rest.totalProjectLandValueInCents
          : yield* wholeNumber("--land-value-cents", landValueCents),
      maxDoubleLandUnitsBoughtValueInCents:
        lu2xCapCents === undefined
          ? rest.maxDoubleLandUnitsBoughtValueInCents
          : yield* wholeNumber("--lu2x-cap-cents", lu2xCapCents),
      ...(nextPending === undefined ? {} : { maxPendingPurchaseCents: nextPending }),
    }
    return { current, landLimits }
  })

const landLine = (l: {
  unitType: string
  totalProjectLandValueInCents: number
  maxDoubleLandUnitsBoughtValueInCents: number
  maxPendingPurchaseCents?: number
}) =>
  `${l.unitType}: land value ${l.totalProjectLandValueInCents} cents, LU2X cap ${l.maxDoubleLandUnitsBoughtValueInCents} cents, pending limit ${l.maxPendingPurchaseCents ?? "none"}`

export const setLand: OperationHandler<{
  readonly unitType: UnitType
  readonly totalProjectLandValueInCents: number
  readonly maxDoubleLandUnitsBoughtValueInCents: number
  readonly maxPendingPurchaseCents?: number
}> = {
  prepare: (params) =>
    Effect.map(nextLand(params), ({ current, landLimits }) => ({
      params: given({
        unitType: current.schedule.unitType,
        landValueCents: params.landValueCents,
        lu2xCapCents: params.lu2xCapCents,
        maxPendingCents: params.maxPendingCents,
      }),
      summary: `Set ${landLine({ unitType: current.schedule.unitType, ...landLimits })}`,
    })),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { current, landLimits } = yield* nextLand(params)
      yield* (yield* PricingSettings).setUnit({ ...current, landLimits })
      yield* audit(
        acting,
        "pricing.setLand",
        `unitType:${current.schedule.unitType}`,
        { before: JSON.stringify(current.landLimits), after: JSON.stringify(landLimits) },
        facts,
      )
      return { unitType: current.schedule.unitType, ...landLimits }
    }),
  outcome: landLine,
}
