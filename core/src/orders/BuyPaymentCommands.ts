/**
 * A buy's payment steps: start the payment with its provider (BuyPaymentStart.ts), the member's "I have paid",
 * an admin's funds received and confirmation, which fills the sales queue first in, first out
 * (BuyPaymentConfirmation.ts), and the provider's failure or decline (BuyPaymentFailures.ts).
 */

import { makeBuyPaymentConfirmation } from "./BuyPaymentConfirmation.ts"
import { makeBuyPaymentFailures } from "./BuyPaymentFailures.ts"
import { makeBuyPaymentStart } from "./BuyPaymentStart.ts"
import type { OrderFrame } from "./OrderCommandFrame.ts"

export const makeBuyPaymentCommands = (frame: OrderFrame) => ({
  ...makeBuyPaymentStart(frame),
  ...makeBuyPaymentConfirmation(frame),
  ...makeBuyPaymentFailures(frame),
})
