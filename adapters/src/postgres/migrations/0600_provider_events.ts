/**
 * Every verified card-provider webhook event (ProviderEventLog), recorded under (provider, event_id) before
 * it is acted on: the primary key makes a redelivered event a no-op. Amounts are integer minor units.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE provider_events (
      provider          text NOT NULL CHECK (provider IN ('stripe', 'square')),
      event_id          text NOT NULL,
      event_type        text NOT NULL,
      kind              text NOT NULL CHECK (kind IN ('succeeded', 'failed', 'canceled', 'other')),
      test_mode         boolean NOT NULL,
      payment_id        text NOT NULL,
      order_payment_ref text,
      order_id          text,
      amount_cents      bigint CHECK (amount_cents >= 0),
      currency          text,
      failure_reason    text,
      received_at       bigint NOT NULL,
      outcome           text NOT NULL CHECK (outcome IN ('received', 'settled', 'failed', 'ignored', 'flagged')),
      detail            text,
      processed_at      bigint,
      seq               bigserial NOT NULL,
      PRIMARY KEY (provider, event_id)
    )`
  yield* sql`CREATE INDEX provider_events_order ON provider_events (order_id)`
  yield* sql`CREATE INDEX provider_events_outcome ON provider_events (outcome)`
})
