/**
 * What every admin command shares: the app's services over the same database as the server (DATABASE_URL,
 * else the embedded one in DATA_DIR: through the running server's socket, or opened directly), the global
 * options (`--as`, `--json`, `--yes`), and one way to run a command: its answer printed for people or as
 * JSON, its refusal as one clear line on stderr with a non-zero exit code.
 */

import type { PgClient } from "@effect/sql-pg"
import { layerApp } from "@landunits/adapters/app/AppLayer.ts"
import { layerDocumentKeyFromEnv } from "@landunits/adapters/documents/DocumentKey.ts"
import {
  type AdminCommandOutcome,
  countAdminCommand,
} from "@landunits/adapters/postgres/AdminCommandCountsPg.ts"
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { OutboxPg } from "@landunits/adapters/postgres/OutboxPg.ts"
import { usePrivateUmask } from "@landunits/adapters/security/PrivateDataDir.ts"
import { InstallationProbeNode } from "@landunits/adapters/settings/InstallationProbeNode.ts"
import { AdminOperationRefused, perform } from "@landunits/core/access/AdminOperationRunner.ts"
import { type AdminOperationName, ruleOf } from "@landunits/core/access/AdminOperations.ts"
import { hasAdmin } from "@landunits/core/accounts/MembersAdmin.ts"
import { ReconcileService } from "@landunits/core/reconcile/ReconcileService.ts"
import { Effect, type Exit, Layer, Logger, ManagedRuntime } from "effect"
import type { SqlClient } from "effect/sql"
import { AdminRefused } from "./support/AdminRefused.ts"
import type { CliIo } from "./support/CliIo.ts"
import { confirm } from "./support/Confirm.ts"
import { failureOf } from "./support/Failures.ts"
import { AwaitingApproval, awaitingLine } from "./support/FourEyes.ts"
import { actingOf, isFourEyesOperation, operationHandlers } from "./support/Operations.ts"
import { requireAdmin, SAY_WHO_ACTS } from "./support/Operator.ts"
import { terminalSafeLines, toJson } from "./support/Output.ts"
import { requireOtp } from "./support/SecondFactorGate.ts"

export { AdminRefused } from "./support/AdminRefused.ts"
export { audit } from "./support/Operator.ts"

/** Logs (the database in use, a generated development key…) go to stderr: stdout carries only answers, so --json stays clean. */
export const layerStderrLogger = Logger.layer([Logger.withConsoleError(Logger.formatSimple)])

/**
 * What the admin's commands use beside the app's services: the outbox, reconciliation, and the environment
 * `doctor` looks at. The CLI and the server's admin socket (AdminSocket.ts) add the same.
 */
export const layerAdminExtras = Layer.mergeAll(
  ReconcileService.layer,
  InstallationProbeNode.pipe(Layer.provide(layerDocumentKeyFromEnv)),
).pipe(Layer.provideMerge(OutboxPg))

/** The app's services, and the admin's own (layerAdminExtras) over the same database. */
export const layerCli = <E>(database: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, E>) =>
  layerAdminExtras.pipe(Layer.provideMerge(layerApp(database)))

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
  /**
   * The admin operation of the command that runs (core/src/access/AdminOperations.ts), set by the program before
   * every command's action from the command's path; undefined outside a command (a test's direct call).
   */
  readonly operation: () => AdminOperationName | undefined
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

/**
 * The guard every command goes through, from its class in the admin table (core/src/access/AdminOperations.ts):
 * a command without an entry does not run; a money-or-power operation takes the admin's second factor
 * (support/SecondFactorGate.ts), and one that may need a second admin runs only through `runOperation`, which
 * hands its parameters to core's runner (core/src/access/AdminOperationRunner.ts): `runCommand` refuses it.
 */
const guarded = <A, E>(cli: Cli, effect: Effect.Effect<A, E, AppServices>, via: "command" | "operation") => {
  const name = cli.operation()
  if (name === undefined) return effect
  const rule = ruleOf(name)
  if (rule.class !== "money-or-power") return effect
  if (rule.fourEyes !== "approver" && via === "command") {
    return Effect.die(
      new Error(`${name} moves money or power: its command runs through runOperation (cli/src/Admin.ts)`),
    )
  }
  return Effect.gen(function* () {
    const operator = yield* requireAdmin(cli.options().as)
    yield* requireOtp(operator.actor.memberId, rule.what, cli.options())
    return yield* effect
  })
}

/** Runs a command's effect; prints its answer (human text, or JSON with --json), or its refusal. */
export const runCommand = <A, E>(
  cli: Cli,
  effect: Effect.Effect<A, E, AppServices>,
  human: (a: Exclude<A, AwaitingApproval>) => string,
  json: (a: Exclude<A, AwaitingApproval>) => unknown = (a) => a,
): Promise<void> => runGuarded(cli, guarded(cli, effect, "command"), human, json)

/**
 * Runs the command's money-or-power operation (its name from the table, by the command's path) with `params` as
 * typed: the second factor, then core's runner: at once when the gate allows it, otherwise a request a second
 * admin approves (exit 3), and nothing changes. Prints the operation's outcome line, or its result with --json.
 */
export const runOperation = (
  cli: Cli,
  params: Readonly<Record<string, string | undefined>>,
  json: (value: never) => unknown = (value) => value,
): Promise<void> => {
  const name = cli.operation()
  const effect = Effect.gen(function* () {
    if (name === undefined || !isFourEyesOperation(name)) {
      return yield* Effect.die(new Error(`${String(name)} is not an operation a second admin may approve`))
    }
    const operator = yield* requireAdmin(cli.options().as)
    const performed = yield* perform(
      operationHandlers,
      actingOf(operator),
      name,
      Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<string, string>,
      (question) => confirm(question, cli.options()),
    )
    return performed._tag === "Requested" ? new AwaitingApproval(performed.request) : performed
  }) as Effect.Effect<
    AwaitingApproval | { readonly line: string; readonly value: unknown },
    unknown,
    AppServices
  >
  return runGuarded(
    cli,
    guarded(cli, effect, "operation"),
    (p) => p.line,
    (p) => json(p.value as never),
  )
}

/**
 * `users make-admin` without `--as`: the first admin of an installation, made from the shell, only while there
 * is none (nobody could give a code or approve it). Any other command, or once an admin exists, is refused.
 */
export const runFirstAdmin = <A, E>(
  cli: Cli,
  effect: Effect.Effect<A, E, AppServices>,
  human: (a: A) => string,
  json: (a: A) => unknown,
): Promise<void> =>
  runGuarded(
    cli,
    Effect.gen(function* () {
      const name = cli.operation()
      if (name !== undefined && name !== "users.makeAdmin") {
        return yield* Effect.die(new Error(`${name} is not the first admin's bootstrap`))
      }
      if (yield* hasAdmin) {
        return yield* new AdminRefused({ message: `An admin exists already. ${SAY_WHO_ACTS}` })
      }
      return yield* effect
    }),
    human as never,
    json as never,
  )

/** How a command ended, as the admin command counts name it. */
const outcomeOf = (exit: Exit.Exit<unknown, unknown>): AdminCommandOutcome => {
  if (exit._tag === "Success") return exit.value instanceof AwaitingApproval ? "awaiting-approval" : "ok"
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (failure === undefined || failure._tag !== "Fail") return "defect"
  return refusalOf(failure.error).tag === "ConfirmationRequired" ? "confirmation-required" : "refused"
}

const runGuarded = async <A, E>(
  cli: Cli,
  effect: Effect.Effect<A, E, AppServices>,
  human: (a: Exclude<A, AwaitingApproval>) => string,
  json: (a: Exclude<A, AwaitingApproval>) => unknown,
): Promise<void> => {
  // Core's refusals read as the CLI's (`--json` answers `"error": "AdminRefused"`, as before).
  const runner = await cli.runtime()
  const exit = await runner.runPromiseExit(
    Effect.mapError(effect, (e) =>
      e instanceof AdminOperationRefused ? new AdminRefused({ message: e.message }) : e,
    ),
  )
  // Counted in the database, for the metrics (landunits_admin_commands_total); a count that fails changes nothing.
  const name = cli.operation()
  if (name !== undefined) await runner.runPromiseExit(countAdminCommand(name, outcomeOf(exit)))
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
  // A refusal in its own words; a defect (a document sealed under a key the settings lack, the database away) by
  // its message too, never a printed Cause.
  const refusal =
    failure !== undefined && failure._tag === "Fail" ? refusalOf(failure.error) : failureOf(exit.cause)
  cli.io.err(
    asJson
      ? toJson({ error: refusal.tag, message: refusal.message })
      : `Refused: ${terminalSafeLines(refusal.message)}`,
  )
  cli.io.exitCode(refusal.tag === "ConfirmationRequired" ? ExitCode.confirmationRequired : ExitCode.refused)
}
