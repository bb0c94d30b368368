/**
 * Rules of a buy's payment that depend on its method: when an unpaid order expires, and the card
 * providers' minimum.
 */

import { formatMoney } from "../format/Format.ts"
import {
  BANK_CRYPTO_ORDER_EXPIRY_MS,
  CARD_MINIMUM_CENTS,
  CARD_ORDER_EXPIRY_MS,
  MAX_CARD_ATTEMPTS,
} from "../shared/Constants.ts"
import type { CurrencyType, PaymentMethod } from "../shared/Enums.ts"

export type CardMethod = "card-stripe" | "card-square"

export const isCardMethod = (method: PaymentMethod): method is CardMethod =>
  method === "card-stripe" || method === "card-square"

/**
 * How long an unpaid buy keeps its reservation: 1 hour for card, 72 hours otherwise (bank, crypto, and
 * None, which has no payment under way). Counted from creation, again from a change of method (the new
 * method's window: BuyCommands.ts `updateBuyAmount`), and again from the start of the payment.
 */
export const expiryWindowMs = (method: PaymentMethod): number =>
  isCardMethod(method) ? CARD_ORDER_EXPIRY_MS : BANK_CRYPTO_ORDER_EXPIRY_MS

/** The card minimum message, naming the minimum: "Card payments must be at least €0.50". */
export const cardMinimumMessage = (currency: CurrencyType): string =>
  `Card payments must be at least ${formatMoney(CARD_MINIMUM_CENTS[currency], currency)}`

/** Undefined when a card payment of `amountCents` may go to the provider, else the message. */
export const checkCardMinimum = (amountCents: number, currency: CurrencyType): string | undefined =>
  amountCents < CARD_MINIMUM_CENTS[currency] ? cardMinimumMessage(currency) : undefined

/**
 * The idempotency key of a buy's payment attempt at its provider: one per attempt, so a retried call of the same
 * attempt never makes a second provider payment and a new attempt (another card after a decline) always makes a
 * new one. The first attempt keeps the key orders had before attempts existed.
 */
export const paymentAttemptKey = (orderId: string, attempt: number): string =>
  attempt <= 1 ? `${orderId}:payment` : `${orderId}:payment:${attempt}`

/**
 * What a declined card does to its order: the order waits for another card ("retry": back to Initiated, its
 * Units still reserved until its expiry) until MAX_CARD_ATTEMPTS cards were declined, then it fails ("fail":
 * Failed, its Units released). A cap on attempts keeps one order from being used to try card after card.
 */
export const afterDecline = (attempt: number): "retry" | "fail" =>
  attempt < MAX_CARD_ATTEMPTS ? "retry" : "fail"

/** Card attempts left after `attempt` was declined. */
export const attemptsLeftAfter = (attempt: number): number => Math.max(0, MAX_CARD_ATTEMPTS - attempt)

/** The member's words for a decline: the provider's reason and what happens next. */
export const declineMessage = (reason: string, attempt: number): string => {
  const said = reason.trim().replace(/[.\s]+$/, "")
  const left = attemptsLeftAfter(attempt)
  return left === 0
    ? `${said}. No money was taken. This was the ${MAX_CARD_ATTEMPTS}th declined card for this order, so the order is closed and its Units released: start a new order to buy them.`
    : `${said}. No money was taken and your order is still open: try another card (${left} ${left === 1 ? "try" : "tries"} left).`
}
