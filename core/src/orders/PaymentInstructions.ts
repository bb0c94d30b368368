/**
 * What the member is told to do once a buy's payment is started, per payment method.
 * (Its own module: OrderModel is imported by PricingModel, so OrderModel cannot import PricingModel.)
 */
import { Schema } from "effect"
import { AdminBankDetails } from "../pricing/PricingModel.ts"
import { CryptoCoin, CurrencyType } from "../shared/Enums.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** A crypto payment's quote: where to send how much of which coin, and until when the amount holds. */
export const CryptoQuote = Schema.TaggedStruct("CryptoPayment", {
  address: Schema.String,
  coin: CryptoCoin,
  coinAmount: Schema.String,
  paymentAmount: NonNegativeInt,
  currency: CurrencyType,
  /** The quote: the coin's price it used (minor units per coin), when it was made and until when it holds. */
  coinPriceCents: Schema.optionalKey(Schema.Int),
  quotedAt: Schema.optionalKey(Schema.Int),
  quoteExpiresAt: Schema.optionalKey(Schema.Int),
  /** The built-in test mode's example address: nothing real is received there. */
  testMode: Schema.optionalKey(Schema.Boolean),
})
export type CryptoQuote = typeof CryptoQuote.Type

/** What the member is told to do once a payment is started, per method. */
export const PaymentInstructions = Schema.Union([
  Schema.TaggedStruct("CardPayment", {
    paymentMethod: Schema.Literals(["card-stripe", "card-square"]),
    paymentId: Schema.String,
    clientSecret: Schema.String,
    paymentAmount: NonNegativeInt,
    currency: CurrencyType,
    /** Which payment attempt of the order this is (1 for the first card, 2 after one was declined…). */
    attempt: Schema.optionalKey(Schema.Int),
  }),
  Schema.TaggedStruct("BankPayment", {
    bankDetails: AdminBankDetails,
    /** The payment reference: the last 5 characters of the orderId. */
    reference: Schema.String,
    paymentAmount: NonNegativeInt,
    currency: CurrencyType,
  }),
  CryptoQuote,
])
export type PaymentInstructions = typeof PaymentInstructions.Type
