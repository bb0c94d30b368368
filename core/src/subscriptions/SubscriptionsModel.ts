/**
 * A member's email subscriptions (/dashboard/settings/subscriptions; POST /user/manage-user-subscriptions):
 * which optional emails they get. Emails the platform must send to run the account (email confirmation,
 * password reset, KYC decisions, payment and payout notices required by the terms) are not choices.
 */
import { Schema } from "effect"

export const SubscriptionTopics = ["newsletter", "orderUpdates", "governance", "news"] as const
export type SubscriptionTopic = (typeof SubscriptionTopics)[number]

export const EmailSubscriptions = Schema.Struct({
  /** The marketing newsletter. */
  newsletter: Schema.Boolean,
  /** An email at each status change of the member's orders. */
  orderUpdates: Schema.Boolean,
  /** New votes opening and results being published. */
  governance: Schema.Boolean,
  /** New articles in the news section. */
  news: Schema.Boolean,
})
export type EmailSubscriptions = typeof EmailSubscriptions.Type

/**
 * Until a member chooses: marketing (newsletter, news) off, since consent to marketing must be given, never
 * presumed; service emails about their own orders and their voting rights on.
 */
export const DEFAULT_SUBSCRIPTIONS: EmailSubscriptions = {
  newsletter: false,
  orderUpdates: true,
  governance: true,
  news: false,
}

/** What a member sends: any of the choices; those left out keep their value. */
export const SubscriptionChanges = Schema.Struct({
  newsletter: Schema.optionalKey(Schema.Boolean),
  orderUpdates: Schema.optionalKey(Schema.Boolean),
  governance: Schema.optionalKey(Schema.Boolean),
  news: Schema.optionalKey(Schema.Boolean),
})
export type SubscriptionChanges = typeof SubscriptionChanges.Type

/** What the member sees: the choices in effect and when they last changed them (null: never, defaults). */
export const MemberSubscriptions = Schema.Struct({
  ...EmailSubscriptions.fields,
  updatedAt: Schema.NullOr(Schema.Int),
})
export type MemberSubscriptions = typeof MemberSubscriptions.Type
