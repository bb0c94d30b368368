/**
 * Every metric the app exposes (docs/operations.md, "Metrics"), in one place: Effect's own metrics, kept in the
 * process's default registry and written in the Prometheus text format by MetricsServer.ts on METRICS_PORT.
 *
 * Updated as things happen (per process): the HTTP requests (HttpObservability.ts), the order commands and
 * their lock wait (OrderCommandMetrics.ts), the rate limits' refusals (RateLimitMetrics.ts), the transactions
 * that waited for a database connection (DatabasePoolMetrics.ts). Set when scraped (ScrapeReads.ts): the
 * installation's figures read from the database (outbox, jobs, ledger transfers, the pool's connections) and
 * the process's memory and event-loop delay.
 *
 * Durations are in seconds and sizes in bytes, as Prometheus names them. Labels are few and bounded: a route
 * is its pattern (`/api/order/get_order_details/:id`), never a path.
 *
 * The metrics updated on every request or command are `labelled`: a function from the labels to that series.
 */
import { Metric } from "effect"

/**
 * The series of a metric for each set of labels, made once per set with its labels built in, so that updating
 * one changes no context. `Metric.withAttributes` instead adds its labels to the fiber's context on every update,
 * and a request's context is deep enough that each addition copies the app's whole context (some 200 services):
 * ~3% of GET /api/user's CPU in `bench:http`, three times over in an order command. Labels come in a fixed order
 * from each caller, so their text is the series' key.
 */
const labelled = <In, Out>(make: (attributes: Metric.Metric.AttributeSet) => Metric.Metric<In, Out>) => {
  const made = new Map<string, Metric.Metric<In, Out>>()
  return (labels: Readonly<Record<string, string>>): Metric.Metric<In, Out> => {
    const key = JSON.stringify(labels)
    let series = made.get(key)
    if (series === undefined) {
      series = make(labels)
      made.set(key, series)
    }
    return series
  }
}

/** A counter of things that happen, one series per set of labels (`labelled`). */
const labelledCounter = (name: string, description: string) =>
  labelled((attributes) => Metric.counter(name, { description, incremental: true, attributes }))

/** A histogram of durations in seconds, one series per set of labels (`labelled`). */
const labelledHistogram = (name: string, description: string, boundaries: ReadonlyArray<number>) =>
  labelled((attributes) => Metric.histogram(name, { description, boundaries, attributes }))

/** Request durations: from a fast read (a few ms) to a slow statement (10 s). */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Lock and connection waits: mostly nothing, a queue behind other commands when busy. */
const WAIT_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

// HTTP (labels method, route, status)

export const httpRequests = labelledCounter(
  "landunits_http_requests_total",
  "HTTP requests answered, by method, route pattern and status.",
)
export const httpRequestDuration = labelledHistogram(
  "landunits_http_request_duration_seconds",
  "Time to answer an HTTP request, by method, route pattern and status.",
  REQUEST_SECONDS,
)

// Order commands (labels command, outcome)

export const orderCommands = labelledCounter(
  "landunits_order_commands_total",
  "Order commands run, by command and outcome (ok, or the error's name: UnitsUnavailable, KycNotVerified, …; defect for a bug or a dead dependency).",
)
export const orderCommandDuration = labelledHistogram(
  "landunits_order_command_duration_seconds",
  "Time an order command took, its lock wait included, by command.",
  REQUEST_SECONDS,
)
export const orderLockWait = labelledHistogram(
  "landunits_order_lock_wait_seconds",
  "Time an order command waited for its unit types' order-command locks, by command.",
  WAIT_SECONDS,
)

/** Buys in a batch: one when they arrive one at a time, up to BUY_BATCH_MAX in a rush on a unit type. */
const BATCH_BUYS = [1, 2, 4, 8, 16, 32, 64, 128, 256]
export const buyBatchSize = labelledHistogram(
  "landunits_buy_batch_size",
  "Buys of one unit type committed together in one transaction (core's BuyBatches), by unit type.",
  BATCH_BUYS,
)

// Rate limits (label limit)

export const rateLimited = labelledCounter(
  "landunits_rate_limited_total",
  "Requests refused with 429 by a rate limit, by limit (every limit of core/src/limits/LimitErrors.ts LimitName: sign-in, emails, contact messages, recordings, second factor, recipient lookups, password proof).",
)

// Mail (label outcome)

export const mailDeliveries = labelledCounter(
  "landunits_mail_deliveries_total",
  "Emails this process tried to deliver, by outcome: sent, retry (failed, tried again later) or failed (given up).",
)

// Database pool

export const dbPoolMax = Metric.gauge("landunits_db_pool_max_connections", {
  description: "The most connections this process opens to the database.",
})
export const dbPoolInUse = Metric.gauge("landunits_db_pool_connections_in_use", {
  description:
    "This process's database connections running a statement or holding a transaction when scraped (pg_stat_activity).",
})
export const dbPoolOpen = Metric.gauge("landunits_db_pool_connections_open", {
  description: "This process's open database connections when scraped (pg_stat_activity).",
})
export const dbPoolWaiting = Metric.gauge("landunits_db_pool_waiting", {
  description: "Transactions of this process waiting for a database connection when scraped.",
})
export const dbPoolWait = Metric.histogram("landunits_db_pool_wait_seconds", {
  description: "Time a transaction waited for its database connection (and its BEGIN).",
  boundaries: WAIT_SECONDS,
})

// The installation, read from the database when scraped (the same figures as `landunits status`)

export const outboxPending = Metric.gauge("landunits_outbox_pending", {
  description: "Emails waiting in the outbox (installation-wide).",
})
export const outboxOldestAge = Metric.gauge("landunits_outbox_oldest_age_seconds", {
  description: "How long the oldest waiting email has waited; 0 when none waits (installation-wide).",
})
export const outboxFailed = Metric.gauge("landunits_outbox_failed", {
  description: "Emails given up after their retries (installation-wide).",
})
export const jobLastRunTimestamp = Metric.gauge("landunits_job_last_run_timestamp_seconds", {
  description: "When each scheduled job's last run finished (Unix time), by job (installation-wide).",
})
export const jobLastRunDuration = Metric.gauge("landunits_job_last_run_duration_seconds", {
  description: "How long each scheduled job's last run took, by job (installation-wide).",
})
export const jobLastRunSuccess = Metric.gauge("landunits_job_last_run_success", {
  description:
    "1 when each scheduled job's last run succeeded, 0 when it failed, by job (installation-wide).",
})
export const jobInterval = Metric.gauge("landunits_job_interval_seconds", {
  description: "How often each scheduled job runs, by job (installation-wide).",
})
export const ledgerTransfers = Metric.counter("landunits_ledger_transfers_total", {
  description:
    "Transfers in the ledger, by unit type (installation-wide, committed; append-only, so it only grows).",
})
export const databaseUp = Metric.gauge("landunits_database_up", {
  description: "1 when the scrape's database reads succeeded, 0 when they failed.",
})

// The process

export const residentMemory = Metric.gauge("landunits_process_resident_memory_bytes", {
  description: "Resident memory of the process.",
})
export const heapUsed = Metric.gauge("landunits_process_heap_used_bytes", {
  description: "V8 heap in use.",
})
// The event-loop delay since the previous scrape, as three gauges (Node's prom-client names them the same way): a
// summary's `quantile` label belongs to a summary, and this is the histogram node:perf_hooks keeps, read and reset.
export const eventLoopDelayP50 = Metric.gauge("landunits_process_event_loop_delay_p50_seconds", {
  description: "Event-loop delay since the previous scrape: the median.",
})
export const eventLoopDelayP99 = Metric.gauge("landunits_process_event_loop_delay_p99_seconds", {
  description: "Event-loop delay since the previous scrape: the 99th percentile.",
})
export const eventLoopDelayMax = Metric.gauge("landunits_process_event_loop_delay_max_seconds", {
  description: "Event-loop delay since the previous scrape: the longest.",
})
export const processCpu = Metric.counter("landunits_process_cpu_seconds_total", {
  description: "CPU time the process used, user and system together.",
  incremental: true,
})
export const openFds = Metric.gauge("landunits_process_open_fds", {
  description: "File descriptors the process has open (sockets included).",
})
export const maxFds = Metric.gauge("landunits_process_max_fds", {
  description: "The most file descriptors the process may open (its soft limit).",
})
export const heapTotal = Metric.gauge("landunits_process_heap_total_bytes", {
  description: "V8 heap the process has reserved.",
})
export const gcDuration = labelledHistogram(
  "landunits_process_gc_duration_seconds",
  "Garbage collections and their pauses, by kind (minor, major, incremental, weakcb).",
  [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1],
)
export const processStart = Metric.gauge("landunits_process_start_time_seconds", {
  description: "When this process started (Unix time).",
})
export const buildInfo = Metric.gauge("landunits_build_info", {
  description: "Always 1; its labels name the app's version and the Node version it runs on.",
})

// The admins' queues and commands (installation-wide, read from the database when scraped)

export const adminQueueWaiting = Metric.gauge("landunits_admin_queue_waiting", {
  description:
    "Work waiting for admins, by queue: kyc-reviews, bank-payments (to match), payouts-due (installation-wide).",
})
export const adminQueueOldestAge = Metric.gauge("landunits_admin_queue_oldest_age_seconds", {
  description:
    "How long the oldest item of each admin queue has waited; 0 when none waits (installation-wide).",
})
export const adminCommands = Metric.counter("landunits_admin_commands_total", {
  description:
    "Admin CLI commands run, by operation and outcome (ok, awaiting-approval, refused, confirmation-required, defect; installation-wide, counted in the database).",
  incremental: true,
})
export const outboxRetrying = Metric.gauge("landunits_outbox_retrying", {
  description: "Emails waiting after at least one failed delivery (installation-wide).",
})

// Retention (installation-wide, counted in the database by the statement that deletes)

export const idempotencyKeysPruned = Metric.counter("landunits_idempotency_keys_pruned_total", {
  description:
    "Idempotency records the idempotency-retention job deleted once older than their 30 days' retention (installation-wide, counted in the database).",
  incremental: true,
})
