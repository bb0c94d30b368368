/**
 * What the payment-method ports share: the card gateways' request and answer, and the provider error.
 */
import { Effect, Schema } from "effect"
import type { CurrencyType } from "../shared/Enums.ts"

/** The card providers an order can be paid through. */
export const PaymentProvider = Schema.Literals(["stripe", "square"])
export type PaymentProvider = typeof PaymentProvider.Type

export class PaymentProviderError extends Schema.TaggedError<PaymentProviderError>()(
  "PaymentProviderError",
  { message: Schema.String, provider: Schema.String },
  { httpApiStatus: 502 },
) {}

export interface CardPaymentRequest {
  readonly orderId: string
  readonly amountCents: number
  readonly currency: CurrencyType
  /** Passed to the provider as its idempotency key: a retried call creates no second payment. */
  readonly idempotencyKey: string
}

export const CardPayment = Schema.Struct({
  paymentId: Schema.String,
  clientSecret: Schema.String,
})
export type CardPayment = typeof CardPayment.Type

/** The shape of a card gateway port (StripeGateway, SquareGateway). */
export interface CardGatewayShape {
  /** Creates the provider's payment (Stripe: a PaymentIntent; Square: a payment) for the order. */
  readonly createPayment: (request: CardPaymentRequest) => Effect.Effect<CardPayment, PaymentProviderError>
  /** Cancels a payment the member abandoned. */
  readonly cancelPayment: (paymentId: string) => Effect.Effect<void, PaymentProviderError>
}

/** An in-memory card gateway: the same idempotency key gives the same payment. */
export const memoryCardGateway = (provider: string): CardGatewayShape => {
  const payments = new Map<string, CardPayment>()
  const cancelled = new Set<string>()
  return {
    createPayment: (request) =>
      Effect.sync(() => {
        const existing = payments.get(request.idempotencyKey)
        if (existing !== undefined) return existing
        const paymentId = `${provider}_${payments.size + 1}_${request.orderId}`
        const payment = { paymentId, clientSecret: `${paymentId}_secret` }
        payments.set(request.idempotencyKey, payment)
        return payment
      }),
    cancelPayment: (paymentId) =>
      Effect.suspend(() => {
        const known = [...payments.values()].some((p) => p.paymentId === paymentId)
        if (!known) {
          return Effect.fail(new PaymentProviderError({ message: `Unknown payment ${paymentId}`, provider }))
        }
        cancelled.add(paymentId)
        return Effect.void
      }),
  }
}
