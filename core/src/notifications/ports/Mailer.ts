import { Context, Effect, Layer } from "effect"
import type { Email } from "../NotificationModel.ts"

/**
 * Port: the outbox of emails. `enqueue` records an email to be sent; it never fails for a delivery problem
 * (delivery is the outbox adapter's job, retried there). `queued` answers what was enqueued, oldest first.
 */
export class Mailer extends Context.Service<
  Mailer,
  {
    readonly enqueue: (email: Email) => Effect.Effect<void>
    readonly queued: Effect.Effect<ReadonlyArray<Email>>
  }
>()("@landunits/core/notifications/ports/Mailer") {
  /** In memory: keeps every enqueued email, for tests and for the outbox adapter's contract tests. */
  static readonly layerMemory = Layer.effect(Mailer)(
    Effect.sync(() => {
      const emails: Array<Email> = []
      return Mailer.of({
        enqueue: (email) =>
          Effect.sync(() => {
            emails.push({ ...email, data: { ...email.data } })
          }),
        queued: Effect.sync(() => [...emails]),
      })
    }),
  )
}
