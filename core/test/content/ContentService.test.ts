import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SecureRandom } from "../../src/accounts/ports/SecureRandom.ts"
import { ContentEmail, ContentMessages, ContentService } from "../../src/content/ContentService.ts"
import { demoNews, demoProjects } from "../../src/content/DemoContent.ts"
import { ContactMessages } from "../../src/content/ports/ContactMessages.ts"
import { NewsletterSubscribers } from "../../src/content/ports/NewsletterSubscribers.ts"
import { SiteContent } from "../../src/content/ports/SiteContent.ts"
import { LimitsService } from "../../src/limits/LimitsService.ts"
import { AttemptLog } from "../../src/limits/ports/AttemptLog.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import {
  contactMessagesContract,
  newsletterSubscribersContract,
  siteContentContract,
} from "../support/ContentStoresContract.ts"

siteContentContract("memory", () => SiteContent.layerMemory)
newsletterSubscribersContract("memory", () => NewsletterSubscribers.layerMemory)
contactMessagesContract("memory", () => ContactMessages.layerMemory)

const layer = () =>
  ContentService.layer("support@landunits.test").pipe(
    Layer.provideMerge(LimitsService.layer.pipe(Layer.provide(AttemptLog.layerMemory))),
    Layer.provideMerge(
      Layer.mergeAll(
        SiteContent.layerMemory,
        NewsletterSubscribers.layerMemory,
        ContactMessages.layerMemory,
        Mailer.layerMemory,
        SecureRandom.layerPredictableForTests,
      ),
    ),
  )

/** Runs `effect` over fresh in-memory stores; the tests keep the live clock (it.live), as before. */
const fresh = <A, E>(effect: Effect.Effect<A, E, ContentService | SiteContent | Mailer | ContactMessages>) =>
  effect.pipe(Effect.provide(layer()))

describe("the public site's content", () => {
  it.live("lists projects by status, finds one by id, and refuses an unknown one", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          yield* (yield* SiteContent).replace("projects", demoProjects)
          const content = yield* ContentService
          return {
            open: (yield* content.projects("open")).map((p) => p.id),
            closed: (yield* content.projects("closed")).map((p) => p.id),
            one: (yield* content.project("kent-orchard")).name,
            missing: yield* Effect.flip(content.project("nowhere")),
          }
        }),
      )
      expect(result.open).toEqual(["kent-orchard", "dordogne-woodland"])
      expect(result.closed).toEqual(["victoria-grassland"])
      expect(result.one).toBe("Kent Orchard Restoration")
      expect(result.missing._tag).toBe("NotFound")
    }),
  )

  it.live("lists news newest first, by category, and the categories in use", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          yield* (yield* SiteContent).replace("news", demoNews)
          const content = yield* ContentService
          return {
            all: (yield* content.news()).map((a) => a.publishedAt),
            projects: (yield* content.news("projects")).map((a) => a.category.slug),
            categories: (yield* content.newsCategories).map((c) => c.slug),
          }
        }),
      )
      expect(result.all).toEqual([...result.all].sort((a, b) => b - a))
      expect(result.projects).toEqual(["projects"])
      expect(result.categories).toEqual(["community", "projects", "sustainability"])
    }),
  )
})

describe("newsletter and contact", () => {
  it.live(
    "subscribes with a confirmation email, confirms by the link once, and says so when already subscribed",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const content = yield* ContentService
            const first = yield* content.subscribe("ann@example.com", "ip")
            const mail = (yield* (yield* Mailer).queued).at(-1)!
            const confirmed = yield* content.verifySubscription(mail.data.token!)
            const twice = yield* Effect.flip(content.verifySubscription(mail.data.token!))
            const again = yield* content.subscribe("ANN@example.com", "ip")
            return { first, mail, confirmed, twice, again }
          }),
        )
        expect(result.first).toBe(ContentMessages.subscribed)
        expect(result.mail.template).toBe(ContentEmail.newsletterVerification)
        expect(result.confirmed).toBe(ContentMessages.subscriptionConfirmed)
        expect(result.twice.message).toBe(ContentMessages.subscriptionLinkInvalid)
        expect(result.again).toBe(ContentMessages.alreadySubscribed)
      }),
  )

  it.live("keeps a contact message and emails it to support", () =>
    Effect.gen(function* () {
      const result = yield* fresh(
        Effect.gen(function* () {
          const content = yield* ContentService
          const answer = yield* content.sendContactMessage(
            {
              name: "Ann",
              email: "ann@example.com",
              message: "How do fees work?",
            },
            "ip",
          )
          return {
            answer,
            kept: yield* (yield* ContactMessages).list,
            mail: (yield* (yield* Mailer).queued).at(-1)!,
          }
        }),
      )
      expect(result.answer).toBe(ContentMessages.contactSent)
      expect(result.kept).toHaveLength(1)
      expect(result.mail).toMatchObject({ to: "support@landunits.test", template: "contact-form" })
      expect(result.mail.data.message).toBe("How do fees work?")
    }),
  )

  it.live(
    "takes five contact messages an hour from one address; the sixth waits, another address does not",
    () =>
      Effect.gen(function* () {
        const result = yield* fresh(
          Effect.gen(function* () {
            const content = yield* ContentService
            const form = { name: "Ann", email: "ann@example.com", message: "Hello" }
            for (let i = 0; i < 5; i++) yield* content.sendContactMessage(form, "ip-a")
            return {
              sixth: yield* Effect.flip(content.sendContactMessage(form, "ip-a")),
              other: yield* content.sendContactMessage(form, "ip-b"),
              kept: (yield* (yield* ContactMessages).list).length,
            }
          }),
        )
        expect(result.sixth).toMatchObject({ _tag: "TooManyAttempts", retryAfterSeconds: 3_600 })
        expect(result.sixth.message).toContain("try again in 60 minutes")
        expect(result.other).toBe(ContentMessages.contactSent)
        expect(result.kept).toBe(6)
      }),
  )
})
