/**
 * Orders (spec §7, /order): create (BUY, SELL, TRANSFER, CONVERT: the order's own fields at the top level,
 * utmData beside them), change a buy's amount, start the payment, "I have paid", cancel, the transaction
 * list, today's prices, one order's details. Every command takes the Idempotency-Key header: a repeat
 * answers the first result; the same key with another request is refused (422).
 */
import { ReferenceCodeNotFound } from "@landunits/core/market/MarketErrors.ts"
import { ReferenceCodeQuery } from "@landunits/core/market/MarketModel.ts"
import { PurchaseOrderReferenceField } from "@landunits/core/orders/BuyReview.ts"
import { MemberPayout } from "@landunits/core/orders/MemberPayouts.ts"
import {
  InvalidOrderRequest,
  OrderConflict,
  OrderNotFound,
  SellNotAboveFee,
  UnitsUnavailable,
} from "@landunits/core/orders/OrderErrors.ts"
import {
  BuyErrors,
  BuyPaymentErrors,
  ConvertErrors,
  errorsOf,
  SellErrors,
  TransferErrors,
} from "@landunits/core/orders/OrderFamilyErrors.ts"
import { Order, TransactionFilters, UtmData } from "@landunits/core/orders/OrderModel.ts"
import { tooManyUnitsMessage } from "@landunits/core/orders/OrderSize.ts"
import { MemberTimelineEntry } from "@landunits/core/orders/OrderTimeline.ts"
import { CryptoQuote, PaymentInstructions } from "@landunits/core/orders/PaymentInstructions.ts"
import { DiscountCode } from "@landunits/core/orders/ports/DiscountCodes.ts"
import { SaleQueueStanding } from "@landunits/core/orders/SaleQueuePosition.ts"
import { UnitPrice } from "@landunits/core/pricing/PricingModel.ts"
import { MAX_UNITS_PER_ORDER } from "@landunits/core/shared/Constants.ts"
import {
  CryptoCoin,
  CurrencyType,
  OrderStatus,
  OrderType,
  PaymentMethod,
  UnitType,
} from "@landunits/core/shared/Enums.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { Authentication } from "./Authentication.ts"

const Units = Schema.Int.check(
  Schema.isGreaterThan(0, { message: "The number of Units must be a whole number above 0" }),
)

/** A buy's new number of Units (update_order_amount): at most MAX_UNITS_PER_ORDER. */
const BuyUnits = Units.check(
  Schema.isLessThanOrEqualTo(MAX_UNITS_PER_ORDER, { message: tooManyUnitsMessage("BUY") }),
)

export const IdempotencyHeaders = {
  "idempotency-key": Schema.String.check(
    Schema.isMinLength(8, { message: "The Idempotency-Key header must be at least 8 characters" }),
    Schema.isMaxLength(200, { message: "The Idempotency-Key header must be at most 200 characters" }),
  ),
}

export const CreateOrderPayload = Schema.Struct({
  orderType: OrderType,
  currencyUnit: Schema.Struct({
    unitType: UnitType,
    numberOfUnits: Units,
    isDoubleLand: Schema.optionalKey(Schema.Boolean),
  }),
  paymentDetails: Schema.optionalKey(Schema.Struct({ paymentMethod: PaymentMethod })),
  referenceCode: Schema.optionalKey(Schema.String),
  /** BUY: the buyer's purchase-order reference, printed on the invoice (core's BuyReview.ts). */
  purchaseOrderReference: PurchaseOrderReferenceField,
  /** BUY: the buyer confirms business purposes (the terms); a buy without it is refused (422). */
  confirmsBusinessPurpose: Schema.optionalKey(
    Schema.Boolean.annotate({
      description:
        "BUY: the buyer confirms business purposes, as the Terms and Conditions ask; a buy without it is refused (BusinessPurposeNotConfirmed, 422).",
    }),
  ),
  isDoubleLand: Schema.optionalKey(Schema.Boolean),
  recipientEmail: Schema.optionalKey(Schema.String),
  /** CONVERT: the unit type the Units become. */
  convert: Schema.optionalKey(Schema.Struct({ unitType: UnitType })),
  comments: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(300, { message: "Comments must be at most 300 characters" })),
  ),
  utmData: Schema.optionalKey(UtmData),
}).check(
  // At most MAX_UNITS_PER_ORDER, in the words of the order being placed ("You can sell at most …").
  Schema.makeFilter((order) =>
    order.currencyUnit.numberOfUnits <= MAX_UNITS_PER_ORDER
      ? undefined
      : { path: ["currencyUnit", "numberOfUnits"], issue: tooManyUnitsMessage(order.orderType) },
  ),
)
export type CreateOrderPayload = typeof CreateOrderPayload.Type

/**
 * A buy's payment values as the order holds them (spec §3 Buy part: clientSecret, paymentId), with what the
 * payment page needs beside them. Set by the payment provider's step; absent until then.
 */
export const PaymentIntent = Schema.Struct({
  orderId: OrderId,
  orderStatus: OrderStatus,
  paymentMethod: PaymentMethod,
  paymentAmount: Schema.Int,
  currency: CurrencyType,
  clientSecret: Schema.optionalKey(Schema.String),
  paymentId: Schema.optionalKey(Schema.String),
  /** Bank: the reference to put on the transfer (the last 5 characters of orderId). */
  bankReference: Schema.optionalKey(Schema.String),
  /** Epoch milliseconds at which an unpaid buy expires. */
  expiresAt: Schema.optionalKey(Schema.Int),
  /** Payment attempts started (card: one provider payment each; crypto: one quote each); absent before the first. */
  attempt: Schema.optionalKey(Schema.Int),
  /**
   * Card: the last declined attempt, in the member's words (the reason, that no money was taken, and how many
   * tries are left), while the order waits for another card or once the last allowed try failed it.
   */
  declined: Schema.optionalKey(
    Schema.Struct({ attempt: Schema.Int, at: Schema.Int, message: Schema.String }),
  ),
  /** Crypto: the quote the order holds (its coin, address, amount and expiry), to show it again on return. */
  cryptoQuote: Schema.optionalKey(CryptoQuote),
  /**
   * True when the payment runs against the built-in test mode (a card method without its provider's keys, or a
   * crypto quote to the test mode's example address): nothing is charged, and the payment page says so. False
   * for live card payments, live crypto and bank.
   */
  testMode: Schema.Boolean,
})
export type PaymentIntent = typeof PaymentIntent.Type

/**
 * One order as its page reads it (get_order_details): the spec's Order and its timeline, every status change
 * oldest first, as the member may read it (who in `actor`: you, another member, an administrator, the card
 * provider's event, a job; core's OrderTimeline.ts `memberTimeline`), and a queued sell's standing.
 */
export const OrderDetails = Schema.Struct({
  ...Order.fields,
  timeline: Schema.Array(MemberTimelineEntry),
  /**
   * A sell with Units still in the sales queue: its position, the Units ahead of it and the estimate of when
   * it is all sold (core's SaleQueuePosition.ts, issue 24). Absent on every other order.
   */
  salesQueue: Schema.optionalKey(SaleQueueStanding),
  /**
   * The payouts of this order, oldest first (issue 38): each filled slice of a sale, owed, ready to send or paid,
   * with its dates; empty for an order nothing is paid out for. The buyer is never named.
   */
  payouts: Schema.Array(MemberPayout),
})
export type OrderDetails = typeof OrderDetails.Type

/** `?orderId=`: one order's payouts (any type); without it, every payout of the member's. */
export const PayoutsQuery = Schema.Struct({ orderId: Schema.optionalKey(OrderId) })

/** A sale the member considers: its unit type and its number of Units (the sell review, issue 38). */
export const SaleEstimateQuery = Schema.Struct({ unitType: UnitType, numberOfUnits: Units })

const OrderIdentity = Schema.Struct({ orderId: OrderId })

/**
 * What each command endpoint can answer besides the rules every route shares (Api.ts): exactly the errors of the
 * engine's commands it runs (core's OrderFamilyErrors.ts), so the OpenAPI document lists those and no others
 * (test/http/OrderEndpointErrors.test.ts). create_order runs one of four commands by its order type; cancel_order
 * reads the order (404 for another's) and cancels a buy or the unsold rest of a sell.
 */
export const ORDER_ENDPOINT_ERRORS = {
  createOrder: errorsOf(
    BuyErrors.createBuy,
    SellErrors.createSell,
    TransferErrors.createTransfer,
    ConvertErrors.createConvert,
  ),
  updateOrderAmount: errorsOf(BuyErrors.updateBuyAmount),
  startPayment: errorsOf(BuyPaymentErrors.startPayment),
  successOrder: errorsOf(BuyPaymentErrors.successOrder),
  cancelOrder: errorsOf([OrderNotFound], BuyErrors.cancelBuy, SellErrors.cancelSellRest),
}

export class OrdersApi extends HttpApiGroup.make("orders")
  .add(
    HttpApiEndpoint.post("createOrder", "/order/create_order", {
      headers: IdempotencyHeaders,
      payload: CreateOrderPayload,
      success: Schema.Struct({ orderCreatedData: Order }),
      error: ORDER_ENDPOINT_ERRORS.createOrder,
    }),
    HttpApiEndpoint.post("updateOrderAmount", "/order/update_order_amount", {
      headers: IdempotencyHeaders,
      payload: Schema.Struct({
        orderId: OrderId,
        numberOfUnits: BuyUnits,
        paymentMethod: Schema.optionalKey(PaymentMethod),
      }),
      success: Schema.Struct({ orderUpdatedData: Order }),
      error: ORDER_ENDPOINT_ERRORS.updateOrderAmount,
    }),
    HttpApiEndpoint.post("startPayment", "/order/start_payment", {
      headers: IdempotencyHeaders,
      payload: Schema.Struct({ orderId: OrderId, coin: Schema.optionalKey(CryptoCoin) }),
      success: Schema.Struct({ orderData: Order, paymentInstructions: PaymentInstructions }),
      error: ORDER_ENDPOINT_ERRORS.startPayment,
    }),
    HttpApiEndpoint.post("successOrder", "/order/success_order", {
      headers: IdempotencyHeaders,
      payload: Schema.Struct({
        orderId: OrderId,
        transactionHash: Schema.optionalKey(Schema.String),
        utmData: Schema.optionalKey(UtmData),
      }),
      success: Schema.Struct({ orderSuccessData: Order }),
      error: ORDER_ENDPOINT_ERRORS.successOrder,
    }),
    HttpApiEndpoint.post("cancelOrder", "/order/cancel_order", {
      headers: IdempotencyHeaders,
      payload: OrderIdentity,
      success: Schema.Struct({ orderCancelledData: Order }),
      error: ORDER_ENDPOINT_ERRORS.cancelOrder,
    }),
    HttpApiEndpoint.get("transactions", "/order/getTransactions", {
      query: TransactionFilters,
      success: Schema.Struct({
        transactions: Schema.Array(Order),
        total: Schema.Int,
        page: Schema.Int,
        pageSize: Schema.Int,
      }),
    }),
    HttpApiEndpoint.get("prices", "/order/get_price", { success: Schema.Array(UnitPrice) }),
    HttpApiEndpoint.get("orderDetails", "/order/get_order_details/:id", {
      params: { id: OrderId },
      success: Schema.Struct({ orderData: OrderDetails }),
      error: OrderNotFound,
    }),
    HttpApiEndpoint.get("payouts", "/order/payouts", {
      query: PayoutsQuery,
      success: Schema.Struct({ payouts: Schema.Array(MemberPayout) }),
      error: OrderNotFound,
    }),
    HttpApiEndpoint.get("saleEstimate", "/order/sale_estimate", {
      query: SaleEstimateQuery,
      success: Schema.Struct({ saleEstimate: SaleQueueStanding }),
      error: [SellNotAboveFee, UnitsUnavailable, InvalidOrderRequest],
    }),
    HttpApiEndpoint.get("paymentIntent", "/order/get_payment_intent/:id", {
      params: { id: OrderId },
      success: Schema.Struct({ paymentIntent: PaymentIntent }),
      error: [OrderNotFound, OrderConflict],
    }),
    HttpApiEndpoint.get("discountByReferenceCode", "/referencecode/get_discount_by_reference_code", {
      query: ReferenceCodeQuery,
      success: Schema.Struct({ discount: DiscountCode }),
      error: ReferenceCodeNotFound,
    }),
  )
  .middleware(Authentication) {}
