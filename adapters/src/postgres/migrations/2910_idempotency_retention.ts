/**
 * Issue 40, idempotency records kept 30 days (core's IDEMPOTENCY_RETENTION_DAYS; the idempotency-retention job):
 * - `idempotency_keys_created_at`: the job deletes the oldest records saved before its cutoff, a batch at a time;
 *   this index finds them without reading the table. A plain CREATE INDEX (migrations run in one transaction,
 *   where CONCURRENTLY cannot): writes of new keys wait while it builds, about a second for a million rows.
 * - `pruned_counts`: what retention jobs deleted, by what (`idempotency_keys`), added to in the statement that
 *   deletes, so the total is exact; `landunits status` and the metrics' scrape read it
 *   (`landunits_idempotency_keys_pruned_total`).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`
  yield* sql`
    CREATE TABLE pruned_counts (
      what     text PRIMARY KEY,
      count    bigint NOT NULL CHECK (count >= 0),
      last_at  timestamptz NOT NULL
    )`
})
