/**
 * The StripeGateway port over the real `stripe` SDK: a PaymentIntent per order, created server-side with the
 * order's amount (minor units), currency and id (metadata.orderId), under an idempotency key so a retried
 * call never creates a second PaymentIntent. The member pays on Stripe's element with the client secret;
 * Stripe's webhook (StripeWebhook.ts) is what settles the order.
 */
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"
import { Effect, Layer, Redacted } from "effect"
import type Stripe from "stripe"
import type { StripeSettings } from "./PaymentsConfig.ts"
import { type StripeSdk, stripeSdk } from "./StripeSdk.ts"

/** A Stripe client for the settings: Stripe's API, or the base URL given (a local stand-in in tests). */
export const stripeClient = (
  Sdk: StripeSdk,
  settings: Pick<StripeSettings, "secretKey" | "apiBase">,
): Stripe => {
  const base = settings.apiBase
  return new Sdk(Redacted.value(settings.secretKey), {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base === undefined
      ? {}
      : {
          host: base.hostname,
          port: base.port === "" ? (base.protocol === "https:" ? 443 : 80) : Number(base.port),
          protocol: base.protocol === "https:" ? "https" : "http",
        }),
  })
}

const providerError = (action: string) => (cause: unknown) =>
  new PaymentProviderError({
    message: `Stripe could not ${action}: ${cause instanceof Error ? cause.message : String(cause)}`,
    provider: "stripe",
  })

export const StripeGatewaySdk = (settings: StripeSettings) =>
  Layer.effect(StripeGateway)(
    Effect.gen(function* () {
      // One client, made on the first call (StripeSdk.ts).
      const client = yield* Effect.cached(Effect.map(stripeSdk, (Sdk) => stripeClient(Sdk, settings)))
      return StripeGateway.of({
        createPayment: (request) =>
          Effect.flatMap(client, (stripe) =>
            Effect.tryPromise({
              try: () =>
                stripe.paymentIntents.create(
                  {
                    amount: request.amountCents,
                    currency: request.currency.toLowerCase(),
                    metadata: { orderId: request.orderId },
                    automatic_payment_methods: { enabled: true },
                  },
                  { idempotencyKey: request.idempotencyKey },
                ),
              catch: providerError("start the card payment"),
            }),
          ).pipe(
            Effect.flatMap((intent) =>
              intent.client_secret === null
                ? Effect.fail(providerError("start the card payment")("no client secret in its answer"))
                : Effect.succeed({ paymentId: intent.id, clientSecret: intent.client_secret }),
            ),
            Effect.withSpan("StripeGatewaySdk.createPayment", {
              kind: "client",
              attributes: { "peer.service": "stripe" },
            }),
          ),
        cancelPayment: (paymentId) =>
          Effect.flatMap(client, (stripe) =>
            Effect.tryPromise({
              try: () => stripe.paymentIntents.cancel(paymentId),
              catch: providerError("cancel the card payment"),
            }),
          ).pipe(
            Effect.asVoid,
            Effect.withSpan("StripeGatewaySdk.cancelPayment", {
              kind: "client",
              attributes: { "peer.service": "stripe" },
            }),
          ),
      })
    }),
  )
