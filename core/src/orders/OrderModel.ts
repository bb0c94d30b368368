/**
 * The order of spec §3 as it travels between web, API and core, with the spec's field names.
 * Money is integer cents; pricePerUnit is in 1/PRICE_SCALE of a currency unit; Units are whole numbers.
 */
import { Schema } from "effect"
import {
  CryptoCoin,
  CurrencyType,
  OrderStatus,
  OrderType,
  PaymentMethod,
  SortDirection,
  UnitType,
  UnitTypeFilter,
} from "../shared/Enums.ts"
import { MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import { TimelineEntry } from "./OrderTimeline.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const PaymentMethodFees = Schema.Struct({
  fixedCentsFees: NonNegativeInt,
  /** A percentage with up to two decimals (1.5 means 1.5%). */
  fixedPercentageFees: Schema.Finite.check(Schema.isGreaterThanOrEqualTo(0)),
})
export type PaymentMethodFees = typeof PaymentMethodFees.Type

export const PaymentDetails = Schema.Struct({
  paymentAmount: NonNegativeInt,
  paymentMethod: PaymentMethod,
  paymentMethodFees: PaymentMethodFees,
  currency: CurrencyType,
  subTotal: NonNegativeInt,
  transactionFee: NonNegativeInt,
})
export type PaymentDetails = typeof PaymentDetails.Type

export const CurrencyUnit = Schema.Struct({
  unitType: UnitType,
  numberOfUnits: Schema.Int.check(Schema.isGreaterThan(0)),
  pricePerUnit: NonNegativeInt,
  isDoubleLand: Schema.Boolean,
  buyOrderTransactionFeeInCents: Schema.optionalKey(NonNegativeInt),
  sellOrderTransactionFeeInUnits: Schema.optionalKey(NonNegativeInt),
  convertOrderTransactionFeeInUnits: Schema.optionalKey(NonNegativeInt),
})
export type CurrencyUnit = typeof CurrencyUnit.Type

export const Discount = Schema.Struct({
  isPercent: Schema.Boolean,
  /** Percent (isPercent) or cents. */
  amount: NonNegativeInt,
  /** The discount actually taken off this order, in cents. */
  discountValue: NonNegativeInt,
  minPaymentAmountInCents: NonNegativeInt,
})
export type Discount = typeof Discount.Type

export const BuyPart = Schema.Struct({
  clientSecret: Schema.optionalKey(Schema.String),
  paymentId: Schema.optionalKey(Schema.String),
  referenceCode: Schema.optionalKey(Schema.String),
  comments: Schema.optionalKey(Schema.String),
  discount: Schema.optionalKey(Discount),
  /** The buyer's purchase-order reference (trimmed, 1 to 64 printable characters), printed on the invoice. */
  purchaseOrderReference: Schema.optionalKey(Schema.String),
})
export type BuyPart = typeof BuyPart.Type

export const TransferPart = Schema.Struct({
  recipientEmail: Schema.String,
})
export type TransferPart = typeof TransferPart.Type

export const ConvertPart = Schema.Struct({
  numberOfUnits: Schema.Int.check(Schema.isGreaterThan(0)),
  unitType: UnitType,
  pricePerUnit: NonNegativeInt,
  /** Exchange rate from the source currency to the target currency, scaled by EXCHANGE_RATE_SCALE. */
  exchangeRate: Schema.Int.check(Schema.isGreaterThan(0)),
  paymentDetails: Schema.optionalKey(PaymentDetails),
  /**
   * The value of the source Units that bought no whole target Unit, in cents of `remainderCurrency`, rounded up
   * (Convert.ts `convertRemainderCents`): the member's, paid back as the payout `remainderPayoutId` (none when 0).
   * Absent on converts placed before remainders were paid back.
   */
  remainderInCents: Schema.optionalKey(
    NonNegativeInt.annotate({
      description:
        "The value of the source Units that bought no whole target Unit, in cents of remainderCurrency, rounded up: paid back to the member as the payout remainderPayoutId (none when 0).",
    }),
  ),
  /** The source unit type's currency: what the member gave, so the remainder crosses no exchange rate. */
  remainderCurrency: Schema.optionalKey(
    CurrencyType.annotate({
      description:
        "The currency of remainderInCents and convertOrderTransactionFeeInCents: the source Units'.",
    }),
  ),
  /** The payout owed to the member for the remainder; absent when the remainder is 0. */
  remainderPayoutId: Schema.optionalKey(
    PayoutId.annotate({
      description: "The payout owed to the member for the remainder; absent when it is 0.",
    }),
  ),
  /**
   * The convert fee (paid in source Units, currencyUnit.convertOrderTransactionFeeInUnits) at the day's source
   * price, in cents of `remainderCurrency`, rounded half-up: what the fee is worth in money.
   */
  convertOrderTransactionFeeInCents: Schema.optionalKey(
    NonNegativeInt.annotate({
      description:
        "The convert fee (taken in source Units) at the day's source price, in cents of remainderCurrency, rounded half-up.",
    }),
  ),
})
export type ConvertPart = typeof ConvertPart.Type

export const UtmData = Schema.Struct({
  utm_source: Schema.optionalKey(Schema.String),
  utm_medium: Schema.optionalKey(Schema.String),
  utm_campaign: Schema.optionalKey(Schema.String),
})
export type UtmData = typeof UtmData.Type

export const Order = Schema.Struct({
  orderId: OrderId,
  orderType: OrderType,
  orderStatus: OrderStatus,
  paymentDetails: Schema.optionalKey(PaymentDetails),
  currencyUnit: CurrencyUnit,
  buy: Schema.optionalKey(BuyPart),
  transfer: Schema.optionalKey(TransferPart),
  convert: Schema.optionalKey(ConvertPart),
  utmData: Schema.optionalKey(UtmData),
  /** ISO-8601 instants. */
  createdAt: Schema.String,
  updatedAt: Schema.String,
})
export type Order = typeof Order.Type

/** The response wrappers of spec §3. */
export const OrderCreatedData = Schema.Struct({ orderCreatedData: Order })
export type OrderCreatedData = typeof OrderCreatedData.Type
export const OrderUpdatedData = Schema.Struct({ orderUpdatedData: Order })
export type OrderUpdatedData = typeof OrderUpdatedData.Type
export const OrderSuccessData = Schema.Struct({ orderSuccessData: Order })
export type OrderSuccessData = typeof OrderSuccessData.Type
export const OrderCancelledData = Schema.Struct({ orderCancelledData: Order })
export type OrderCancelledData = typeof OrderCancelledData.Type
export const OrderData = Schema.Struct({ orderData: Order })
export type OrderData = typeof OrderData.Type

/** Transaction list filters of spec §3. */
export const TransactionFilters = Schema.Struct({
  page: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  pageSize: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 100 }))),
  fromDate: Schema.optionalKey(Schema.String),
  toDate: Schema.optionalKey(Schema.String),
  orderStatus: Schema.optionalKey(OrderStatus),
  paymentMethod: Schema.optionalKey(PaymentMethod),
  orderType: Schema.optionalKey(OrderType),
  unitType: Schema.optionalKey(UnitTypeFilter),
  sortBy: Schema.optionalKey(
    Schema.Literals(["createdAt", "updatedAt", "orderStatus", "orderType", "paymentAmount"]),
  ),
  sortDirection: Schema.optionalKey(SortDirection),
})
export type TransactionFilters = typeof TransactionFilters.Type

// ---------------------------------------------------------------------------------------------------------
// The order engine's own records: an order as the engine stores it (the spec's Order plus what the engine
// needs to run it), and the payouts owed to members.

/** Where the Units of a sell or transfer come from: the member's owned or owned_DOUBLE_LAND (LU2X) balance. */
export const SourceBucket = Schema.Literals(["owned", "owned_DOUBLE_LAND"])
export type SourceBucket = typeof SourceBucket.Type

/** The currency unit of a sell or transfer: the Units leave the member's source bucket at today's price. */
export const currencyUnitFromSource = (input: {
  readonly unitType: CurrencyUnit["unitType"]
  readonly numberOfUnits: number
  readonly pricePerUnit: number
  readonly source: SourceBucket
}): CurrencyUnit => ({
  unitType: input.unitType,
  numberOfUnits: input.numberOfUnits,
  pricePerUnit: input.pricePerUnit,
  isDoubleLand: input.source === "owned_DOUBLE_LAND",
})

/** A sell order's place in the sales queue. remaining = queuedUnits − soldUnits − cancelledUnits. */
export const SellProgress = Schema.Struct({
  source: SourceBucket,
  feeUnits: NonNegativeInt,
  queuedUnits: NonNegativeInt,
  soldUnits: NonNegativeInt,
  cancelledUnits: NonNegativeInt,
})
export type SellProgress = typeof SellProgress.Type

/** A card payment attempt the provider declined: the order stayed payable (PaymentRules.ts, `afterDecline`). */
export const DeclinedAttempt = Schema.Struct({
  attempt: Schema.Int.check(Schema.isGreaterThan(0)),
  /** The provider's reason, in the member's words. */
  reason: Schema.String,
  at: Schema.Int,
})
export type DeclinedAttempt = typeof DeclinedAttempt.Type

/** What the engine recorded about a buy's payment beyond the spec's BuyPart. */
export const PaymentProgress = Schema.Struct({
  /**
   * Payment attempts started: card, one provider payment each (its own idempotency key, PaymentRules.ts
   * `paymentAttemptKey`); crypto, one quote each. The order's buy.paymentId and clientSecret are the last one's.
   */
  attempt: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThan(0))),
  /** Card: the last attempt the provider declined, while the order waits for another card. */
  lastDecline: Schema.optionalKey(DeclinedAttempt),
  /** Crypto: the transaction hash the member gave at success_order. */
  transactionHash: Schema.optionalKey(Schema.String),
  cryptoAddress: Schema.optionalKey(Schema.String),
  coin: Schema.optionalKey(CryptoCoin),
  /** The coin amount as a decimal string (never a float). */
  coinAmount: Schema.optionalKey(Schema.String),
  /** Crypto: the coin's price the quote used, in minor units of the order's currency per whole coin. */
  coinPriceCents: Schema.optionalKey(Schema.Int),
  /** Crypto: when the quote was made and until when it holds (CRYPTO_QUOTE_VALIDITY_MS), epoch milliseconds. */
  quotedAt: Schema.optionalKey(Schema.Int),
  quoteExpiresAt: Schema.optionalKey(Schema.Int),
  /** Crypto: the quote's address is the built-in test mode's example address (nothing real is received). */
  cryptoTestMode: Schema.optionalKey(Schema.Boolean),
  /** Card: when the member came back from the provider's page (it moves no Units by itself). */
  memberReturnedAt: Schema.optionalKey(Schema.Int),
  /** Failed: the provider's reason. */
  failureReason: Schema.optionalKey(Schema.String),
})
export type PaymentProgress = typeof PaymentProgress.Type

/** An order as the engine stores it: the spec's fields plus its owner, queue position and timeline. */
export const OrderRecord = Schema.Struct({
  ...Order.fields,
  memberId: MemberId,
  /** Assigned by the repository on insert, strictly increasing: the sales queue's first-in-first-out order. */
  sequence: Schema.Int,
  /**
   * Every status the order entered, oldest first, with the status it left, who moved it and why
   * (OrderTimeline.ts); the first is its creation (Initiated), the last is orderStatus.
   */
  timeline: Schema.Array(TimelineEntry),
  /** Buy awaiting payment: the instant it expires (72 h bank/crypto/None, 1 h card). */
  expiresAt: Schema.optionalKey(Schema.Int),
  /** Convert: the instant its Units leave convertLocked (30 days after creation). */
  unlockAt: Schema.optionalKey(Schema.Int),
  sell: Schema.optionalKey(SellProgress),
  payment: Schema.optionalKey(PaymentProgress),
  /** Transfer: the recipient found by recipientEmail. */
  recipientMemberId: Schema.optionalKey(MemberId),
})
export type OrderRecord = typeof OrderRecord.Type

/** An order before the repository gave it its sequence. */
export type NewOrderRecord = Omit<OrderRecord, "sequence">

export const PayoutStatus = Schema.Literals(["Initiated", "AUDReadyToSendBetweenAccounts", "Completed"])
export type PayoutStatus = typeof PayoutStatus.Type

/**
 * What a payout pays for: a slice of a sell taken by a buy (`sale`), or the remainder of a convert
 * (`convertRemainder`: the value of the source Units that bought no whole target Unit).
 */
export const PayoutKind = Schema.Literals(["sale", "convertRemainder"])
export type PayoutKind = typeof PayoutKind.Type

/**
 * Money owed to a member: a seller's slice of a sell order taken by one buy (slice × buy price), or a convert's
 * remainder. Both are owed, made ready (AUD) and paid through the same steps (PayoutCommands.ts).
 */
export const Payout = Schema.Struct({
  payoutId: PayoutId,
  /** The member paid: the seller, or the member who converted. */
  memberId: MemberId,
  /** Absent on payouts stored before converts had remainders: a sale. */
  kind: Schema.optionalKey(PayoutKind),
  /** The order whose Units it pays for: the sell; for a convert's remainder, the convert. */
  sellOrderId: OrderId,
  /** The order whose money pays it: the buy that took the slice; for a convert's remainder, the convert too. */
  buyOrderId: OrderId,
  /** The unit type of the Units it pays for: the sell's; for a convert's remainder, the source's. */
  unitType: UnitType,
  /** The whole Units it pays for: the slice; 0 for a convert's remainder (a part of one Unit). */
  units: NonNegativeInt,
  /** The buy's pricePerUnit (a convert's remainder: the source's price that day), in 1/PRICE_SCALE of a currency unit. */
  pricePerUnit: NonNegativeInt,
  amountCents: NonNegativeInt,
  currency: CurrencyType,
  status: PayoutStatus,
  statusHistory: Schema.Array(Schema.Struct({ status: PayoutStatus, at: Schema.Int })),
  createdAt: Schema.Int,
})
export type Payout = typeof Payout.Type
