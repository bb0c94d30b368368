/**
 * What the member is told to do once a buy's payment is started, per payment method.
 * (Its own module: OrderModel is imported by PricingModel, so OrderModel cannot import PricingModel.)
 */
import { Schema } from "effect"
import { AdminBankDetails } from "../pricing/PricingModel.ts"
import { CryptoCoin, CurrencyType } from "../shared/Enums.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** What the member is told to do once a payment is started, per method. */
export const PaymentInstructions = Schema.Union([
  Schema.TaggedStruct("CardPayment", {
    paymentMethod: Schema.Literals(["card-stripe", "card-square"]),
    paymentId: Schema.String,
    clientSecret: Schema.String,
    paymentAmount: NonNegativeInt,
    currency: CurrencyType,
  }),
  Schema.TaggedStruct("BankPayment", {
    bankDetails: AdminBankDetails,
    /** The payment reference: the last 5 characters of the orderId. */
    reference: Schema.String,
    paymentAmount: NonNegativeInt,
    currency: CurrencyType,
  }),
  Schema.TaggedStruct("CryptoPayment", {
    address: Schema.String,
    coin: CryptoCoin,
    coinAmount: Schema.String,
    paymentAmount: NonNegativeInt,
    currency: CurrencyType,
  }),
])
export type PaymentInstructions = typeof PaymentInstructions.Type
