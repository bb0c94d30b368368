/**
 * Stripe's webhook: the signature is verified with the SDK (`stripe.webhooks.constructEvent`, which also
 * refuses a timestamp outside Stripe's 5-minute tolerance, so an old signed body cannot be replayed later),
 * then the event is read into the engine's ProviderPaymentEvent. Only PaymentIntent outcomes act on orders.
 */
import type { PaymentEventKind, ProviderPaymentEvent } from "@landunits/core/orders/ProviderPaymentEvents.ts"
import { Effect } from "effect"
import type Stripe from "stripe"
import { WebhookSignatureInvalid } from "./WebhookErrors.ts"

const KIND_OF: Readonly<Record<string, PaymentEventKind>> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
}

export const verifyStripeEvent = (
  stripe: Stripe,
  body: string,
  signature: string | undefined,
  secret: string,
) =>
  Effect.try({
    try: () => stripe.webhooks.constructEvent(body, signature ?? "", secret),
    catch: () =>
      new WebhookSignatureInvalid({
        message: "The Stripe-Signature header does not match",
        provider: "stripe",
      }),
  })

/** The engine's view of a verified Stripe event. */
export const stripePaymentEvent = (event: Stripe.Event, testMode: boolean): ProviderPaymentEvent => {
  const kind = KIND_OF[event.type] ?? "other"
  const object = event.data.object as unknown as Record<string, unknown>
  const paymentId = typeof object.id === "string" ? object.id : ""
  if (kind === "other" || object.object !== "payment_intent") {
    return {
      provider: "stripe",
      eventId: event.id,
      eventType: event.type,
      kind: "other",
      testMode,
      paymentId,
    }
  }
  const intent = event.data.object as Stripe.PaymentIntent
  const orderId = intent.metadata?.orderId
  // A success reports what was received; a failure or cancel what was asked.
  const amount = kind === "succeeded" ? intent.amount_received : intent.amount
  const failure = intent.last_payment_error?.message
  return {
    provider: "stripe",
    eventId: event.id,
    eventType: event.type,
    kind,
    testMode,
    paymentId: intent.id,
    orderPaymentRef: intent.id,
    ...(orderId === undefined || orderId === "" ? {} : { orderId }),
    ...(Number.isSafeInteger(amount) ? { amountCents: amount } : {}),
    ...(typeof intent.currency === "string" ? { currency: intent.currency.toUpperCase() } : {}),
    ...(failure === undefined ? {} : { failureReason: failure }),
  }
}
