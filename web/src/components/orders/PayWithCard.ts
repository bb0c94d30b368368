/**
 * What a live card form does when the member pays: set by the provider's form (StripeCardForm,
 * SquareCardForm), called by the payment page's machine. Its own module, so the page and the forms it loads
 * do not import each other.
 */
import type { PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import type { CardOutcome } from "../../machines/buyMachine.ts"

export type PayWithCard = (input: {
  orderId: string
  card: string
  instructions: PaymentInstructions | null
}) => Promise<CardOutcome>
