/**
 * The figures set when /metrics is scraped (Metrics.ts): the process's own (build, CPU, memory, file descriptors,
 * event-loop delay, garbage collections) and the installation's figures from the database: the outbox, the
 * scheduled jobs, the admins' queues and the idempotency records pruned (the reads of `landunits status`,
 * InstallationStatusPg.ts), the admin CLI's commands (postgres/AdminCommandCountsPg.ts), the ledger's transfers (the length of each unit type's transfer chain) and this
 * process's pool connections (DatabasePoolMetrics.ts). The database reads have SCRAPE_READ_TIMEOUT; when they
 * fail, `landunits_database_up` is 0 and the database figures keep their previous values.
 *
 * A counter read as a total (CPU time, ledger transfers, admin commands, idempotency records pruned) moves by what was added since the previous
 * scrape, so the exposed counter equals the total from the first scrape on.
 */
import * as fs from "node:fs"
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks"
import { LimitName } from "@landunits/core/limits/LimitErrors.ts"
import { UnitTypes } from "@landunits/core/shared/Enums.ts"
import { Duration, Effect, Metric } from "effect"
import { APP_VERSION } from "../app/AppVersion.ts"
import { readAdminCommandCounts } from "../postgres/AdminCommandCountsPg.ts"
import { readInstallationStatus } from "../postgres/InstallationStatusPg.ts"
import { readPoolConnections } from "../postgres/PoolConnectionsPg.ts"
import { readLedgerChainLengths } from "../postgres/TransferChainHeadsPg.ts"
import { transactionsWaiting } from "./DatabasePoolMetrics.ts"
import {
  adminCommands,
  adminQueueOldestAge,
  adminQueueWaiting,
  buildInfo,
  databaseUp,
  dbPoolInUse,
  dbPoolMax,
  dbPoolOpen,
  dbPoolWaiting,
  eventLoopDelayMax,
  eventLoopDelayP50,
  eventLoopDelayP99,
  gcDuration,
  heapTotal,
  heapUsed,
  idempotencyKeysPruned,
  jobInterval,
  jobLastRunDuration,
  jobLastRunSuccess,
  jobLastRunTimestamp,
  ledgerTransfers,
  mailDeliveries,
  maxFds,
  openFds,
  outboxFailed,
  outboxOldestAge,
  outboxPending,
  outboxRetrying,
  processCpu,
  processStart,
  rateLimited,
  residentMemory,
} from "./Metrics.ts"

export const SCRAPE_READ_TIMEOUT = Duration.seconds(5)
/** Garbage collections kept between two scrapes; beyond it the oldest are dropped (a scrape every 15 s sees far fewer). */
const GC_BUFFER = 10_000

const set = (metric: Metric.Metric<number, unknown>, value: number, attributes?: Record<string, string>) =>
  Metric.update(attributes === undefined ? metric : Metric.withAttributes(metric, attributes), value)

/** Each unit type's transfers: its chain's length (every transfer is a link; the audit chain is not a ledger's). */
const readLedgerTransfers = Effect.gen(function* () {
  const lengths = yield* readLedgerChainLengths
  return [...new Set([...UnitTypes, ...lengths.keys()])].map((unitType) => ({
    unitType,
    transfers: lengths.get(unitType) ?? 0,
  }))
})

/** The process's open file descriptors and their limit, where /proc tells them (Linux); undefined elsewhere. */
const fileDescriptors = (): { readonly open: number; readonly max: number | undefined } | undefined => {
  try {
    const open = fs.readdirSync("/proc/self/fd").length
    const limit = /^Max open files\s+(\d+)/m.exec(fs.readFileSync("/proc/self/limits", "utf8"))?.[1]
    return { open, max: limit === undefined ? undefined : Number(limit) }
  } catch {
    return undefined
  }
}

/** node:perf_hooks' names of a collection's kind. */
const GC_KINDS: Readonly<Record<number, string>> = { 1: "minor", 2: "major", 4: "incremental", 8: "weakcb" }

/** The admins' queues as the metrics name them. */
const ADMIN_QUEUES = ["kyc-reviews", "bank-payments", "payouts-due"] as const

/**
 * What a scrape refreshes, for a process whose pool opens at most `poolMax` connections. Starts measuring the
 * event-loop delay and watching garbage collections; each scrape reports what happened since the previous one.
 */
export const makeScrapeReads = (poolMax: number) =>
  Effect.gen(function* () {
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    yield* Effect.addFinalizer(() => Effect.sync(() => loop.disable()))
    // Collections are noted as they happen and put into the histogram at the next scrape.
    let collections: Array<{ readonly kind: string; readonly seconds: number }> = []
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as { readonly detail?: { readonly kind?: number } }).detail
        const kind = GC_KINDS[detail?.kind ?? 0] ?? "other"
        collections.push({ kind, seconds: entry.duration / 1000 })
      }
      if (collections.length > GC_BUFFER) collections = collections.slice(-GC_BUFFER)
    })
    gc.observe({ entryTypes: ["gc"] })
    yield* Effect.addFinalizer(() => Effect.sync(() => gc.disconnect()))
    const startedAt = Date.now() - performance.now()
    /** A counter's last total, by series: a counter is moved by what was added since. */
    const totals = new Map<string, number>()
    const addSince = (
      metric: Metric.Metric<number, unknown>,
      total: number,
      attributes: Record<string, string> = {},
    ) => {
      const key = `${metric.id} ${JSON.stringify(attributes)}`
      const added = total - (totals.get(key) ?? 0)
      totals.set(key, total)
      // Adding 0 shows the series before its first event.
      return set(metric, Math.max(0, added), attributes)
    }
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
      const cpu = process.cpuUsage()
      const fds = fileDescriptors()
      const delay = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0)
      const delays = [loop.percentile(50), loop.percentile(99), loop.max] as const
      loop.reset()
      const collected = collections
      collections = []
      return Effect.all(
        [
          set(buildInfo, 1, { version: APP_VERSION, node_version: process.version }),
          set(residentMemory, memory.rss),
          set(heapUsed, memory.heapUsed),
          set(heapTotal, memory.heapTotal),
          addSince(processCpu, (cpu.user + cpu.system) / 1e6),
          ...(fds === undefined
            ? []
            : [set(openFds, fds.open), ...(fds.max === undefined ? [] : [set(maxFds, fds.max)])]),
          set(processStart, Math.round(startedAt / 1000)),
          set(eventLoopDelayP50, delay(delays[0])),
          set(eventLoopDelayP99, delay(delays[1])),
          set(eventLoopDelayMax, delay(delays[2])),
          ...collected.map((c) => Metric.update(gcDuration({ kind: c.kind }), c.seconds)),
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
      const commands = yield* readAdminCommandCounts
      yield* set(outboxPending, status.outbox.count)
      yield* set(
        outboxOldestAge,
        status.outbox.oldestAt === undefined ? 0 : Math.max(0, status.now - status.outbox.oldestAt) / 1000,
      )
      yield* set(outboxFailed, status.outbox.failed)
      yield* set(outboxRetrying, status.outbox.retrying)
      for (const { job, lastRun } of status.jobs) {
        if (lastRun === undefined) continue
        const labels = { job }
        yield* set(jobLastRunTimestamp, lastRun.finishedAt / 1000, labels)
        yield* set(jobLastRunDuration, (lastRun.finishedAt - lastRun.startedAt) / 1000, labels)
        yield* set(jobLastRunSuccess, lastRun.outcome === "ok" ? 1 : 0, labels)
        yield* set(jobInterval, lastRun.everyMs / 1000, labels)
      }
      const queues = [status.kycWaiting, status.bankPaymentsToMatch, status.payoutsDue]
      for (const [i, queue] of ADMIN_QUEUES.entries()) {
        const waiting = queues[i]!
        yield* set(adminQueueWaiting, waiting.count, { queue })
        yield* set(
          adminQueueOldestAge,
          waiting.oldestAt === undefined ? 0 : Math.max(0, status.now - waiting.oldestAt) / 1000,
          { queue },
        )
      }
      yield* addSince(idempotencyKeysPruned, status.idempotencyKeysPruned.count)
      for (const c of commands)
        yield* addSince(adminCommands, c.count, { operation: c.operation, outcome: c.outcome })
      yield* set(dbPoolOpen, pool.open)
      yield* set(dbPoolInUse, pool.inUse)
      for (const { unitType, transfers: total } of transfers)
        yield* addSince(ledgerTransfers, total, { unit_type: unitType })
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
