/**
 * The member's order forms (buy, sell, transfer, convert) and the crypto payment page, as the web app checks
 * them before sending: the same words the API answers with. Inputs are text as typed; the numbers are read
 * from the decoded text by `unitsOf`. The spec names no message for these fields (docs/decisions.md).
 */
import { Schema } from "effect"
import { EMAIL_PATTERN } from "../members/MemberValidation.ts"
import { MAX_UNITS_PER_ORDER } from "../shared/Constants.ts"
import type { OrderType } from "../shared/Enums.ts"
import { accepted, maxLength, minLength, optionalText, pattern, requiredText } from "../validation/Fields.ts"
import { SpecMessage as S } from "../validation/Messages.ts"
import { BUSINESS_PURPOSE_NOT_CONFIRMED, PurchaseOrderReferenceField } from "./BuyReview.ts"
import { tooManyUnitsMessage } from "./OrderSize.ts"

export const OrderFormMessage = {
  unitsRequired: "Number of Units is required",
  unitsWhole: "The number of Units must be a whole number above 0",
  referenceCodeMaxLength: "Reference code must be at most 64 characters",
  recipientEmailRequired: "Recipient email is required",
  recipientEmailMaxLength: "Email must be at most 255 characters",
  transactionHashRequired: "Transaction hash is required",
  transactionHashFormat: "Transaction hash must be 20 to 200 letters or digits",
} as const

const M = OrderFormMessage

/**
 * A whole number of Units above 0 and at most MAX_UNITS_PER_ORDER, typed as text; over the maximum it says how
 * many Units an order of `orderType` may hold ("You can buy at most 1,000,000 Units in one order").
 */
export const unitsField = (orderType: OrderType) =>
  requiredText(
    M.unitsRequired,
    pattern(/^[0-9]+$/, M.unitsWhole).abort(),
    pattern(/^0*[1-9][0-9]*$/, M.unitsWhole).abort(),
    Schema.makeFilter((text: string) =>
      unitsOf(text) <= MAX_UNITS_PER_ORDER ? undefined : tooManyUnitsMessage(orderType),
    ),
  )

/** The number a valid units field holds. */
export const unitsOf = (text: string): number => Number.parseInt(text, 10)

/** Buy: Units and an optional reference code (unit type, method and LU2X are choices, not typed). */
export const BuyOrderForm = Schema.Struct({
  numberOfUnits: unitsField("BUY"),
  referenceCode: optionalText(maxLength(64, M.referenceCodeMaxLength)),
})
export type BuyOrderForm = typeof BuyOrderForm.Type

/**
 * The buy's review (BuyReview.ts): an optional purchase-order reference, and the business-purpose confirmation
 * every buyer ticks (the terms; a buy without it is refused in the same words).
 */
export const BuyReviewForm = Schema.Struct({
  purchaseOrderReference: PurchaseOrderReferenceField,
  confirmsBusinessPurpose: accepted(BUSINESS_PURPOSE_NOT_CONFIRMED),
})
export type BuyReviewForm = typeof BuyReviewForm.Type

/** Sell: the number of Units. */
export const SellOrderForm = Schema.Struct({ numberOfUnits: unitsField("SELL") })
export type SellOrderForm = typeof SellOrderForm.Type

/** Convert: the number of Units of the unit type converted from. */
export const ConvertOrderForm = Schema.Struct({ numberOfUnits: unitsField("CONVERT") })
export type ConvertOrderForm = typeof ConvertOrderForm.Type

/** Transfer: Units and the recipient's email (a registered member; the sender sees their name first). */
export const TransferOrderForm = Schema.Struct({
  numberOfUnits: unitsField("TRANSFER"),
  recipientEmail: requiredText(
    M.recipientEmailRequired,
    minLength(5, S.emailMinLength),
    maxLength(255, M.recipientEmailMaxLength),
    pattern(EMAIL_PATTERN, S.invalidEmailFormat),
  ),
})
export type TransferOrderForm = typeof TransferOrderForm.Type

/** Crypto: the transaction hash the member sent the coins with. */
export const CryptoPaymentForm = Schema.Struct({
  transactionHash: requiredText(
    M.transactionHashRequired,
    pattern(/^(0x)?[A-Za-z0-9]{20,200}$/, M.transactionHashFormat),
  ),
})
export type CryptoPaymentForm = typeof CryptoPaymentForm.Type
