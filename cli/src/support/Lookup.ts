/** Finding what a command names: a member by email or member id, and an option's value checked against a list. */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Option, Schema } from "effect"
import { AdminRefused } from "./Operator.ts"

/** The member named by their email (any letter case) or their member id. */
export const memberNamed = (ref: string): Effect.Effect<Account, AdminRefused, AccountRepository> =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository
    const found = ref.includes("@")
      ? yield* accounts.findByEmail(ref)
      : yield* accounts.get(MemberId.make(ref))
    if (Option.isNone(found)) {
      return yield* new AdminRefused({
        message: ref.includes("@") ? `No member has the email ${ref}` : `No member has the id ${ref}`,
      })
    }
    return found.value
  })

/** An option's value decoded by `schema`, or a refusal that names the option and what it accepts. */
export const optionValue = <A, I>(
  schema: Schema.Codec<A, I>,
  option: string,
  value: unknown,
  accepted?: string,
) =>
  Schema.decodeUnknownEffect(schema)(value).pipe(
    Effect.mapError(
      () =>
        new AdminRefused({
          message: `${option} ${String(value)} is not valid${accepted === undefined ? "" : `: one of ${accepted}`}`,
        }),
    ),
  )

/** A whole number of minor units (cents) or units from the command line; never a float. */
export const wholeNumber = (option: string, value: string, minimum = 0) =>
  /^\d+$/.test(value.trim()) && Number(value) >= minimum && Number.isSafeInteger(Number(value))
    ? Effect.succeed(Number(value))
    : Effect.fail(
        new AdminRefused({
          message: `${option} must be a whole number ≥ ${minimum} (got ${JSON.stringify(value)})`,
        }),
      )
