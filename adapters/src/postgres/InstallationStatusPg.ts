/**
 * The reads of `landunits status` (InstallationStatus.ts), a few aggregate queries on any database the app
 * runs on. Read-only and cheap: counts over indexed columns, no member's data. A table a pending migration
 * would add reads as empty (the pending migration is reported instead).
 */
import * as fs from "node:fs"
import type { CurrencyType, UnitType } from "@landunits/core/shared/Enums.ts"
import { Duration, Effect } from "effect"
import { SqlClient } from "effect/sql"
import { APP_VERSION } from "../app/AppVersion.ts"
import { ALIVE_WITHIN } from "../status/Heartbeat.ts"
import {
  type InstallationStatus,
  type JobState,
  type MigrationRef,
  SCHEDULED_JOBS,
  type Waiting,
} from "../status/InstallationStatus.ts"
import { PRUNED_KEYS } from "./IdempotencyStorePg.ts"
import { MIGRATIONS_DIRECTORY, MIGRATIONS_TABLE } from "./Migrations.ts"

/** The migrations this version ships. */
const shippedMigrations = (): ReadonlyArray<MigrationRef> =>
  fs
    .readdirSync(MIGRATIONS_DIRECTORY)
    .flatMap((file) => {
      const m = /^(\d+)_([^.]+)\.ts$/.exec(file)
      return m === null ? [] : [{ id: Number(m[1]), name: m[2]! }]
    })
    .sort((a, b) => a.id - b.id)

const ms = (value: Date | string | number | null | undefined): number | undefined =>
  value === null || value === undefined ? undefined : new Date(value).getTime()

const waiting = (row: { count: number; oldest: string | number | null } | undefined): Waiting => ({
  count: Number(row?.count ?? 0),
  oldestAt: row?.oldest === null || row?.oldest === undefined ? undefined : Number(row.oldest),
})

/** An error's first line, at most 200 characters (the transport's text, for the operator). */
const firstLine = (text: string | null | undefined): string | undefined =>
  text === null || text === undefined ? undefined : (text.split("\n")[0] ?? "").slice(0, 200)

export const readInstallationStatus = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const present = new Set(
    (yield* sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`).map((r) => r.name),
  )
  const has = (table: string) => present.has(table)
  const [clock] = yield* sql<{ now: string }>`SELECT (extract(epoch FROM now()) * 1000)::bigint AS now`
  const now = Number(clock!.now)

  const applied = has(MIGRATIONS_TABLE)
    ? (yield* sql<{ migration_id: number; name: string }>`
        SELECT migration_id, name FROM ${sql(MIGRATIONS_TABLE)} ORDER BY migration_id`).map(
        (r): MigrationRef => ({ id: Number(r.migration_id), name: r.name }),
      )
    : []
  const shipped = shippedMigrations()
  const appliedIds = new Set(applied.map((m) => m.id))
  const shippedIds = new Set(shipped.map((m) => m.id))

  const processes = has("app_processes")
    ? (yield* sql<{
        process_id: string
        host: string
        pid: number
        version: string
        started_at: Date
        seen_at: Date
        alive: boolean
        drill: boolean
      }>`
        SELECT process_id, host, pid, version, started_at, seen_at,
               seen_at > now() - make_interval(secs => ${Duration.toSeconds(ALIVE_WITHIN)}) AS alive,
               COALESCE((to_jsonb(p) ->> 'drill')::boolean, false) AS drill
        FROM app_processes p ORDER BY started_at`).map((r) => ({
        processId: r.process_id,
        host: r.host,
        pid: Number(r.pid),
        version: r.version,
        startedAt: ms(r.started_at)!,
        seenAt: ms(r.seen_at)!,
        alive: r.alive,
        drill: r.drill,
      }))
    : []

  const runs = has("job_runs")
    ? yield* sql<{
        job: string
        started_at: Date
        finished_at: Date
        outcome: "ok" | "failed"
        detail: string
        every_ms: string | number
        process_id: string | null
      }>`SELECT job, started_at, finished_at, outcome, detail, every_ms, process_id FROM job_runs`
    : []
  const byJob = new Map(runs.map((r) => [r.job, r]))
  const jobs = [...new Set([...SCHEDULED_JOBS, ...runs.map((r) => r.job)])].map((job): JobState => {
    const r = byJob.get(job)
    return {
      job,
      lastRun:
        r === undefined
          ? undefined
          : {
              startedAt: ms(r.started_at)!,
              finishedAt: ms(r.finished_at)!,
              outcome: r.outcome,
              detail: r.detail,
              everyMs: Number(r.every_ms),
              processId: r.process_id,
            },
    }
  })

  const [outbox] = has("mail_outbox")
    ? yield* sql<{
        count: number
        oldest: string | null
        failed: number
        retrying: number
        last_error: string | null
      }>`
        SELECT count(*) FILTER (WHERE status = 'pending')::int AS count,
               (extract(epoch FROM min(created_at) FILTER (WHERE status = 'pending')) * 1000)::bigint AS oldest,
               count(*) FILTER (WHERE status = 'failed')::int AS failed,
               count(*) FILTER (WHERE status = 'pending' AND last_error IS NOT NULL)::int AS retrying,
               (array_agg(last_error ORDER BY next_attempt_at DESC)
                  FILTER (WHERE status = 'pending' AND last_error IS NOT NULL))[1] AS last_error
        FROM mail_outbox`
    : []
  const [kyc] = has("kyc_records")
    ? yield* sql<{ count: number; oldest: string | null }>`
        SELECT count(*)::int AS count, min(updated_at) AS oldest
        FROM kyc_records WHERE kyc_status = 'Pending Verification'`
    : []
  const [bank] = has("orders")
    ? yield* sql<{ count: number; oldest: string | null }>`
        SELECT count(*)::int AS count,
               min(COALESCE((record->'timeline'->-1->>'at')::bigint, (extract(epoch FROM created_at) * 1000)::bigint)) AS oldest
        FROM orders
        WHERE order_type = 'BUY' AND order_status IN ('PaymentSent', 'FundsWaitingApproval')
          AND record->'paymentDetails'->>'paymentMethod' = 'bank'`
    : []
  const [payouts] = has("payouts")
    ? yield* sql<{ count: number; oldest: string | null }>`
        SELECT count(*)::int AS count, min((record->>'createdAt')::bigint) AS oldest
        FROM payouts WHERE status IN ('Initiated', 'AUDReadyToSendBetweenAccounts')`
    : []
  const [checkpoint] = has("ledger_checkpoints")
    ? yield* sql<{ number: string; at: string; tree_size: string }>`
        SELECT number, at, tree_size FROM ledger_checkpoints ORDER BY number DESC LIMIT 1`
    : []
  const [transfers] = has("ledger_transfers")
    ? yield* sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ledger_transfers) AS any`
    : []

  const [pruned] = has("pruned_counts")
    ? yield* sql<{ count: string; last_at: string }>`
        SELECT count, (extract(epoch FROM last_at) * 1000)::bigint AS last_at
        FROM pruned_counts WHERE what = ${PRUNED_KEYS}`
    : []

  // What members need to buy (the doctor's buyingGaps); rates on or before today, as the order engine reads them.
  const admins = has("accounts")
    ? Number(
        (yield* sql<{ n: number }>`
          SELECT count(*)::int AS n FROM accounts WHERE role = 'admin' AND record->>'disabledAt' IS NULL`)[0]
          ?.n ?? 0,
      )
    : 0
  const units = has("unit_prices")
    ? (yield* sql<{ unit_type: UnitType; land_value_cents: string }>`
        SELECT unit_type, land_value_cents FROM unit_prices ORDER BY unit_type`).map((r) => ({
        unitType: r.unit_type,
        landValueCents: Number(r.land_value_cents),
      }))
    : []
  const bankAccounts = has("bank_accounts")
    ? (yield* sql<{ currency: CurrencyType }>`SELECT currency FROM bank_accounts`).map((r) => r.currency)
    : []
  const rates = has("exchange_rates")
    ? (yield* sql<{ from_currency: CurrencyType; to_currency: CurrencyType }>`
        SELECT DISTINCT from_currency, to_currency FROM exchange_rates WHERE day <= current_date`).map(
        (r) => ({
          from: r.from_currency,
          to: r.to_currency,
        }),
      )
    : []

  return {
    now,
    version: APP_VERSION,
    migrations: {
      applied: applied.length,
      last: applied.at(-1),
      pending: shipped.filter((m) => !appliedIds.has(m.id)),
      unknown: applied.filter((m) => !shippedIds.has(m.id)),
    },
    processes,
    outbox: {
      ...waiting(outbox),
      failed: Number(outbox?.failed ?? 0),
      retrying: Number(outbox?.retrying ?? 0),
      lastError: firstLine(outbox?.last_error),
    },
    jobs,
    kycWaiting: waiting(kyc),
    bankPaymentsToMatch: waiting(bank),
    payoutsDue: waiting(payouts),
    lastCheckpoint:
      checkpoint === undefined
        ? undefined
        : {
            number: Number(checkpoint.number),
            at: Number(checkpoint.at),
            treeSize: Number(checkpoint.tree_size),
          },
    ledgerHasTransfers: transfers?.any === true,
    idempotencyKeysPruned: {
      count: Number(pruned?.count ?? 0),
      lastAt: pruned === undefined ? undefined : Number(pruned.last_at),
    },
    setup: { admins, units, bankAccounts, rates },
  } satisfies InstallationStatus
})
