/**
 * The retention of idempotency records (issue 40; docs/decisions/0062-idempotency-records-kept-30-days.md): a record
 * is kept IDEMPOTENCY_RETENTION_DAYS after it was saved, then deleted, in batches of IDEMPOTENCY_PRUNE_BATCH_SIZE.
 * The idempotency-retention job runs it (adapters/src/jobs/IdempotencyRetentionJob.ts).
 *
 * Each batch is one call of the store, outside any unit of work: never run this inside `UnitOfWork.transaction`,
 * which would hold every batch's deletions (and their locks) in one transaction until the last.
 */
import { Clock, Effect } from "effect"
import { IDEMPOTENCY_PRUNE_BATCH_SIZE, IDEMPOTENCY_RETENTION_MS } from "../shared/Constants.ts"
import { IdempotencyStore } from "./ports/IdempotencyStore.ts"

/** The instant before which a record is past its retention, at `now` (epoch ms). */
export const idempotencyCutoff = (now: number): number => now - IDEMPOTENCY_RETENTION_MS

/**
 * Deletes every idempotency record past its retention now (Effect's Clock), `batchSize` at a time, the oldest
 * first, until a batch finds fewer; answers how many it deleted.
 */
export const pruneIdempotencyRecords = Effect.fn("IdempotencyRetention.prune")(function* (
  batchSize: number = IDEMPOTENCY_PRUNE_BATCH_SIZE,
): Effect.fn.Return<number, never, IdempotencyStore> {
  // A batch of 0 would never end the loop.
  if (!Number.isSafeInteger(batchSize) || batchSize < 1)
    return yield* Effect.die(
      new RangeError(`The batch size must be a whole number above 0, not ${batchSize}`),
    )
  const store = yield* IdempotencyStore
  const cutoff = idempotencyCutoff(yield* Clock.currentTimeMillis)
  let deleted = 0
  for (;;) {
    const batch = yield* store.deleteOlderThan(cutoff, batchSize)
    deleted += batch
    if (batch < batchSize) return deleted
  }
})
