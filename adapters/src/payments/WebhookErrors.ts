/** Why a provider's webhook request is refused (400): nothing of it is recorded or acted on. */
import { Schema } from "effect"

export class WebhookSignatureInvalid extends Schema.TaggedError<WebhookSignatureInvalid>()(
  "WebhookSignatureInvalid",
  { message: Schema.String, provider: Schema.String },
  { httpApiStatus: 400 },
) {}

export class WebhookPayloadInvalid extends Schema.TaggedError<WebhookPayloadInvalid>()(
  "WebhookPayloadInvalid",
  { message: Schema.String, provider: Schema.String },
  { httpApiStatus: 400 },
) {}
