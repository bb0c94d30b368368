/** The admins' read of the mail outbox on PostgreSQL (the table MailerPg writes and the outbox worker delivers). */
import {
  DEFAULT_OUTBOX_LIMIT,
  Outbox,
  type OutboxMessage,
  type OutboxStatus,
} from "@landunits/core/notifications/ports/Outbox.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

interface Row {
  readonly id: string
  readonly to_address: string
  readonly template: string
  readonly data: Record<string, string>
  readonly status: OutboxStatus
  readonly attempts: number
  readonly created_ms: string
  readonly sent_ms: string | null
  readonly last_error: string | null
}

const toMessage = (r: Row): OutboxMessage => ({
  id: Number(r.id),
  to: r.to_address,
  template: r.template,
  data: r.data,
  status: r.status,
  attempts: r.attempts,
  createdAt: Number(r.created_ms),
  ...(r.sent_ms === null ? {} : { sentAt: Number(r.sent_ms) }),
  ...(r.last_error === null ? {} : { lastError: r.last_error }),
})

export const OutboxPg = Layer.effect(Outbox)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return Outbox.of({
      list: (filter) =>
        sql<Row>`
          SELECT id, to_address, template, data, status, attempts,
            (extract(epoch from created_at) * 1000)::bigint AS created_ms,
            (extract(epoch from sent_at) * 1000)::bigint AS sent_ms, last_error
          FROM mail_outbox
          WHERE (${filter.status ?? null}::text IS NULL OR status = ${filter.status ?? null}::text)
            AND (${filter.to?.trim() ?? null}::text IS NULL OR lower(to_address) = lower(${filter.to?.trim() ?? null}::text))
            AND (${filter.template ?? null}::text IS NULL OR template = ${filter.template ?? null}::text)
          ORDER BY id DESC LIMIT ${filter.limit ?? DEFAULT_OUTBOX_LIMIT}`.pipe(
          Effect.map((rows) => rows.map(toMessage)),
          Effect.orDie,
        ),
      get: (id) =>
        sql<Row>`
          SELECT id, to_address, template, data, status, attempts,
            (extract(epoch from created_at) * 1000)::bigint AS created_ms,
            (extract(epoch from sent_at) * 1000)::bigint AS sent_ms, last_error
          FROM mail_outbox WHERE id = ${id}`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toMessage)),
          Effect.orDie,
        ),
    })
  }),
)
