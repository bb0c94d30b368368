/**
 * The transactional outbox of emails: enqueued in the same transaction as the change that causes them,
 * delivered later by a worker that claims rows with FOR UPDATE SKIP LOCKED and retries with backoff.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE mail_outbox (
      id               bigserial PRIMARY KEY,
      to_address       text NOT NULL,
      template         text NOT NULL,
      data             jsonb NOT NULL,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts         integer NOT NULL DEFAULT 0,
      next_attempt_at  timestamptz NOT NULL DEFAULT now(),
      last_error       text,
      created_at       timestamptz NOT NULL DEFAULT now(),
      sent_at          timestamptz
    )`
  yield* sql`CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending'`
})
