/** NewsletterSubscribers on PostgreSQL. */
import type { SubscriberStatus } from "@landunits/core/content/ContentModel.ts"
import { NewsletterSubscribers } from "@landunits/core/content/ports/NewsletterSubscribers.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

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
