/** A command's first result under its key: one row per (scope, key), enforced by the primary key. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE idempotency_keys (
      scope            text NOT NULL,
      idempotency_key  text NOT NULL,
      request_hash     text NOT NULL,
      response         jsonb NOT NULL,
      created_at       timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (scope, idempotency_key)
    )`
})
