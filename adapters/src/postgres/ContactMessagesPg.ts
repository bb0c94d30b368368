/** ContactMessages on PostgreSQL: the messages of the contact form. */
import type { ContactMessage } from "@landunits/core/content/ContentModel.ts"
import { ContactMessages } from "@landunits/core/content/ports/ContactMessages.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const ContactMessagesPg = Layer.effect(ContactMessages)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return ContactMessages.of({
      save: (message) =>
        sql`INSERT INTO contact_messages (at, message) VALUES (${message.at}, ${JSON.stringify(message)}::jsonb)`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      list: sql<{ message: ContactMessage }>`SELECT message FROM contact_messages ORDER BY id`.pipe(
        Effect.map((rows) => rows.map((r) => r.message)),
        Effect.orDie,
      ),
    })
  }),
)
