/**
 * A card the member's bank or the provider declined: the member's card, not our provider failing. Answered
 * 402 with a message the payment page shows as it is (the reason, and whether the order waits for another card); a provider that fails or is unreachable stays a
 * PaymentProviderError (502). Part of the HTTP contract, so this file imports no provider SDK.
 */
import { Schema } from "effect"

export class CardDeclined extends Schema.TaggedError<CardDeclined>()(
  "CardDeclined",
  { message: Schema.String, provider: Schema.String, code: Schema.String },
  { httpApiStatus: 402 },
) {}

/** What each of Square's decline codes tells the member; any other decline gets the general words. */
export const SQUARE_DECLINE_REASONS: Readonly<Record<string, string>> = {
  INSUFFICIENT_FUNDS: "the card has insufficient funds",
  CVV_FAILURE: "the security code (CVV) is wrong",
  VERIFY_CVV_FAILURE: "the security code (CVV) is wrong",
  ADDRESS_VERIFICATION_FAILURE: "the postal code does not match the card",
  VERIFY_AVS_FAILURE: "the postal code does not match the card",
  INVALID_EXPIRATION: "the expiry date is wrong",
  EXPIRATION_FAILURE: "the card has expired",
  INVALID_CARD: "the card number is not valid",
  CARD_NOT_SUPPORTED: "this card is not supported here",
  CARD_DECLINED_VERIFICATION_REQUIRED: "the card needs a verification the payment did not pass",
  CARD_DECLINED_CALL_ISSUER: "the bank asks you to call them",
  TRANSACTION_LIMIT: "the amount is above the card's limit",
  INVALID_PIN: "the PIN is wrong",
}

/**
 * The provider's reason as the member reads it ("Your card was declined: the card has insufficient funds"); core's
 * PaymentRules.ts `declineMessage` adds that no money was taken and whether the order waits for another card.
 */
export const declineReason = (reason: string): string => `Your card was declined: ${reason}`
