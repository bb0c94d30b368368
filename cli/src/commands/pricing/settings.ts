/** Shared by the pricing commands: a unit type's current settings, and turning an input rule's refusal into the CLI's. */
import { PricingSettings, type UnitSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { UnitType, UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Effect, Result } from "effect"
import { AdminRefused } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"

/** The settings of the unit type named on the command line; refuses an unknown or unconfigured one. */
export const unitSettingsOf = (name: string) =>
  Effect.gen(function* () {
    const unitType = yield* optionValue(UnitType, "unit type", name, UnitTypes.join(", "))
    const found = (yield* (yield* PricingSettings).units).find((u) => u.schedule.unitType === unitType)
    if (found === undefined) {
      return yield* new AdminRefused({
        message: `${unitType} has no settings yet: run landunits db seed first`,
      })
    }
    return found satisfies UnitSettings
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
