/**
 * The figures set when /metrics is scraped (Metrics.ts): the process's memory and event-loop delay, and the
 * installation's figures from the database: the outbox and the scheduled jobs (the reads of `landunits status`,
 * InstallationStatusPg.ts), the ledger's transfers (the length of each unit type's transfer chain) and this
 * process's pool connections (DatabasePoolMetrics.ts). The database reads have SCRAPE_READ_TIMEOUT; when they
 * fail, `landunits_database_up` is 0 and the database figures keep their previous values.
 */
import { monitorEventLoopDelay } from "node:perf_hooks"
import { LimitName } from "@landunits/core/limits/LimitErrors.ts"
import { UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Duration, Effect, Metric } from "effect"
import { SqlClient } from "effect/sql"
import { readInstallationStatus } from "../postgres/InstallationStatusPg.ts"
import { readPoolConnections, transactionsWaiting } from "./DatabasePoolMetrics.ts"
import {
  databaseUp,
  dbPoolInUse,
  dbPoolMax,
  dbPoolOpen,
  dbPoolWaiting,
  eventLoopDelay,
  heapUsed,
  jobInterval,
  jobLastRunDuration,
  jobLastRunSuccess,
  jobLastRunTimestamp,
  ledgerTransfers,
  mailDeliveries,
  outboxFailed,
  outboxOldestAge,
  outboxPending,
  processStart,
  rateLimited,
  residentMemory,
} from "./Metrics.ts"

export const SCRAPE_READ_TIMEOUT = Duration.seconds(5)

const set = (metric: Metric.Metric<number, unknown>, value: number, attributes?: Record<string, string>) =>
  Metric.update(attributes === undefined ? metric : Metric.withAttributes(metric, attributes), value)

/** Each unit type's transfers: its chain's length (every transfer is a link; the audit chain is not a ledger's). */
const readLedgerTransfers = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ chain: string; length: string }>`
    SELECT chain, length FROM ledger_chain_heads WHERE chain <> 'audit'`
  const lengths = new Map(rows.map((r) => [r.chain, Number(r.length)]))
  return [...new Set([...UnitTypes, ...lengths.keys()])].map((unitType) => ({
    unitType,
    transfers: lengths.get(unitType) ?? 0,
  }))
})

/**
 * What a scrape refreshes, for a process whose pool opens at most `poolMax` connections. Starts measuring the
 * event-loop delay; each scrape reports the delay since the previous one.
 */
export const makeScrapeReads = (poolMax: number) =>
  Effect.gen(function* () {
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    yield* Effect.addFinalizer(() => Effect.sync(() => loop.disable()))
    const startedAt = Date.now() - performance.now()
    /** The ledger counter's last value per unit type: a counter is moved by what was added since. */
    const counted = new Map<string, number>()
    // Every limit's series from the start, at 0 until it refuses.
    yield* Effect.forEach(LimitName.literals, (limit) => Metric.update(rateLimited({ limit }), 0), {
      discard: true,
    })
    // And every outcome of a mail delivery.
    yield* Effect.forEach(
      ["sent", "retry", "failed"] as const,
      (outcome) => Metric.update(mailDeliveries({ outcome }), 0),
      { discard: true },
    )

    const processFigures = Effect.suspend(() => {
      const memory = process.memoryUsage()
      const delays = [
        ["0.5", loop.percentile(50)],
        ["0.99", loop.percentile(99)],
        ["1", loop.max],
      ] as const
      loop.reset()
      return Effect.all(
        [
          set(residentMemory, memory.rss),
          set(heapUsed, memory.heapUsed),
          set(processStart, Math.round(startedAt / 1000)),
          ...delays.map(([quantile, ns]) =>
            set(eventLoopDelay, Number.isFinite(ns) ? ns / 1e9 : 0, { quantile }),
          ),
          set(dbPoolMax, poolMax),
          set(dbPoolWaiting, transactionsWaiting()),
        ],
        { discard: true },
      )
    })

    const databaseFigures = Effect.gen(function* () {
      const status = yield* readInstallationStatus
      const pool = yield* readPoolConnections
      const transfers = yield* readLedgerTransfers
      yield* set(outboxPending, status.outbox.count)
      yield* set(
        outboxOldestAge,
        status.outbox.oldestAt === undefined ? 0 : Math.max(0, status.now - status.outbox.oldestAt) / 1000,
      )
      yield* set(outboxFailed, status.outbox.failed)
      for (const { job, lastRun } of status.jobs) {
        if (lastRun === undefined) continue
        const labels = { job }
        yield* set(jobLastRunTimestamp, lastRun.finishedAt / 1000, labels)
        yield* set(jobLastRunDuration, (lastRun.finishedAt - lastRun.startedAt) / 1000, labels)
        yield* set(jobLastRunSuccess, lastRun.outcome === "ok" ? 1 : 0, labels)
        yield* set(jobInterval, lastRun.everyMs / 1000, labels)
      }
      yield* set(dbPoolOpen, pool.open)
      yield* set(dbPoolInUse, pool.inUse)
      for (const { unitType, transfers: total } of transfers) {
        const added = total - (counted.get(unitType) ?? 0)
        counted.set(unitType, total)
        // Adding 0 shows the unit type's series before its first transfer.
        yield* set(ledgerTransfers, Math.max(0, added), { unit_type: unitType })
      }
    })

    return Effect.andThen(
      processFigures,
      databaseFigures.pipe(
        Effect.timeout(SCRAPE_READ_TIMEOUT),
        Effect.matchCauseEffect({
          onSuccess: () => set(databaseUp, 1),
          onFailure: (cause) =>
            Effect.andThen(
              Effect.logWarning("The metrics' database reads failed", cause),
              set(databaseUp, 0),
            ),
        }),
      ),
    )
  })
