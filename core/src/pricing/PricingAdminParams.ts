/**
 * The parameters of the admins' pricing operations (PricingAdmin.ts) as typed: required, one of a list, whole
 * numbers, days (a day left out is today), each refused with AdminOperationRefused and the words the admin reads.
 */
import { Clock, Effect, Result, Schema } from "effect"
import { AdminOperationRefused, type OperationParams } from "../access/AdminOperationRunner.ts"
import { UnitType, UnitTypes } from "../shared/Enums.ts"

export const refuse = (message: string) => Effect.fail(new AdminOperationRefused({ message }))

export const parsed = <A>(result: Result.Result<A, string>) =>
  Result.isSuccess(result) ? Effect.succeed(result.success) : refuse(result.failure)

export const param = (params: OperationParams, name: string) => {
  const value = params[name]
  return value === undefined ? refuse(`${name} is required`) : Effect.succeed(value)
}

export const oneOf = <A>(
  schema: Schema.Codec<A, string>,
  what: string,
  value: string,
  accepted: ReadonlyArray<string>,
) =>
  Schema.decodeUnknownEffect(schema)(value).pipe(
    Effect.mapError(
      () =>
        new AdminOperationRefused({
          message: `${what} ${value} is not valid: one of ${accepted.join(", ")}`,
        }),
    ),
  )

export const wholeNumber = (option: string, value: string, minimum = 0) =>
  /^\d+$/.test(value.trim()) && Number(value) >= minimum && Number.isSafeInteger(Number(value))
    ? Effect.succeed(Number(value))
    : refuse(`${option} must be a whole number ≥ ${minimum} (got ${JSON.stringify(value)})`)

const isoDay = (option: string, value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
    ? Effect.succeed(value)
    : refuse(`${option} must be a day, yyyy-mm-dd (got ${value})`)

/** Today (UTC) by Effect's Clock. */
const today = Effect.map(Clock.currentTimeMillis, (now) => new Date(now).toISOString().slice(0, 10))

export const dayOr = (option: string, value: string | undefined) =>
  value === undefined || value === "" ? today : isoDay(option, value)

/** Only the parameters given, as text. */
export const given = (params: Record<string, string | undefined>): OperationParams =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as OperationParams

export const unitTypeOf = (params: OperationParams) =>
  Effect.flatMap(param(params, "unitType"), (name) => oneOf(UnitType, "unit type", name, UnitTypes))
