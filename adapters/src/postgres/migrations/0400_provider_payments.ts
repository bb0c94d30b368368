/**
 * The payments providers report (card webhooks, and later crypto), one row per provider payment, for
 * reconciliation against orders. The payments work fills it; the admin CLI's `db reconcile` reads it.
 * Amounts are integer minor units.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE provider_payments (
      provider             text NOT NULL,
      provider_payment_id  text NOT NULL,
      order_id             text,
      amount_cents         bigint NOT NULL CHECK (amount_cents >= 0),
      currency             text NOT NULL,
      status               text NOT NULL CHECK (status IN ('succeeded', 'failed', 'refunded', 'pending')),
      received_at          bigint NOT NULL,
      PRIMARY KEY (provider, provider_payment_id)
    )`
  yield* sql`CREATE INDEX provider_payments_order ON provider_payments (order_id)`
})
