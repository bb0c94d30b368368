/**
 * The one path every card-provider webhook takes, whoever sends it (Stripe, Square, or the built-in test-mode
 * provider): verify the signature over the raw body with the provider's SDK, read the event, and hand it to
 * the order engine (ProviderPaymentService), which records it under its event id before acting. A request
 * whose signature does not verify is refused before anything is written.
 */
import {
  type AppliedProviderEvent,
  ProviderPaymentService,
} from "@landunits/core/orders/ProviderPaymentService.ts"
import { Context, Effect, Layer } from "effect"
import { squarePaymentEvent, verifySquareSignature } from "./SquareWebhook.ts"
import { stripeSdk } from "./StripeSdk.ts"
import { stripePaymentEvent, verifyStripeEvent } from "./StripeWebhook.ts"
import { type WebhookPayloadInvalid, WebhookSignatureInvalid } from "./WebhookErrors.ts"

/** How one provider's webhooks are verified; undefined when the provider is refused (no webhook accepted). */
export interface WebhookKeys {
  readonly stripe?: { readonly secret: string; readonly testMode: boolean } | undefined
  readonly square?:
    | { readonly signatureKey: string; readonly notificationUrl: string; readonly testMode: boolean }
    | undefined
}

type Receive = (
  body: string,
  signature: string | undefined,
) => Effect.Effect<AppliedProviderEvent, WebhookSignatureInvalid | WebhookPayloadInvalid>

export class PaymentWebhooks extends Context.Service<
  PaymentWebhooks,
  { readonly stripe: Receive; readonly square: Receive }
>()("@landunits/adapters/payments/PaymentWebhooks") {
  static readonly layer = (keys: WebhookKeys) =>
    Layer.effect(PaymentWebhooks)(
      Effect.gen(function* () {
        const engine = yield* ProviderPaymentService
        // Verifying needs no API key; the SDK instance only carries the webhook helpers here, made on the
        // first Stripe webhook (StripeSdk.ts).
        const stripeHelpers = yield* Effect.cached(
          Effect.map(stripeSdk, (Sdk) => new Sdk("sk_webhook_verification_only", { telemetry: false })),
        )
        const notConfigured = (provider: string) =>
          Effect.fail(
            new WebhookSignatureInvalid({ message: `${provider} payments are not enabled here`, provider }),
          )
        return PaymentWebhooks.of({
          stripe: (body, signature) => {
            const stripe = keys.stripe
            if (stripe === undefined) return notConfigured("stripe")
            return Effect.flatMap(stripeHelpers, (sdk) =>
              verifyStripeEvent(sdk, body, signature, stripe.secret),
            ).pipe(
              Effect.flatMap((event) => engine.apply(stripePaymentEvent(event, stripe.testMode))),
              Effect.withSpan("PaymentWebhooks.stripe"),
            )
          },
          square: (body, signature) => {
            const square = keys.square
            if (square === undefined) return notConfigured("square")
            return verifySquareSignature(body, signature, square.signatureKey, square.notificationUrl).pipe(
              Effect.andThen(squarePaymentEvent(body, square.testMode)),
              Effect.flatMap((event) => engine.apply(event)),
              Effect.withSpan("PaymentWebhooks.square"),
            )
          },
        })
      }),
    )
}
