/** Each member's email subscription choices (POST /user/manage-user-subscriptions), one row per member. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE member_subscriptions (
      member_id      text PRIMARY KEY REFERENCES accounts (member_id) ON DELETE CASCADE,
      newsletter     boolean NOT NULL,
      order_updates  boolean NOT NULL,
      governance     boolean NOT NULL,
      news           boolean NOT NULL,
      updated_at     bigint NOT NULL
    )`
})
