/**
 * IdempotencyStore on PostgreSQL: (scope, key) is the primary key. Two commands with the same key can both
 * find it unused (the key is looked up before any lock, a new buy's with its own unit type's lock
 * (BuyJournalPg), and two commands' locks may differ): the second INSERT
 * waits for the first's transaction, then the primary key refuses it; that becomes core's
 * IdempotencyKeyTaken, the second transaction rolls back, and the engine runs it again to find the first
 * result.
 *
 * `deleteOlderThan` is one statement (its own transaction outside a command's): it takes the oldest rows saved before
 * the cutoff (`created_at`, the database's clock; index `idempotency_keys_created_at`, migration 2910), skipping
 * rows another process's batch holds (`SKIP LOCKED`: processes running the job together share the work), deletes
 * them, and adds their number to `pruned_counts` ('idempotency_keys') in the same statement, so the count that
 * `landunits status` and the metrics show is exactly what was deleted.
 */
import { IdempotencyKeyTaken, IdempotencyStore } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

/** The row of `pruned_counts` that counts the idempotency records the retention job deleted. */
export const PRUNED_KEYS = "idempotency_keys"

interface KeyRow {
  readonly scope: string
  readonly idempotency_key: string
  readonly request_hash: string
  readonly response: unknown
}

export const IdempotencyStorePg = Layer.effect(IdempotencyStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return IdempotencyStore.of({
      find: (scope, key) =>
        sql<KeyRow>`
          SELECT scope, idempotency_key, request_hash, response FROM idempotency_keys
          WHERE scope = ${scope} AND idempotency_key = ${key}`.pipe(
          Effect.map((rows) =>
            Option.fromNullishOr(rows[0]).pipe(
              Option.map((row) => ({
                scope: row.scope,
                idempotencyKey: IdempotencyKey.make(row.idempotency_key),
                requestHash: row.request_hash,
                response: row.response,
              })),
            ),
          ),
          Effect.orDie,
        ),
      save: (record) =>
        sql`
          INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
          VALUES (${record.scope}, ${record.idempotencyKey}, ${record.requestHash}, ${JSON.stringify(record.response ?? null)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.catchTag("SqlError", (error) =>
            isUniqueViolation(error)
              ? Effect.fail(
                  new IdempotencyKeyTaken({ scope: record.scope, idempotencyKey: record.idempotencyKey }),
                )
              : Effect.die(error),
          ),
        ),
      deleteOlderThan: (cutoff, limit) =>
        sql<{ deleted: number }>`
          WITH due AS (
            SELECT scope, idempotency_key FROM idempotency_keys
            WHERE created_at < to_timestamp(${cutoff / 1000})
            ORDER BY created_at LIMIT ${limit}
            FOR UPDATE SKIP LOCKED
          ), deleted AS (
            DELETE FROM idempotency_keys k USING due
            WHERE k.scope = due.scope AND k.idempotency_key = due.idempotency_key
            RETURNING 1
          ), counted AS (
            INSERT INTO pruned_counts (what, count, last_at)
            SELECT ${PRUNED_KEYS}, count(*), now() FROM deleted HAVING count(*) > 0
            ON CONFLICT (what) DO UPDATE
              SET count = pruned_counts.count + EXCLUDED.count, last_at = EXCLUDED.last_at
          )
          SELECT count(*)::int AS deleted FROM deleted`.pipe(
          Effect.map((rows) => Number(rows[0]?.deleted ?? 0)),
          Effect.orDie,
          Effect.withSpan("IdempotencyStorePg.deleteOlderThan"),
        ),
    })
  }),
)
