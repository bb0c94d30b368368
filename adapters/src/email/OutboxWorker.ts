/**
 * Delivers the mail outbox. Each round claims due emails in one statement (postgres/OutboxDeliveryPg.ts; FOR UPDATE SKIP LOCKED, so several app
 * processes never claim the same email): a claim counts the attempt and leases the email for CLAIM_LEASE. Then,
 * with no transaction open, it renders and sends each through the MailTransport (each send at most SEND_TIMEOUT)
 * and records the outcome: sent; or retried later with a growing delay (30 s, 1 min, 2 min … up to 1 h); or given
 * up after MAX_ATTEMPTS or a permanent refusal, the last error kept for the operator (`mail list --status failed`).
 *
 * Every failed delivery is logged at Warn with the email's outbox id, its template and the transport's error,
 * never its recipient's data, token or body; and counted (`landunits_mail_deliveries_total` by outcome).
 *
 * A process that dies between a send and its record leaves the email claimed: after the lease it is sent again
 * (at least once, never lost).
 */
import { Cause, Duration, Effect, Metric, Schedule } from "effect"
import { mailDeliveries } from "../observability/Metrics.ts"
import { OutboxDeliveryPg } from "../postgres/OutboxDeliveryPg.ts"
import { renderEmail, UnknownEmailTemplate } from "./EmailTemplates.ts"
import { MailDeliveryFailed, MailTransport } from "./MailTransport.ts"

export const MAX_ATTEMPTS = 8
export const BATCH = 20
/** The longest one send may take before it counts as a failed (temporary) delivery. */
export const SEND_TIMEOUT = Duration.seconds(30)
/** How long a claimed email is left to its claimer: above a whole batch at SEND_TIMEOUT each. */
export const CLAIM_LEASE = Duration.minutes(15)

/** The wait before the next attempt after `attempts` failed ones: 30 s doubling, at most an hour. */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600)

/** What happened to one delivery, as the metric counts it. */
export type DeliveryOutcome = "sent" | "retry" | "failed"

const count = (outcome: DeliveryOutcome) => Metric.update(mailDeliveries({ outcome }), 1)

/** One round: answers how many emails it handled. */
export const deliverDue = (options: { readonly from: string; readonly appUrl: string }) =>
  Effect.gen(function* () {
    const outbox = yield* OutboxDeliveryPg
    const transport = yield* MailTransport
    // One statement: claimed and leased at once, committed before anything is sent.
    const due = yield* outbox.claimDue(CLAIM_LEASE, BATCH)
    for (const row of [...due].sort((a, b) => Number(a.id) - Number(b.id))) {
      const rendered = renderEmail(row.template, row.data, options.appUrl)
      const outcome =
        rendered instanceof UnknownEmailTemplate
          ? { ok: false as const, permanent: true, error: rendered.message }
          : yield* transport.send({ from: options.from, to: row.to_address, ...rendered }).pipe(
              Effect.timeoutOrElse({
                duration: SEND_TIMEOUT,
                orElse: () =>
                  Effect.fail(
                    new MailDeliveryFailed({
                      message: `${transport.name} did not answer within ${Duration.toSeconds(SEND_TIMEOUT)} s`,
                      permanent: false,
                    }),
                  ),
              }),
              Effect.map(() => ({ ok: true as const })),
              Effect.catchTag("MailDeliveryFailed", (e) =>
                Effect.succeed({ ok: false as const, permanent: e.permanent, error: e.message }),
              ),
            )
      const attempts = row.attempts
      const about = `Email ${row.id} (${row.template}), attempt ${attempts} of ${MAX_ATTEMPTS}`
      if (outcome.ok) {
        yield* outbox.sent(row.id)
        yield* count("sent")
      } else if (outcome.permanent || attempts >= MAX_ATTEMPTS) {
        yield* outbox.failed(row.id, outcome.error)
        yield* count("failed")
        yield* Effect.logWarning(
          `${about}, was not delivered; given up${outcome.permanent ? " (refused for good)" : ""}: ${outcome.error}. See landunits mail show ${row.id}`,
        )
      } else {
        const delay = retryDelaySeconds(attempts)
        yield* outbox.retryIn(row.id, outcome.error, delay)
        yield* count("retry")
        yield* Effect.logWarning(`${about}, was not delivered; next attempt in ${delay} s: ${outcome.error}`)
      }
    }
    return due.length
  })

/** Says where emails go, then runs rounds forever, `every` (2 s) apart. */
export const runOutboxWorker = (options: {
  readonly from: string
  readonly appUrl: string
  readonly every?: Duration.Input
}) =>
  Effect.gen(function* () {
    const transport = yield* MailTransport
    yield* Effect.logInfo(`Emails are delivered through ${transport.name}`)
    yield* deliverDue(options).pipe(
      Effect.catchCause((cause) =>
        // Stopping (an interruption alone) is no failure of the round.
        Cause.hasInterruptsOnly(cause)
          ? Effect.failCause(cause)
          : Effect.as(Effect.logError("The mail outbox round failed", cause), 0),
      ),
      Effect.repeat(Schedule.spaced(options.every ?? Duration.seconds(2))),
    )
  })
