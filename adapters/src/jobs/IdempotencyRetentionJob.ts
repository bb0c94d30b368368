/**
 * The idempotency retention job (issue 40; docs/operations.md "Idempotency records"): every app process, at start
 * and then hourly, deletes the idempotency records saved more than IDEMPOTENCY_RETENTION_DAYS (30) days ago
 * (core's pruneIdempotencyRecords), IDEMPOTENCY_PRUNE_BATCH_SIZE at a time. Each batch is one statement and its own
 * transaction, never one transaction over the run, so a command waiting on a key's row waits for one batch at most.
 * Processes that run it together share the rows (IdempotencyStorePg skips the rows another batch holds). What it
 * deleted is counted in the database (`pruned_counts`) for `landunits status` and the metrics
 * (`landunits_idempotency_keys_pruned_total`); each run is recorded for `status` (JobRuns.ts). A failed run is
 * logged and the next one runs on time.
 */
import { pruneIdempotencyRecords } from "@landunits/core/orders/IdempotencyRetention.ts"
import { IDEMPOTENCY_PRUNE_BATCH_SIZE, IDEMPOTENCY_RETENTION_DAYS } from "@landunits/core/shared/Constants.ts"
import { Duration, Effect, Layer, Schedule } from "effect"
import { recordedRun } from "./JobRuns.ts"

export const IDEMPOTENCY_RETENTION_JOB = "idempotency-retention"

/** How often the job looks: hourly, so a record goes at most an hour after its retention ends. */
export const IDEMPOTENCY_RETENTION_EVERY = Duration.hours(1)

/** One run, now: deletes what is past the retention, `batchSize` a statement; answers how many; recorded as a run. */
export const runIdempotencyRetentionRound = (batchSize: number = IDEMPOTENCY_PRUNE_BATCH_SIZE) =>
  pruneIdempotencyRecords(batchSize).pipe(
    recordedRun(
      IDEMPOTENCY_RETENTION_JOB,
      IDEMPOTENCY_RETENTION_EVERY,
      (deleted) => `${deleted} idempotency keys older than ${IDEMPOTENCY_RETENTION_DAYS} days deleted`,
    ),
    Effect.tap((deleted) =>
      deleted > 0
        ? Effect.logInfo(`Idempotency retention: ${deleted} idempotency keys deleted`)
        : Effect.void,
    ),
  )

/** Runs at once and then hourly, forever; whatever escapes a run is logged and the loop goes on. */
export const runIdempotencyRetention = runIdempotencyRetentionRound().pipe(
  Effect.catchCause((cause) => Effect.logError("The idempotency retention job's run failed", cause)),
  Effect.repeat(Schedule.spaced(IDEMPOTENCY_RETENTION_EVERY)),
  Effect.asVoid,
)

/** The job as a layer: forked in the layer's scope, so it stops with the server. */
export const IdempotencyRetentionJobLive = Layer.effectDiscard(Effect.forkScoped(runIdempotencyRetention))
