/** Shared by the pricing commands: a unit type's current settings, and turning an input rule's refusal into the CLI's. */
import { PricingSettings, type UnitSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_CONVERT_FEE_UNITS,
  DEFAULT_SELL_FEE_UNITS,
} from "@landunits/core/shared/Constants.ts"
import { UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Effect, Option, Result } from "effect"
import { AdminRefused } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"

/** The unit type named on the command line and its settings, if it has any yet. */
export const unitTypeNamed = (name: string) =>
  Effect.gen(function* () {
    const unitType = yield* optionValue(UnitType, "unit type", name, UnitTypes.join(", "))
    const found = (yield* (yield* PricingSettings).units).find((u) => u.schedule.unitType === unitType)
    return { unitType, settings: Option.fromNullishOr(found) }
  })

/** The settings of the unit type named on the command line; refuses an unknown or unconfigured one. */
export const unitSettingsOf = (name: string) =>
  Effect.gen(function* () {
    const { unitType, settings } = yield* unitTypeNamed(name)
    if (Option.isNone(settings)) {
      return yield* new AdminRefused({
        message: `${unitType} has no price yet: set it first with landunits pricing set-price ${unitType}`,
      })
    }
    return settings.value satisfies UnitSettings
  })

/**
 * A unit type's first settings, before its price is set: the product owner's default fees, and no land
 * value, so none of its Units can be bought until `pricing set-land` gives it one.
 */
export const newUnitSettings = (unitType: UnitType): Omit<UnitSettings, "schedule"> => ({
  buyOrderTransactionFeeInCents: DEFAULT_BUY_FEE_CENTS[unitType],
  sellOrderTransactionFeeInUnits: DEFAULT_SELL_FEE_UNITS,
  convertOrderTransactionFeeInUnits: DEFAULT_CONVERT_FEE_UNITS,
  landLimits: { totalProjectLandValueInCents: 0, maxDoubleLandUnitsBoughtValueInCents: 0 },
})

/** A parse result of core's pricing input rules, as the CLI's refusal. */
export const parsed = <A>(result: Result.Result<A, string>) =>
  Result.isSuccess(result)
    ? Effect.succeed(result.success)
    : Effect.fail(new AdminRefused({ message: result.failure }))

/** A UTC day, yyyy-mm-dd. */
export const isoDay = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    ? Effect.succeed(value)
    : Effect.fail(new AdminRefused({ message: `${option} must be a day, yyyy-mm-dd (got ${value})` }))

export const today = () => new Date().toISOString().slice(0, 10)
