/**
 * A unit type's pricing settings for the admins' operations (PricingAdmin.ts): its settings if any, refused
 * until its price is set, and the first settings a new unit type gets.
 */
import { Effect, Option } from "effect"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_CONVERT_FEE_UNITS,
  DEFAULT_SELL_FEE_UNITS,
} from "../shared/Constants.ts"
import type { UnitType } from "../shared/Enums.ts"
import { refuse } from "./PricingAdminParams.ts"
import { PricingSettings, type UnitSettings } from "./ports/PricingSettings.ts"

/** A unit type's settings, if it has any yet. */
export const settingsOf = (unitType: UnitType) =>
  Effect.map(
    Effect.flatMap(PricingSettings, (s) => s.units),
    (units) => Option.fromNullishOr(units.find((u) => u.schedule.unitType === unitType)),
  )

export const configured = (unitType: UnitType) =>
  Effect.flatMap(settingsOf(unitType), (settings) =>
    Option.match(settings, {
      onNone: () =>
        refuse(`${unitType} has no price yet: set it first with landunits pricing set-price ${unitType}`),
      onSome: (s) => Effect.succeed(s as UnitSettings),
    }),
  )

/**
 * A unit type's first settings, before its price is set: the product owner's default fees, and no land value,
 * so none of its Units can be bought until `pricing set-land` gives it one.
 */
export const newUnitSettings = (unitType: UnitType): Omit<UnitSettings, "schedule"> => ({
  buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
  sellOrderTransactionFeeInUnits: DEFAULT_SELL_FEE_UNITS,
  convertOrderTransactionFeeInUnits: DEFAULT_CONVERT_FEE_UNITS,
  landLimits: { totalProjectLandValueInCents: 0, maxDoubleLandUnitsBoughtValueInCents: 0 },
})
