import { Context, Effect, Layer, Option } from "effect"
import type { SubscriberStatus } from "../ContentModel.ts"

/**
 * Port: newsletter subscribers, one per email ignoring letter case. `upsertPending` records a subscription
 * waiting for its link (the hash of the token emailed) unless the address is already verified, and answers
 * the status the address had before. `verify` marks the subscriber of a token verified (once).
 */
export class NewsletterSubscribers extends Context.Service<
  NewsletterSubscribers,
  {
    readonly upsertPending: (
      email: string,
      tokenHash: string,
      at: number,
    ) => Effect.Effect<Option.Option<SubscriberStatus>>
    readonly verify: (tokenHash: string, at: number) => Effect.Effect<Option.Option<string>>
    readonly status: (email: string) => Effect.Effect<Option.Option<SubscriberStatus>>
  }
>()("@landunits/core/content/ports/NewsletterSubscribers") {
  static readonly layerMemory = Layer.sync(NewsletterSubscribers)(() => {
    const byEmail = new Map<
      string,
      { email: string; status: SubscriberStatus; tokenHash: string | undefined }
    >()
    const key = (email: string) => email.trim().toLowerCase()
    return {
      upsertPending: (email, tokenHash) =>
        Effect.sync(() => {
          const existing = byEmail.get(key(email))
          if (existing?.status !== "verified")
            byEmail.set(key(email), { email: email.trim(), status: "pending", tokenHash })
          return Option.map(Option.fromNullishOr(existing), (s) => s.status)
        }),
      verify: (tokenHash) =>
        Effect.sync(() => {
          const found = [...byEmail.values()].find((s) => s.tokenHash === tokenHash)
          if (found === undefined) return Option.none()
          byEmail.set(key(found.email), { ...found, status: "verified", tokenHash: undefined })
          return Option.some(found.email)
        }),
      status: (email) =>
        Effect.sync(() => Option.map(Option.fromNullishOr(byEmail.get(key(email))), (s) => s.status)),
    }
  })
}
