/**
 * IdempotencyStore on PostgreSQL: (scope, key) is the primary key. Two commands with the same key can both
 * find it unused (the key is looked up before any lock, a new buy's with its own unit type's lock
 * (BuyJournalPg), and two commands' locks may differ): the second INSERT
 * waits for the first's transaction, then the primary key refuses it; that becomes core's
 * IdempotencyKeyTaken, the second transaction rolls back, and the engine runs it again to find the first
 * result.
 */
import { IdempotencyKeyTaken, IdempotencyStore } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { isUniqueViolation } from "./SqlErrors.ts"

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
    })
  }),
)
