/**
 * Orders and payouts: the engine's whole record as JSONB, beside the columns every lookup filters on.
 * `sequence` gives orders their first-in-first-out order (the sales queue).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE orders (
      sequence        bigserial PRIMARY KEY,
      order_id        text NOT NULL UNIQUE,
      member_id       text NOT NULL,
      order_type      text NOT NULL,
      unit_type       text NOT NULL,
      order_status    text NOT NULL,
      is_double_land  boolean NOT NULL,
      created_at      timestamptz NOT NULL,
      record          jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX orders_member ON orders (member_id, sequence)`
  yield* sql`CREATE INDEX orders_queue ON orders (order_type, unit_type, order_status, sequence)`
  yield* sql`CREATE INDEX orders_status ON orders (order_type, order_status, sequence)`
  yield* sql`
    CREATE TABLE payouts (
      seq            bigserial PRIMARY KEY,
      payout_id      text NOT NULL UNIQUE,
      member_id      text NOT NULL,
      sell_order_id  text NOT NULL,
      buy_order_id   text NOT NULL,
      status         text NOT NULL,
      record         jsonb NOT NULL
    )`
  yield* sql`CREATE INDEX payouts_member ON payouts (member_id, seq)`
  yield* sql`CREATE INDEX payouts_sell ON payouts (sell_order_id, seq)`
  yield* sql`CREATE INDEX payouts_buy ON payouts (buy_order_id, seq)`
  yield* sql`CREATE INDEX payouts_status ON payouts (status, seq)`
})
