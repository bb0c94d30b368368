/**
 * `landunits status`: one screen (or `--json`) of the installation's state, read from the database the app
 * uses (InstallationStatusPg.ts), and what in it needs a person (InstallationStatus.ts): exit code 1 when
 * anything does, 0 otherwise, so a cron job or a monitor can alert on it. Read-only; names no member, so it
 * needs no `--as`.
 *
 * Infrastructure: reads the installation's state through its adapter (InstallationStatusPg) without the app's
 * services, so it answers when the app cannot start; allowed in cli/test/ThinCommands.test.ts.
 */

import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { readInstallationStatus } from "@landunits/adapters/postgres/InstallationStatusPg.ts"
import {
  type Attention,
  age,
  attentionOf,
  type InstallationStatus,
  type Waiting,
} from "@landunits/adapters/status/InstallationStatus.ts"
import { IDEMPOTENCY_RETENTION_DAYS } from "@landunits/core/shared/Constants.ts"
import { Effect, Exit } from "effect"
import { type Cli, ExitCode, layerStderrLogger } from "../../Admin.ts"
import { failureOf } from "../../support/Failures.ts"
import { table, terminalSafeLines, toJson } from "../../support/Output.ts"

const at = (now: number, ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z (${age(now - ms)} ago)`

const queue = (now: number, w: Waiting) =>
  w.count === 0 ? "none" : `${w.count} (the oldest ${age(now - (w.oldestAt ?? now))})`

/** What the idempotency-retention job deleted in all, and when it last did. */
const pruned = ({ now, idempotencyKeysPruned: p }: InstallationStatus) =>
  p.count === 0 || p.lastAt === undefined ? "none yet" : `${p.count} so far, the last at ${at(now, p.lastAt)}`

/** The one screen. */
export const statusText = (s: InstallationStatus, attention: ReadonlyArray<Attention>): string => {
  const m = s.migrations
  const alive = s.processes.filter((p) => p.alive)
  const gone = s.processes.length - alive.length
  const lines = [
    `Landunits ${s.version}; schema: ${m.applied} migrations applied${m.last === undefined ? "" : ` (last ${m.last.id}_${m.last.name})`}, ${m.pending.length === 0 ? "none pending" : `${m.pending.length} pending`}`,
    "",
    `App processes: ${alive.length} alive${gone > 0 ? `, ${gone} gone without a clean shutdown` : ""}`,
  ]
  const drills = alive.filter((p) => p.drill).length
  if (drills > 0)
    lines.push(
      `  Restore drill: ${drills === alive.length ? "every live process" : `${drills} of them`} started with DRILL=1: no checkpoint signed, no email sent, no job run.`,
    )
  if (s.processes.length > 0)
    lines.push(
      table(
        s.processes.map((p) => ({
          process: `${p.host}:${p.pid}`,
          version: p.version,
          state: p.alive ? (p.drill ? "alive (drill)" : "alive") : "gone",
          started: at(s.now, p.startedAt),
          "last heartbeat": `${age(s.now - p.seenAt)} ago`,
        })),
        ["process", "version", "state", "started", "last heartbeat"],
        "",
      )
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n"),
    )
  lines.push(
    "",
    `Mail outbox: ${s.outbox.count === 0 ? "empty" : `${s.outbox.count} waiting, the oldest for ${age(s.now - (s.outbox.oldestAt ?? s.now))}`}; ${s.outbox.failed} given up (mail list --status failed)`,
    ...(s.outbox.retrying === 0
      ? []
      : [
          `  ${s.outbox.retrying} of them after a failed delivery, retried with a growing delay; the last error: ${s.outbox.lastError ?? "-"}`,
        ]),
    "",
    "Jobs:",
    table(
      s.jobs.map(({ job, lastRun }) => ({
        job,
        "last run": lastRun === undefined ? "never" : at(s.now, lastRun.finishedAt),
        every: lastRun === undefined ? "-" : age(lastRun.everyMs),
        result: lastRun?.outcome ?? "-",
        detail: lastRun?.detail ?? "-",
      })),
      ["job", "last run", "every", "result", "detail"],
      "",
    )
      .split("\n")
      .map((l) => `  ${l}`)
      .join("\n"),
    "",
    "Waiting for admins:",
    `  KYC reviews:            ${queue(s.now, s.kycWaiting)}`,
    `  bank payments to match: ${queue(s.now, s.bankPaymentsToMatch)}`,
    `  payouts due:            ${queue(s.now, s.payoutsDue)}`,
    "",
    `Ledger: ${s.lastCheckpoint === undefined ? "no checkpoint yet" : `last checkpoint #${s.lastCheckpoint.number} at ${at(s.now, s.lastCheckpoint.at)}, ${s.lastCheckpoint.treeSize} transfers`}`,
    "",
    `Idempotency keys: kept ${IDEMPOTENCY_RETENTION_DAYS} days, then deleted by idempotency-retention: ${pruned(s)}`,
    "",
    attention.length === 0
      ? "Nothing needs a person."
      : `Needs a person:\n${attention.map((a) => `  - ${a.about}: ${a.message}`).join("\n")}`,
  )
  return lines.join("\n")
}

export const statusShow = async (cli: Cli) => {
  const exit = await Effect.runPromiseExit(
    readInstallationStatus.pipe(
      Effect.provide(layerFromEnv),
      Effect.scoped,
      Effect.provide(layerStderrLogger),
    ),
  )
  if (Exit.isFailure(exit)) {
    cli.io.err(`Refused: the status could not be read: ${terminalSafeLines(failureOf(exit.cause).message)}`)
    cli.io.exitCode(ExitCode.refused)
    return
  }
  const status = exit.value
  const attention = attentionOf(status)
  cli.io.out(
    cli.options().json
      ? toJson({ ...status, needsAPerson: attention.length > 0, attention })
      : terminalSafeLines(statusText(status, attention)),
  )
  if (attention.length > 0) cli.io.exitCode(ExitCode.needsAPerson)
}
