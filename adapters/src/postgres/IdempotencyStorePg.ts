/**
 * IdempotencyStore on PostgreSQL: (scope, key) is the primary key. The unit of work serialises order
 * commands, so a repeated key finds the first result before it could insert a second; should two writers
 * ever race anyway, the primary key refuses the second and its whole transaction rolls back.
 */
import { IdempotencyStore } from "@landunits/core/orders/ports/IdempotencyStore.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

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
          Effect.orDie,
        ),
    })
  }),
)
