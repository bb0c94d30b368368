/** The one refusal of the limits context: too many attempts, with how long to wait before the next one. */
import { Schema } from "effect"

/**
 * Which limit refused: sign-in's or the second factor's growing delay, a quota of the routes that send email,
 * session recording's batches, storage and starts, a member's transfer-recipient look-ups, or the current
 * password given as proof (Limits.ts).
 */
export const LimitName = Schema.Literals([
  "sign-in",
  "emails-to-recipient",
  "emails-from-address",
  "contact-messages",
  "recording-batches",
  "recording-storage-address",
  "recording-storage-installation",
  "recordings-started",
  "second-factor",
  "recipient-lookups",
  "password-proof",
])
export type LimitName = typeof LimitName.Type

export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()(
  "TooManyAttempts",
  {
    message: Schema.String,
    /** Whole seconds until a new attempt can succeed (the API sends it as Retry-After). */
    retryAfterSeconds: Schema.Int,
    /** The limit that refused (for the operators' metrics; the API does not send it). */
    limit: Schema.optionalKey(LimitName),
  },
  { httpApiStatus: 429 },
) {}
