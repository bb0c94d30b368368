/**
 * Rules of a buy's payment that depend on its method: when an unpaid order expires, and the card
 * providers' minimum.
 */

import { formatMoney } from "../format/Format.ts"
import { BANK_CRYPTO_ORDER_EXPIRY_MS, CARD_MINIMUM_CENTS, CARD_ORDER_EXPIRY_MS } from "../shared/Constants.ts"
import type { CurrencyType, PaymentMethod } from "../shared/Enums.ts"

export type CardMethod = "card-stripe" | "card-square"

export const isCardMethod = (method: PaymentMethod): method is CardMethod =>
  method === "card-stripe" || method === "card-square"

/**
 * How long an unpaid buy keeps its reservation: 1 hour for card, 72 hours otherwise (bank, crypto, and
 * None, which has no payment under way). Counted from creation, and again from the start of the payment.
 */
export const expiryWindowMs = (method: PaymentMethod): number =>
  isCardMethod(method) ? CARD_ORDER_EXPIRY_MS : BANK_CRYPTO_ORDER_EXPIRY_MS

/** The card minimum message, naming the minimum: "Card payments must be at least €0.50". */
export const cardMinimumMessage = (currency: CurrencyType): string =>
  `Card payments must be at least ${formatMoney(CARD_MINIMUM_CENTS[currency], currency)}`

/** Undefined when a card payment of `amountCents` may go to the provider, else the message. */
export const checkCardMinimum = (amountCents: number, currency: CurrencyType): string | undefined =>
  amountCents < CARD_MINIMUM_CENTS[currency] ? cardMinimumMessage(currency) : undefined
