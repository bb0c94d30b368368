/**
 * Mailer on PostgreSQL: the transactional outbox. `enqueue` writes through the caller's connection, so
 * inside a unit of work the email is committed with the change that caused it, or not at all. Delivery is
 * the outbox worker's job (adapters/src/email/OutboxWorker.ts). `queued` answers the emails not yet sent.
 */
import type { Email } from "@landunits/core/notifications/NotificationModel.ts"
import { Mailer } from "@landunits/core/notifications/ports/Mailer.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const MailerPg = Layer.effect(Mailer)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return Mailer.of({
      enqueue: (email) =>
        sql`
          INSERT INTO mail_outbox (to_address, template, data)
          VALUES (${email.to}, ${email.template}, ${JSON.stringify(email.data)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      queued: sql<{ to_address: string; template: string; data: Record<string, string> }>`
        SELECT to_address, template, data FROM mail_outbox WHERE status = 'pending' ORDER BY id`.pipe(
        Effect.map(
          (rows): ReadonlyArray<Email> =>
            rows.map((r) => ({ to: r.to_address, template: r.template, data: r.data })),
        ),
        Effect.orDie,
      ),
    })
  }),
)
