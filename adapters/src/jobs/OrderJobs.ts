/**
 * The order engine's scheduled work, run by every app process beside the HTTP server (issue 7,
 * decisions.md Orders):
 * - `expireDue`: an unpaid buy past its window (bank and crypto 72 hours, card 1 hour) becomes Expired and
 *   its reserved Units are released;
 * - `unlockDue`: converted Units whose 30-day lock is over move from convertLocked to owned.
 *
 * Each run calls both commands with an idempotency key naming the job and the UTC minute, so app processes
 * that run it in the same minute do the work once (the engine's unit of work serializes them and the second
 * finds the key); a later run finds nothing due. A run that fails is logged and the next one runs on time;
 * the loop stops when the server's scope closes. Each job's run is recorded for `landunits status` (JobRuns.ts).
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Clock, Config, Duration, Effect, Layer, Schedule, Schema } from "effect"
import { recordedRun } from "./JobRuns.ts"

export const DEFAULT_ORDER_JOBS_INTERVAL_SECONDS = 60

const MINUTE_MS = 60_000

export type OrderJob = "expire-due" | "unlock-due"

/** The key of a job's run at `at` (epoch ms): the job and its UTC minute, e.g. `order-jobs:expire-due:2026-01-15T10:07`. */
export const orderJobKey = (job: OrderJob, at: number): IdempotencyKey =>
  IdempotencyKey.make(
    `order-jobs:${job}:${new Date(at - (at % MINUTE_MS)).toISOString().slice(0, "yyyy-mm-ddThh:mm".length)}`,
  )

export interface OrderJobsRun {
  /** Orders expired by this minute's run (a second process in the same minute reads the first one's answer). */
  readonly expired: number
  readonly unlocked: number
}

/** One failing job is logged and does not keep the other from running; its run is recorded (JobRuns.ts). */
const runJob = <A>(job: OrderJob, every: Duration.Input, command: Effect.Effect<ReadonlyArray<A>, unknown>) =>
  command.pipe(
    Effect.map((done) => done.length),
    recordedRun(
      job,
      every,
      (n) => `${n} ${job === "expire-due" ? "unpaid buys expired" : "converts unlocked"}`,
    ),
    Effect.catchCause((cause) => Effect.as(Effect.logError(`The order job ${job} failed`, cause), 0)),
  )

/** One run of both jobs, now, recorded as runs of a job every `every`. */
export const runOrderJobsRound = (every: Duration.Input): Effect.Effect<OrderJobsRun, never, OrderService> =>
  Effect.gen(function* () {
    const orders = yield* OrderService
    const at = yield* Clock.currentTimeMillis
    const expired = yield* runJob(
      "expire-due",
      every,
      orders.expireDue({ idempotencyKey: orderJobKey("expire-due", at) }),
    )
    const unlocked = yield* runJob(
      "unlock-due",
      every,
      orders.unlockDue({ idempotencyKey: orderJobKey("unlock-due", at) }),
    )
    if (expired > 0 || unlocked > 0) {
      yield* Effect.logInfo(`Order jobs: ${expired} unpaid buys expired, ${unlocked} converts unlocked`)
    }
    return { expired, unlocked }
  })

/** Runs both jobs at once and then every `every`, forever; a failed run is logged and the loop goes on. */
export const runOrderJobs = (every: Duration.Input) =>
  runOrderJobsRound(every).pipe(
    // Whatever escapes a run (a defect, a dead database) is logged; the next run is still scheduled.
    Effect.catchCause((cause) => Effect.logError("The order jobs' run failed", cause)),
    Effect.repeat(Schedule.spaced(every)),
    Effect.asVoid,
  )

/** The least ORDER_JOBS_INTERVAL_SECONDS: a run's key is its minute, so two runs a minute would only replay the first. */
export const MIN_ORDER_JOBS_INTERVAL_SECONDS = 60

/**
 * `ORDER_JOBS_INTERVAL_SECONDS`: seconds between runs, a whole number of at least 60 (default 60). A run's idempotency
 * key is its UTC minute (`orderJobKey`), so a shorter interval would run again in the same minute only to replay the
 * minute's first answer and log it again: such a value stops the start, naming the setting and the minimum.
 */
export const orderJobsInterval = Config.schema(
  Schema.Int.check(
    Schema.isGreaterThanOrEqualTo(MIN_ORDER_JOBS_INTERVAL_SECONDS, {
      message:
        `ORDER_JOBS_INTERVAL_SECONDS must be at least ${MIN_ORDER_JOBS_INTERVAL_SECONDS} (seconds): ` +
        "each run of the order jobs is keyed by its minute, so a second run in the same minute would change nothing",
    }),
  ),
  "ORDER_JOBS_INTERVAL_SECONDS",
).pipe(Config.withDefault(DEFAULT_ORDER_JOBS_INTERVAL_SECONDS), Config.map(Duration.seconds))

/** The jobs every `every`, as a layer: forked in the layer's scope, so they stop with the server. */
export const orderJobsLayer = (every: Duration.Input) =>
  Layer.effectDiscard(Effect.forkScoped(runOrderJobs(every)))

/** The jobs every ORDER_JOBS_INTERVAL_SECONDS; a value the setting refuses fails the layer. */
export const OrderJobsLive = Layer.unwrap(
  Effect.gen(function* () {
    return orderJobsLayer(yield* orderJobsInterval)
  }),
)
