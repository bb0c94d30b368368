/**
 * A payment method that is not available here refuses with a clear message instead of pretending to take
 * money: a card method in production without its provider's keys (and without PAYMENTS_TEST_MODE=true).
 */

import type { CardGatewayShape } from "@landunits/core/orders/PaymentProviders.ts"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { Effect } from "effect"

const refuse = (provider: string) =>
  Effect.fail(
    new PaymentProviderError({
      message: `Payment by ${provider} is not available. Please choose another payment method.`,
      provider,
    }),
  )

export const refusedCardGateway = (provider: string): CardGatewayShape => ({
  createPayment: () => refuse(provider),
  cancelPayment: () => Effect.void,
})
