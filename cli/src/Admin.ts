/**
 * What every admin command shares: the app's services over the same database as the server (DATABASE_URL,
 * else the embedded one in DATA_DIR: through the running server's socket, or opened directly), the global
 * options (`--as`, `--json`, `--yes`), and one way to run a command: its answer printed for people or as
 * JSON, its refusal as one clear line on stderr with a non-zero exit code.
 */

import type { PgClient } from "@effect/sql-pg"
import { layerApp } from "@landunits/adapters/app/AppLayer.ts"
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { OutboxPg } from "@landunits/adapters/postgres/OutboxPg.ts"
import { usePrivateUmask } from "@landunits/adapters/security/PrivateDataDir.ts"
import { ReconcileService } from "@landunits/core/reconcile/ReconcileService.ts"
import { type Effect, type Exit, Layer, Logger, ManagedRuntime } from "effect"
import type { SqlClient } from "effect/sql"
import type { CliIo } from "./support/CliIo.ts"
import { AwaitingApproval, awaitingLine } from "./support/FourEyes.ts"
import { terminalSafeLines, toJson } from "./support/Output.ts"

export { AdminRefused, audit } from "./support/Operator.ts"

/** Logs (the database in use, a generated development key…) go to stderr: stdout carries only answers, so --json stays clean. */
export const layerStderrLogger = Logger.layer([Logger.withConsoleError(Logger.formatSimple)])

/** The app's services, and the admin's own reads (the outbox, reconciliation) over the same database. */
export const layerCli = <E>(database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>) =>
  ReconcileService.layer.pipe(Layer.provideMerge(OutboxPg), Layer.provideMerge(layerApp(database)))

/** The services a command's effect may use: the app's, the outbox and reconciliation. */
export type AppServices = Layer.Success<ReturnType<typeof layerCli>>

/** The services a command runs on; tests build it over their own database. */
export type AppRuntime = ManagedRuntime.ManagedRuntime<AppServices, unknown>

/**
 * What runs a command's effect: the CLI's own runtime (AppRuntime), or the running server's services when the
 * server answers a read command on its admin socket (AdminSocket.ts).
 */
export interface CommandRunner {
  readonly runPromiseExit: <A, E>(effect: Effect.Effect<A, E, AppServices>) => Promise<Exit.Exit<A, unknown>>
}

export const makeRuntime = <E>(
  database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E> = layerFromEnv as never,
): AppRuntime => {
  // The CLI may open the embedded database in DATA_DIR itself: what it creates there is private, as the app's is.
  usePrivateUmask()
  return ManagedRuntime.make(layerCli(database).pipe(Layer.provideMerge(layerStderrLogger))) as AppRuntime
}

/** Options every command takes. */
export interface GlobalOptions {
  /** The admin's email (`--as`, else LANDUNITS_ADMIN). */
  readonly as: string | undefined
  readonly json: boolean
  readonly yes: boolean
  /** `--otp <code>`: the admin's authenticator code, for the commands that move money (SecondFactorGate.ts). */
  readonly otp?: string | undefined
}

/**
 * What a command receives: what runs its effect (built on first use, when a command runs), the global options,
 * and where its answer goes.
 */
export interface Cli {
  readonly runtime: () => Promise<CommandRunner>
  readonly options: () => GlobalOptions
  readonly io: CliIo
}

/**
 * Exit codes: 0 done; 1 refused (unknown thing, wrong status, bad input, not an admin), or for `status`
 * something needs a person; 2 needs --yes; 3 not done yet: filed as a request a second admin approves
 * (support/FourEyes.ts).
 */
export const ExitCode = { refused: 1, needsAPerson: 1, confirmationRequired: 2, awaitingApproval: 3 } as const

const refusalOf = (error: unknown): { tag: string; message: string } => {
  const e = error as { _tag?: unknown; message?: unknown }
  return {
    tag: typeof e._tag === "string" ? e._tag : "Error",
    message: typeof e.message === "string" && e.message !== "" ? e.message : String(error),
  }
}

/** Runs a command's effect; prints its answer (human text, or JSON with --json), or its refusal. */
export const runCommand = async <A, E>(
  cli: Cli,
  effect: Effect.Effect<A, E, AppServices>,
  human: (a: Exclude<A, AwaitingApproval>) => string,
  json: (a: Exclude<A, AwaitingApproval>) => unknown = (a) => a,
): Promise<void> => {
  const exit = await (await cli.runtime()).runPromiseExit(effect)
  const asJson = cli.options().json
  if (exit._tag === "Success" && exit.value instanceof AwaitingApproval) {
    const request = exit.value.request
    cli.io.out(asJson ? toJson({ awaitingApproval: request }) : awaitingLine(request))
    cli.io.exitCode(ExitCode.awaitingApproval)
    return
  }
  if (exit._tag === "Success") {
    const value = exit.value as Exclude<A, AwaitingApproval>
    cli.io.out(asJson ? toJson(json(value)) : terminalSafeLines(human(value)))
    return
  }
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  const refusal =
    failure !== undefined && failure._tag === "Fail"
      ? refusalOf(failure.error)
      : { tag: "Defect", message: String(exit.cause) }
  cli.io.err(
    asJson
      ? toJson({ error: refusal.tag, message: refusal.message })
      : `Refused: ${terminalSafeLines(refusal.message)}`,
  )
  cli.io.exitCode(refusal.tag === "ConfirmationRequired" ? ExitCode.confirmationRequired : ExitCode.refused)
}
