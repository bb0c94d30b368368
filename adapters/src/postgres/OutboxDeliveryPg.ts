/**
 * The outbox worker's statements on PostgreSQL (`mail_outbox`; the worker is email/OutboxWorker.ts): due emails
 * claimed and leased in one statement (FOR UPDATE SKIP LOCKED, so several app processes never claim the same
 * email), and each delivery's outcome recorded.
 */
import { Duration, Effect } from "effect"
import { SqlClient } from "effect/sql"

export interface OutboxRow {
  readonly id: string
  readonly to_address: string
  readonly template: string
  readonly data: Record<string, string>
  /** Counting this one. */
  readonly attempts: number
}

export const OutboxDeliveryPg = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return {
    /** Up to `batch` due emails, their attempt counted and leased for `lease`, committed before anything is sent. */
    claimDue: (lease: Duration.Duration, batch: number) =>
      sql<OutboxRow>`
        UPDATE mail_outbox SET attempts = attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${Duration.toSeconds(lease)})
        WHERE id IN (
          SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
        RETURNING id, to_address, template, data, attempts`,
    sent: (id: string) =>
      sql`UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ${id}`,
    failed: (id: string, error: string) =>
      sql`UPDATE mail_outbox SET status = 'failed', last_error = ${error} WHERE id = ${id}`,
    retryIn: (id: string, error: string, delaySeconds: number) =>
      sql`
        UPDATE mail_outbox SET last_error = ${error},
          next_attempt_at = now() + make_interval(secs => ${delaySeconds})
        WHERE id = ${id}`,
  }
})
