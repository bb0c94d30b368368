import { Context, Effect, Layer, Option, Schema } from "effect"
import { Mailer } from "./Mailer.ts"

export const OutboxStatus = Schema.Literals(["pending", "sent", "failed"])
export type OutboxStatus = typeof OutboxStatus.Type

/** An email as the outbox keeps it: what was enqueued, and how its delivery went. */
export const OutboxMessage = Schema.Struct({
  id: Schema.Int,
  to: Schema.String,
  template: Schema.String,
  data: Schema.Record(Schema.String, Schema.String),
  status: OutboxStatus,
  attempts: Schema.Int,
  /** Epoch milliseconds. */
  createdAt: Schema.Int,
  sentAt: Schema.optionalKey(Schema.Int),
  lastError: Schema.optionalKey(Schema.String),
})
export type OutboxMessage = typeof OutboxMessage.Type

/** Which messages to list; every given field must match. `to` ignores letter case. */
export interface OutboxFilter {
  readonly status?: OutboxStatus
  readonly to?: string
  readonly template?: string
  /** At most this many, newest first (default 50). */
  readonly limit?: number
}

export const DEFAULT_OUTBOX_LIMIT = 50

export const matchesOutboxFilter = (message: OutboxMessage, filter: OutboxFilter): boolean =>
  (filter.status === undefined || message.status === filter.status) &&
  (filter.to === undefined || message.to.toLowerCase() === filter.to.trim().toLowerCase()) &&
  (filter.template === undefined || message.template === filter.template)

/**
 * Port: the admins' read of the mail outbox (what was sent to whom, and what failed). `list` answers the
 * matching messages newest first; `get` one by its id. Writing stays the Mailer's job.
 */
export class Outbox extends Context.Service<
  Outbox,
  {
    readonly list: (filter: OutboxFilter) => Effect.Effect<ReadonlyArray<OutboxMessage>>
    readonly get: (id: number) => Effect.Effect<Option.Option<OutboxMessage>>
  }
>()("@landunits/core/notifications/ports/Outbox") {
  /** In memory over the in-memory Mailer: every enqueued email, numbered 1, 2, 3…, pending (nothing delivers in memory). */
  static readonly layerMemory = Layer.effect(Outbox)(
    Effect.gen(function* () {
      const mailer = yield* Mailer
      const all = Effect.map(mailer.queued, (emails) =>
        emails.map(
          (e, i): OutboxMessage => ({ ...e, id: i + 1, status: "pending", attempts: 0, createdAt: 0 }),
        ),
      )
      return Outbox.of({
        list: (filter) =>
          Effect.map(all, (messages) =>
            messages
              .filter((m) => matchesOutboxFilter(m, filter))
              .reverse()
              .slice(0, filter.limit ?? DEFAULT_OUTBOX_LIMIT),
          ),
        get: (id) => Effect.map(all, (messages) => Option.fromNullishOr(messages.find((m) => m.id === id))),
      })
    }),
  )
}
