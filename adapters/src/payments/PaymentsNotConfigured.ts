/**
 * Card and crypto payments until their providers are wired (issue 7): each refuses with a clear message
 * instead of pretending to take money. Bank transfer needs no provider and works.
 */
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { SquareGateway } from "@landunits/core/orders/ports/SquareGateway.ts"
import { StripeGateway } from "@landunits/core/orders/ports/StripeGateway.ts"
import { Effect, Layer } from "effect"

const refuse = (provider: string) =>
  Effect.fail(
    new PaymentProviderError({
      message: `Payment by ${provider} is not available yet. Please choose bank transfer.`,
      provider,
    }),
  )

export const PaymentsNotConfigured = Layer.mergeAll(
  Layer.succeed(StripeGateway)({
    createPayment: () => refuse("card (Stripe)"),
    cancelPayment: () => Effect.void,
  }),
  Layer.succeed(SquareGateway)({
    createPayment: () => refuse("card (Square)"),
    cancelPayment: () => Effect.void,
  }),
  Layer.succeed(CryptoPayments)({ requestPayment: () => refuse("crypto") }),
)
