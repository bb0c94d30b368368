/** The content stores on PostgreSQL: site collections, newsletter subscribers and contact messages. */
import type {
  ContactMessage,
  ContentKind,
  ContentOf,
  SubscriberStatus,
} from "@landunits/core/content/ContentModel.ts"
import { ContactMessages } from "@landunits/core/content/ports/ContactMessages.ts"
import { NewsletterSubscribers } from "@landunits/core/content/ports/NewsletterSubscribers.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Array as Arr, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const SiteContentPg = Layer.effect(SiteContent)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return SiteContent.of({
      list: <K extends ContentKind>(kind: K) =>
        sql<{
          item: ContentOf<K>
        }>`SELECT item FROM site_content WHERE kind = ${kind} ORDER BY position`.pipe(
          Effect.map((rows) => rows.map((r) => r.item)),
          Effect.orDie,
        ),
      replace: (kind, items) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM site_content WHERE kind = ${kind}`
              const rows = items.map(
                (item, position): Record<string, unknown> => ({ kind, position, item: JSON.stringify(item) }),
              )
              if (Arr.isArrayNonEmpty(rows)) yield* sql`INSERT INTO site_content ${sql.insert(rows)}`
            }),
          )
          .pipe(Effect.orDie),
    })
  }),
)

export const NewsletterSubscribersPg = Layer.effect(NewsletterSubscribers)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return NewsletterSubscribers.of({
      upsertPending: (email, tokenHash, at) =>
        Effect.gen(function* () {
          const before = yield* sql<{ status: SubscriberStatus }>`
            SELECT status FROM newsletter_subscribers WHERE lower(email) = lower(${email.trim()})`
          if (before[0]?.status !== "verified") {
            yield* sql`
              INSERT INTO newsletter_subscribers (email, status, token_hash, updated_at)
              VALUES (${email.trim()}, 'pending', ${tokenHash}, ${at})
              ON CONFLICT (lower(email)) DO UPDATE SET token_hash = EXCLUDED.token_hash, updated_at = EXCLUDED.updated_at
              WHERE newsletter_subscribers.status = 'pending'`
          }
          return Option.map(Option.fromNullishOr(before[0]), (r) => r.status)
        }).pipe(Effect.orDie),
      verify: (tokenHash, at) =>
        sql<{ email: string }>`
          UPDATE newsletter_subscribers SET status = 'verified', token_hash = NULL, updated_at = ${at}
          WHERE token_hash = ${tokenHash} RETURNING email`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.email)),
          Effect.orDie,
        ),
      status: (email) =>
        sql<{ status: SubscriberStatus }>`
          SELECT status FROM newsletter_subscribers WHERE lower(email) = lower(${email.trim()})`.pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), (r) => r.status)),
          Effect.orDie,
        ),
    })
  }),
)

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

export const ContentStoresPg = Layer.mergeAll(SiteContentPg, NewsletterSubscribersPg, ContactMessagesPg)
