/**
 * What the public site reads (projects, news by category, team, FAQ, references) and what its visitors
 * send (newsletter subscriptions, contact messages). Inputs arrive validated (NewsletterForm, ContactForm).
 */
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { SecureRandom } from "../accounts/ports/SecureRandom.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import type { MemberId } from "../shared/Ids.ts"
import type { ContactForm } from "./ContactForm.ts"
import type {
  ContentKind,
  ContentOf,
  LandProject,
  LandProjectStatus,
  NewsArticle,
  NewsCategory,
} from "./ContentModel.ts"
import { ContactMessages } from "./ports/ContactMessages.ts"
import { NewsletterSubscribers } from "./ports/NewsletterSubscribers.ts"
import { SiteContent } from "./ports/SiteContent.ts"

export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  { httpApiStatus: 404 },
) {}

export class SubscriptionLinkInvalid extends Schema.TaggedError<SubscriptionLinkInvalid>()(
  "SubscriptionLinkInvalid",
  { message: Schema.String },
  { httpApiStatus: 400 },
) {}

export const ContentMessages = {
  subscribed: "Thank you for subscribing! Please check your email to confirm your subscription.",
  alreadySubscribed: "You are already subscribed to our newsletter.",
  subscriptionConfirmed: "Your subscription is confirmed. Thank you!",
  subscriptionLinkInvalid: "This subscription link is not valid. Please subscribe again.",
  contactSent: "Thank you for your message. We will get back to you soon.",
} as const

export const ContentEmail = {
  newsletterVerification: "newsletter-verification",
  contactForm: "contact-form",
} as const

export class ContentService extends Context.Service<
  ContentService,
  {
    readonly list: <K extends ContentKind>(kind: K) => Effect.Effect<ReadonlyArray<ContentOf<K>>>
    readonly projects: (status?: LandProjectStatus) => Effect.Effect<ReadonlyArray<LandProject>>
    readonly project: (id: string) => Effect.Effect<LandProject, NotFound>
    /** Newest first; `categorySlug` narrows to one category. */
    readonly news: (categorySlug?: string) => Effect.Effect<ReadonlyArray<NewsArticle>>
    readonly newsCategories: Effect.Effect<ReadonlyArray<NewsCategory>>
    /** `address`: where the request came from (the verification email counts against its limits). */
    readonly subscribe: (email: string, address: string) => Effect.Effect<string, TooManyAttempts>
    readonly verifySubscription: (token: string) => Effect.Effect<string, SubscriptionLinkInvalid>
    /** `address`: where the message came from (limited per address); `memberId` when signed in. */
    readonly sendContactMessage: (
      form: ContactForm,
      address: string,
      memberId?: MemberId,
    ) => Effect.Effect<string, TooManyAttempts>
  }
>()("@landunits/core/content/ContentService") {
  /** `supportEmail`: where contact messages are sent. */
  static readonly layer = (supportEmail: string) =>
    Layer.effect(ContentService)(
      Effect.gen(function* () {
        const content = yield* SiteContent
        const subscribers = yield* NewsletterSubscribers
        const contacts = yield* ContactMessages
        const mailer = yield* Mailer
        const random = yield* SecureRandom
        const limits = yield* LimitsService

        const news = (categorySlug?: string) =>
          Effect.map(content.list("news"), (articles) =>
            articles
              .filter((a) => categorySlug === undefined || a.category.slug === categorySlug)
              .toSorted((a, b) => b.publishedAt - a.publishedAt),
          )

        return ContentService.of({
          list: (kind) => content.list(kind),
          projects: (status) =>
            Effect.map(content.list("projects"), (all) =>
              all.filter((p) => status === undefined || p.status === status),
            ),
          project: (id) =>
            Effect.flatMap(content.list("projects"), (all) => {
              const found = all.find((p) => p.id === id)
              return found === undefined
                ? Effect.fail(new NotFound({ message: `There is no land project ${id}` }))
                : Effect.succeed(found)
            }),
          news,
          newsCategories: Effect.map(news(), (articles) => {
            const bySlug = new Map(articles.map((a) => [a.category.slug, a.category]))
            return [...bySlug.values()].toSorted((a, b) => a.name.localeCompare(b.name))
          }),
          subscribe: Effect.fn("ContentService.subscribe")(function* (email, address) {
            if (Option.getOrUndefined(yield* subscribers.status(email)) === "verified") {
              return ContentMessages.alreadySubscribed
            }
            yield* limits.publicEmail({ recipient: email, address })
            const token = yield* random.token
            yield* subscribers.upsertPending(
              email,
              yield* random.digest(token),
              yield* Clock.currentTimeMillis,
            )
            yield* mailer.enqueue({
              to: email.trim(),
              template: ContentEmail.newsletterVerification,
              data: { token },
            })
            return ContentMessages.subscribed
          }),
          verifySubscription: Effect.fn("ContentService.verifySubscription")(function* (token) {
            const verified = yield* subscribers.verify(
              yield* random.digest(token),
              yield* Clock.currentTimeMillis,
            )
            if (Option.isNone(verified)) {
              return yield* new SubscriptionLinkInvalid({ message: ContentMessages.subscriptionLinkInvalid })
            }
            return ContentMessages.subscriptionConfirmed
          }),
          sendContactMessage: Effect.fn("ContentService.sendContactMessage")(
            function* (form, address, memberId) {
              yield* limits.contactMessage(address)
              const at = yield* Clock.currentTimeMillis
              yield* contacts.save({
                name: form.name,
                email: form.email,
                subject: form.subject ?? "",
                message: form.message,
                ...(memberId === undefined ? {} : { memberId }),
                at,
              })
              yield* mailer.enqueue({
                to: supportEmail,
                template: ContentEmail.contactForm,
                data: {
                  name: form.name,
                  email: form.email,
                  subject: form.subject ?? "(no subject)",
                  message: form.message,
                  ...(memberId === undefined ? {} : { memberId }),
                },
              })
              return ContentMessages.contactSent
            },
          ),
        })
      }),
    )
}
