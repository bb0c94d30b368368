/**
 * What every admin command shares: the app's services over the same database as the server (DATABASE_URL,
 * else the embedded one in DATA_DIR: through the running server's socket, or opened directly), the admin
 * who acts (`--as <email>` or LANDUNITS_ADMIN; the account must have the admin role), and the audit log
 * entry each command writes (who, when, what).
 */

import type { PgClient } from "@effect/sql-pg"
import { layerApp } from "@landunits/adapters/app/AppLayer.ts"
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { type Actor, adminActor } from "@landunits/core/access/AccessModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { Clock, Effect, type Layer, ManagedRuntime, Option, Schema } from "effect"
import type { SqlClient } from "effect/sql"

export class AdminRefused extends Schema.TaggedError<AdminRefused>()("AdminRefused", {
  message: Schema.String,
}) {}

type AppServices = Layer.Success<ReturnType<typeof layerApp>>

/** The services a command runs on; tests build it over their own database. */
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>

export const makeRuntime = <E>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E> = layerFromEnv as never,
): AppRuntime => ManagedRuntime.make(layerApp(database)) as AppRuntime

/** The admin named by email; refuses anyone without the admin role. */
export const adminNamed = (email: string | undefined) =>
  Effect.gen(function* () {
    if (email === undefined || email.trim() === "") {
      return yield* new AdminRefused({ message: "Say who acts: --as <admin email> (or set LANDUNITS_ADMIN)" })
    }
    const account = yield* (yield* AccountRepository).findByEmail(email)
    if (Option.isNone(account) || account.value.role !== "admin") {
      return yield* new AdminRefused({
        message: `${email} is not an admin (see: landunits users make-admin)`,
      })
    }
    return adminActor(account.value.memberId)
  })

export const audit = (actor: Actor, action: string, subject: string, details: Record<string, string> = {}) =>
  Effect.gen(function* () {
    yield* (yield* AuditLog).append({
      actor: actor.memberId,
      action,
      subject,
      details,
      at: yield* Clock.currentTimeMillis,
    })
  })

/** Runs a command's effect, printing its answer, or its error as one clear line (exit code 1). */
export const runCommand = async <A, E>(
  runtime: AppRuntime,
  effect: Effect.Effect<A, E, AppServices>,
  print: (a: A) => string,
): Promise<void> => {
  const exit = await runtime.runPromiseExit(effect)
  if (exit._tag === "Success") {
    console.log(print(exit.value))
    return
  }
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  const message =
    failure !== undefined && failure._tag === "Fail"
      ? String((failure.error as { message?: unknown }).message ?? failure.error)
      : String(exit.cause)
  console.error(`Refused: ${message}`)
  process.exitCode = 1
}
