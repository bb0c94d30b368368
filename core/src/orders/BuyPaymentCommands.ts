/**
 * A buy's payment steps: start the payment with its provider (BuyPaymentStart.ts), the member's "I have paid",
 * an admin's funds received and confirmation, which fills the sales queue first in, first out
 * (BuyPaymentConfirmation.ts), and the provider's failure or decline (BuyPaymentFailures.ts).
 */

import { Effect } from "effect"
import { makeBuyPaymentConfirmation } from "./BuyPaymentConfirmation.ts"
import { makeBuyPaymentFailures } from "./BuyPaymentFailures.ts"
import { makeBuyPaymentStart } from "./BuyPaymentStart.ts"

/** The three parts' commands; what it requires is what they require. */
export const makeBuyPaymentCommands = Effect.gen(function* () {
  return {
    ...(yield* makeBuyPaymentStart),
    ...(yield* makeBuyPaymentConfirmation),
    ...(yield* makeBuyPaymentFailures),
  }
})
