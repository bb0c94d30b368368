/**
 * Delivers the mail outbox. Each round claims due emails with FOR UPDATE SKIP LOCKED (so several app
 * processes never send the same email twice), renders and sends each through the MailTransport, and
 * marks it sent — or retries it later with a growing delay (30 s, 1 min, 2 min … up to 1 h), or gives up
 * after MAX_ATTEMPTS or a permanent refusal, keeping the last error for the operator.
 */
import { Duration, Effect, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { renderEmail, UnknownEmailTemplate } from "./EmailTemplates.ts"
import { MailTransport } from "./MailTransport.ts"

export const MAX_ATTEMPTS = 8
export const BATCH = 20

export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)

interface OutboxRow {
  readonly id: string
  readonly to_address: string
  readonly template: string
  readonly data: Record<string, string>
  readonly attempts: number
}

/** One round: answers how many emails it handled. */
export const deliverDue = (options: { readonly from: string; readonly appUrl: string }) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const transport = yield* MailTransport
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const due = yield* sql<OutboxRow>`
          SELECT id, to_address, template, data, attempts FROM mail_outbox
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`
        for (const row of due) {
          const rendered = renderEmail(row.template, row.data, options.appUrl)
          const outcome =
            rendered instanceof UnknownEmailTemplate
              ? { ok: false as const, permanent: true, error: rendered.message }
              : yield* transport.send({ from: options.from, to: row.to_address, ...rendered }).pipe(
                  Effect.map(() => ({ ok: true as const })),
                  Effect.catchTag("MailDeliveryFailed", (e) =>
                    Effect.succeed({ ok: false as const, permanent: e.permanent, error: e.message }),
                  ),
                )
          const attempts = row.attempts + 1
          if (outcome.ok) {
            yield* sql`UPDATE mail_outbox SET status = 'sent', attempts = ${attempts}, sent_at = now(), last_error = NULL WHERE id = ${row.id}`
          } else if (outcome.permanent || attempts >= MAX_ATTEMPTS) {
            yield* sql`UPDATE mail_outbox SET status = 'failed', attempts = ${attempts}, last_error = ${outcome.error} WHERE id = ${row.id}`
            yield* Effect.logWarning(`Gave up sending email ${row.id} to ${row.to_address}: ${outcome.error}`)
          } else {
            yield* sql`
              UPDATE mail_outbox SET attempts = ${attempts}, last_error = ${outcome.error},
                next_attempt_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
              WHERE id = ${row.id}`
          }
        }
        return due.length
      }),
    )
  })

/** Runs rounds forever, every `every` (and at once when a round was full). */
export const runOutboxWorker = (options: {
  readonly from: string
  readonly appUrl: string
  readonly every?: Duration.Input
}) =>
  deliverDue(options).pipe(
    Effect.catchCause((cause) => Effect.as(Effect.logError("The mail outbox round failed", cause), 0)),
    Effect.repeat(Schedule.spaced(options.every ?? Duration.seconds(2))),
    Effect.asVoid,
  )
