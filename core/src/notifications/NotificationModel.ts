/**
 * Emails the platform sends. Core only enqueues them (Mailer port); the outbox adapter renders the template
 * and delivers later, so a failing mail server never undoes a use case.
 */
import { Schema } from "effect"

/** Templates enqueued by the contexts of this package. Other contexts add their own names. */
export const EmailTemplate = {
  kycVerified: "kyc-verified",
  kycNotApproved: "kyc-not-approved",
} as const

export const Email = Schema.Struct({
  /** The recipient's address. */
  to: Schema.String.check(Schema.isMinLength(3)),
  template: Schema.String.check(Schema.isMinLength(1)),
  /** The template's fields (firstName, reason…), as text. */
  data: Schema.Record(Schema.String, Schema.String),
})
export type Email = typeof Email.Type
