/**
 * How a rendered email leaves the platform. Not a core port: core only enqueues emails (Mailer); the
 * outbox worker renders them and hands them to a transport. Two transports: files (development, the
 * default) and SMTP. `forgetRecipient` deletes what the transport kept of the emails to an address (core's
 * DeliveredMail port, for a closed account: DeliveredMailTransport.ts): the file transport's `.eml` files; SMTP
 * keeps nothing, so it does nothing.
 */

import type { Effect } from "effect"
import { Context, Schema } from "effect"

export interface OutgoingMail {
  readonly from: string
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}

/** Delivery failed; `permanent` when retrying cannot help (the server refused the address). */
export class MailDeliveryFailed extends Schema.TaggedError<MailDeliveryFailed>()("MailDeliveryFailed", {
  message: Schema.String,
  permanent: Schema.Boolean,
}) {}

export class MailTransport extends Context.Service<
  MailTransport,
  {
    readonly name: string
    readonly send: (mail: OutgoingMail) => Effect.Effect<void, MailDeliveryFailed>
    /** Deletes every email it kept to `address`; never fails (what it cannot delete, it logs). */
    readonly forgetRecipient: (address: string) => Effect.Effect<void>
  }
>()("@landunits/adapters/email/MailTransport") {}
