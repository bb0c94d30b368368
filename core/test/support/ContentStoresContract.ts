/** The contracts of the content stores: run on memory here, on PostgreSQL by the adapters' tests. */

import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { demoFaq, demoProjects } from "../../src/content/DemoContent.ts"
import { ContactMessages } from "../../src/content/ports/ContactMessages.ts"
import { NewsletterSubscribers } from "../../src/content/ports/NewsletterSubscribers.ts"
import { SiteContent } from "../../src/content/ports/SiteContent.ts"

export const siteContentContract = (name: string, makeLayer: () => Layer.Layer<SiteContent>) =>
  describe(`SiteContent contract (${name})`, () => {
    it.live("answers each collection in the order it was set, replaced whole, and empty before", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const content = yield* SiteContent
          const before = yield* content.list("team")
          yield* content.replace("projects", demoProjects)
          yield* content.replace("faq", demoFaq)
          const first = yield* content.list("projects")
          yield* content.replace("projects", [demoProjects[2]!])
          return { before, first, second: yield* content.list("projects"), faq: yield* content.list("faq") }
        }).pipe(Effect.provide(makeLayer()))
        expect(result.before).toEqual([])
        expect(result.first).toEqual(demoProjects)
        expect(result.second).toEqual([demoProjects[2]])
        expect(result.faq).toEqual(demoFaq)
      }),
    )
  })

export const newsletterSubscribersContract = (
  name: string,
  makeLayer: () => Layer.Layer<NewsletterSubscribers>,
) =>
  describe(`NewsletterSubscribers contract (${name})`, () => {
    it.live("keeps one subscriber per email ignoring case, verified once by its latest link", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
          const subs = yield* NewsletterSubscribers
          const first = yield* subs.upsertPending("Ann@Example.com", "h1", 1)
          const again = yield* subs.upsertPending("ann@example.com", "h2", 2)
          const oldLink = yield* subs.verify("h1", 3)
          const verified = yield* subs.verify("h2", 3)
          const twice = yield* subs.verify("h2", 4)
          const afterVerified = yield* subs.upsertPending("ANN@example.com", "h3", 5)
          return {
            first,
            again,
            oldLink,
            verified,
            twice,
            afterVerified,
            status: yield* subs.status("ann@EXAMPLE.com"),
          }
        }).pipe(Effect.provide(makeLayer()))
        expect(Option.isNone(result.first)).toBe(true)
        expect(Option.getOrThrow(result.again)).toBe("pending")
        expect(Option.isNone(result.oldLink)).toBe(true)
        expect(Option.getOrThrow(result.verified).toLowerCase()).toBe("ann@example.com")
        expect(Option.isNone(result.twice)).toBe(true)
        expect(Option.getOrThrow(result.afterVerified)).toBe("verified")
        expect(Option.getOrThrow(result.status)).toBe("verified")
      }),
    )
  })

export const contactMessagesContract = (name: string, makeLayer: () => Layer.Layer<ContactMessages>) =>
  describe(`ContactMessages contract (${name})`, () => {
    it.live("keeps messages oldest first", () =>
      Effect.gen(function* () {
        const m = (name: string, at: number) => ({
          name,
          email: "a@b.co",
          subject: "",
          message: "Hello there, a question",
          at,
        })
        const list = yield* Effect.gen(function* () {
          const messages = yield* ContactMessages
          yield* messages.save(m("Ann", 1))
          yield* messages.save({ ...m("Ben", 2), memberId: "mem_ben" })
          return yield* messages.list
        }).pipe(Effect.provide(makeLayer()))
        expect(list).toEqual([m("Ann", 1), { ...m("Ben", 2), memberId: "mem_ben" }])
      }),
    )
  })
