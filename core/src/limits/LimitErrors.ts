/** The one refusal of the limits context: too many attempts, with how long to wait before the next one. */
import { Schema } from "effect"

export class TooManyAttempts extends Schema.TaggedError<TooManyAttempts>()(
  "TooManyAttempts",
  {
    message: Schema.String,
    /** Whole seconds until a new attempt can succeed (the API sends it as Retry-After). */
    retryAfterSeconds: Schema.Int,
  },
  { httpApiStatus: 429 },
) {}
