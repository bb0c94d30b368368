/**
 * The state of an installation at a glance (`landunits status`, issue 28), and what in it needs a person
 * (docs/operations.md, "Status"). The reads are InstallationStatusPg.ts; this is the plain data and the rules.
 *
 * Needs a person (status exits 1):
 * - the schema is behind the code (pending migrations) or ahead of it (migrations this version does not know);
 * - no app process is alive (none sent a heartbeat within ALIVE_WITHIN);
 * - a job's last run failed, or, while an app process is alive, a job is overdue (its last run finished more
 *   than two intervals and a minute ago) or has never run although a process has been up for a minute;
 * - the mail outbox's oldest waiting email has waited more than OUTBOX_STALE (deliveries are stuck);
 * - the ledger has transfers and no checkpoint, or its last checkpoint is older than CHECKPOINT_STALE (the job
 *   takes one at least daily);
 * - admins' work has waited more than ADMIN_WORK_STALE: a KYC to review, a bank payment to match, a payout to pay;
 * - members cannot buy yet: no admin, nothing priced, a land value, a bank account or an exchange rate missing
 *   (`buyingGaps`, the doctor's rules): `landunits doctor` says what and how.
 * While every live process is a restore drill (DRILL=1), the jobs, the outbox and the checkpoints need nobody: a
 * drill runs no job, sends no email and signs nothing.
 * Everything else is shown and needs nobody: work that arrived since the morning, processes gone (rows of
 * processes that did not shut down cleanly, kept a week), emails given up (see `mail list --status failed`).
 */
import { buyingGaps } from "@landunits/core/setup/SetupDoctor.ts"
import type { CurrencyType, UnitType } from "@landunits/core/shared/Enums.ts"
import { Duration } from "effect"
import { ALIVE_WITHIN } from "./Heartbeat.ts"

export const OUTBOX_STALE = Duration.minutes(15)
export const CHECKPOINT_STALE = Duration.hours(25)
export const ADMIN_WORK_STALE = Duration.hours(24)
/** A job is overdue this long after two of its intervals have passed without a run. */
export const JOB_GRACE = Duration.minutes(1)

/**
 * The jobs every app process runs (OrderJobs.ts, LedgerCheckpointJob.ts, PrivacyJobs.ts,
 * RecordingRetentionJob.ts, IdempotencyRetentionJob.ts), listed even before their first run.
 */
export const SCHEDULED_JOBS: ReadonlyArray<string> = [
  "expire-due",
  "unlock-due",
  "ledger-checkpoint",
  "data-exports",
  "retention-purge",
  "recording-retention",
  "idempotency-retention",
]

export interface MigrationRef {
  readonly id: number
  readonly name: string
}

export interface AppProcessState {
  readonly processId: string
  readonly host: string
  readonly pid: number
  readonly version: string
  readonly startedAt: number
  readonly seenAt: number
  readonly alive: boolean
  /** Started as a restore drill (DRILL=1): it signs no checkpoint, sends no email and runs no job. */
  readonly drill: boolean
}

export interface JobState {
  readonly job: string
  /** Undefined when it never ran. */
  readonly lastRun:
    | {
        readonly startedAt: number
        readonly finishedAt: number
        readonly outcome: "ok" | "failed"
        readonly detail: string
        readonly everyMs: number
        readonly processId: string | null
      }
    | undefined
}

/** A queue: how many wait, and since when the oldest (epoch ms). */
export interface Waiting {
  readonly count: number
  readonly oldestAt: number | undefined
}

export interface InstallationStatus {
  /** The database's clock (epoch ms): every age is measured against it. */
  readonly now: number
  readonly version: string
  readonly migrations: {
    readonly applied: number
    readonly last: MigrationRef | undefined
    readonly pending: ReadonlyArray<MigrationRef>
    readonly unknown: ReadonlyArray<MigrationRef>
  }
  readonly processes: ReadonlyArray<AppProcessState>
  readonly outbox: Waiting & {
    readonly failed: number
    /** Waiting after at least one failed delivery (the outbox retries them with a growing delay). */
    readonly retrying: number
    /** The newest of their errors (first line), when one retries. */
    readonly lastError: string | undefined
  }
  readonly jobs: ReadonlyArray<JobState>
  readonly kycWaiting: Waiting
  readonly bankPaymentsToMatch: Waiting
  readonly payoutsDue: Waiting
  readonly lastCheckpoint:
    | { readonly number: number; readonly at: number; readonly treeSize: number }
    | undefined
  readonly ledgerHasTransfers: boolean
  /**
   * The idempotency records the idempotency-retention job deleted since the installation began (`pruned_counts`),
   * and when it last deleted any (epoch ms; undefined before the first).
   */
  readonly idempotencyKeysPruned: { readonly count: number; readonly lastAt: number | undefined }
  /** What members need to buy, as `landunits doctor` checks it (core/src/setup/SetupDoctor.ts `buyingGaps`). */
  readonly setup: {
    readonly admins: number
    readonly units: ReadonlyArray<{ readonly unitType: UnitType; readonly landValueCents: number }>
    readonly bankAccounts: ReadonlyArray<CurrencyType>
    readonly rates: ReadonlyArray<{ readonly from: CurrencyType; readonly to: CurrencyType }>
  }
}

/** One thing that needs a person: what it is about, and what to do. */
export interface Attention {
  readonly about: "schema" | "processes" | "jobs" | "outbox" | "ledger" | "admin work" | "setup"
  readonly message: string
}

/** "45 s", "12 min", "3 h", "2 d". */
export const age = (ms: number): string => {
  const s = Math.max(0, Math.round(ms / 1000))
  if (s < 120) return `${s} s`
  if (s < 2 * 3600) return `${Math.round(s / 60)} min`
  if (s < 2 * 86400) return `${Math.round(s / 3600)} h`
  return `${Math.round(s / 86400)} d`
}

const named = (ms: ReadonlyArray<MigrationRef>) => ms.map((m) => `${m.id}_${m.name}`).join(", ")

/** What needs a person, by the rules above; empty when nothing does. */
export const attentionOf = (s: InstallationStatus): ReadonlyArray<Attention> => {
  const out: Array<Attention> = []
  const older = (at: number | undefined, limit: Duration.Duration) =>
    at !== undefined && s.now - at > Duration.toMillis(limit)
  if (s.migrations.pending.length > 0)
    out.push({
      about: "schema",
      message: `${s.migrations.pending.length} migrations pending (${named(s.migrations.pending)}): the app applies them when it starts, or run landunits db migrate`,
    })
  if (s.migrations.unknown.length > 0)
    out.push({
      about: "schema",
      message: `the database has migrations this version (${s.version}) does not know (${named(s.migrations.unknown)}): run the CLI of the app's version`,
    })
  const alive = s.processes.filter((p) => p.alive)
  if (alive.length === 0)
    out.push({
      about: "processes",
      message: `no app process is alive (none sent a heartbeat in the last ${age(Duration.toMillis(ALIVE_WITHIN))})`,
    })
  const upSince = Math.min(...alive.map((p) => p.startedAt))
  // Restore drills run no job, send no email and sign no checkpoint: with only drills alive, none is expected.
  const onlyDrills = alive.length > 0 && alive.every((p) => p.drill)
  for (const { job, lastRun } of onlyDrills ? [] : s.jobs) {
    if (lastRun === undefined) {
      if (alive.length > 0 && s.now - upSince > Duration.toMillis(JOB_GRACE))
        out.push({ about: "jobs", message: `the job ${job} has never run although an app process is up` })
      continue
    }
    if (lastRun.outcome === "failed")
      out.push({
        about: "jobs",
        message: `the job ${job} failed ${age(s.now - lastRun.finishedAt)} ago: ${lastRun.detail}`,
      })
    else if (
      alive.length > 0 &&
      s.now - lastRun.finishedAt > 2 * lastRun.everyMs + Duration.toMillis(JOB_GRACE)
    )
      out.push({
        about: "jobs",
        message: `the job ${job} last ran ${age(s.now - lastRun.finishedAt)} ago; it runs every ${age(lastRun.everyMs)}`,
      })
  }
  if (!onlyDrills && older(s.outbox.oldestAt, OUTBOX_STALE))
    out.push({
      about: "outbox",
      message: `the oldest of ${s.outbox.count} emails waiting in the outbox has waited ${age(s.now - s.outbox.oldestAt!)}: check SMTP_URL and the logs`,
    })
  if (!onlyDrills && s.lastCheckpoint === undefined && s.ledgerHasTransfers)
    out.push({
      about: "ledger",
      message: "the ledger has no checkpoint yet: run landunits ledger checkpoint",
    })
  if (!onlyDrills && s.lastCheckpoint !== undefined && older(s.lastCheckpoint.at, CHECKPOINT_STALE))
    out.push({
      about: "ledger",
      message: `the last ledger checkpoint (#${s.lastCheckpoint.number}) is ${age(s.now - s.lastCheckpoint.at)} old: see the job ledger-checkpoint and run landunits ledger verify`,
    })
  const queues: ReadonlyArray<readonly [string, Waiting, string]> = [
    ["KYC reviews", s.kycWaiting, "landunits kyc list"],
    [
      "bank payments to match",
      s.bankPaymentsToMatch,
      "landunits orders list --method bank --status PaymentSent",
    ],
    ["payouts due", s.payoutsDue, "landunits payouts list"],
  ]
  for (const [what, waiting, command] of queues)
    if (older(waiting.oldestAt, ADMIN_WORK_STALE))
      out.push({
        about: "admin work",
        message: `${waiting.count} ${what} waiting, the oldest for ${age(s.now - waiting.oldestAt!)}: ${command}`,
      })
  const gaps = buyingGaps(s.setup)
  if (gaps.length > 0)
    out.push({
      about: "setup",
      message: `members cannot buy yet (${gaps.join("; ")}): run landunits doctor for what the installation lacks`,
    })
  return out
}
