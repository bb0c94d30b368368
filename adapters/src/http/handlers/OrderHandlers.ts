import { memberActor } from "@landunits/core/access/AccessModel.ts"
import { MarketService } from "@landunits/core/market/MarketService.ts"
import { bankPaymentId } from "@landunits/core/orders/BankPaymentId.ts"
import { InvalidOrderRequest, OrderConflict, UnitsUnavailable } from "@landunits/core/orders/OrderErrors.ts"
import { Order, type OrderRecord } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { memberTimeline } from "@landunits/core/orders/OrderTimeline.ts"
import type { CryptoQuote } from "@landunits/core/orders/PaymentInstructions.ts"
import { declineMessage, isCardMethod } from "@landunits/core/orders/PaymentRules.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { CurrencyOfUnitType, type PaymentMethod, type UnitType } from "@landunits/core/shared/Enums.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { PaymentPage, type PaymentPageInfo } from "../../payments/PaymentsLayer.ts"
import { pricedUnitTypesIn, ReferenceData, todayIn } from "../../reference/ReferenceData.ts"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import type { CreateOrderPayload, PaymentIntent } from "../api/OrdersApi.ts"

const ORDER_FIELDS = Object.keys(Order.fields) as ReadonlyArray<keyof Order>

/**
 * The spec's Order: the engine's record without what only the engine needs (owner, sequence, timeline…). The
 * timeline is never copied as stored (it names admins and members): get_order_details adds the member's view.
 */
export const toOrder = (record: OrderRecord): Order =>
  Object.fromEntries(
    ORDER_FIELDS.filter((k) => record[k] !== undefined).map((k) => [k, record[k]]),
  ) as unknown as Order

/** Whether a buy paid by `method` runs against the built-in test-mode provider on this server. */
export const runsInTestMode = (page: PaymentPageInfo, method: PaymentMethod): boolean =>
  (method === "card-stripe" && page.stripe.mode === "test") ||
  (method === "card-square" && page.square.mode === "test")

/** What a buy holds about its payment; only buys are paid for, so any other order is a conflict. */
export const paymentIntentOf = (
  record: OrderRecord,
  page: PaymentPageInfo,
): Effect.Effect<PaymentIntent, OrderConflict> => {
  if (record.orderType !== "BUY" || record.paymentDetails === undefined) {
    return Effect.fail(
      new OrderConflict({ message: "Only a buy order has a payment", orderId: record.orderId }),
    )
  }
  const { paymentMethod, paymentAmount, currency } = record.paymentDetails
  const payment = record.payment
  const quote = cryptoQuoteOf(record)
  return Effect.succeed({
    orderId: record.orderId,
    orderStatus: record.orderStatus,
    paymentMethod,
    paymentAmount,
    currency,
    ...(record.buy?.clientSecret === undefined ? {} : { clientSecret: record.buy.clientSecret }),
    ...(record.buy?.paymentId === undefined ? {} : { paymentId: record.buy.paymentId }),
    ...(paymentMethod === "bank" ? { bankReference: bankPaymentId(record.orderId) } : {}),
    ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
    ...(payment?.attempt === undefined ? {} : { attempt: payment.attempt }),
    ...(payment?.lastDecline === undefined || !isCardMethod(paymentMethod)
      ? {}
      : {
          declined: {
            attempt: payment.lastDecline.attempt,
            at: payment.lastDecline.at,
            message: declineMessage(payment.lastDecline.reason, payment.lastDecline.attempt),
          },
        }),
    ...(quote === undefined ? {} : { cryptoQuote: quote }),
    testMode:
      runsInTestMode(page, paymentMethod) || (paymentMethod === "crypto" && payment?.cryptoTestMode === true),
  })
}

/** The crypto quote an unpaid or paid-by-the-member crypto buy holds, as the payment page shows it. */
const cryptoQuoteOf = (record: OrderRecord): CryptoQuote | undefined => {
  const p = record.payment
  const details = record.paymentDetails
  if (details?.paymentMethod !== "crypto" || p?.cryptoAddress === undefined || p.coin === undefined)
    return undefined
  return {
    _tag: "CryptoPayment",
    address: p.cryptoAddress,
    coin: p.coin,
    coinAmount: p.coinAmount ?? "",
    paymentAmount: details.paymentAmount,
    currency: details.currency,
    ...(p.coinPriceCents === undefined ? {} : { coinPriceCents: p.coinPriceCents }),
    ...(p.quotedAt === undefined ? {} : { quotedAt: p.quotedAt }),
    ...(p.quoteExpiresAt === undefined ? {} : { quoteExpiresAt: p.quoteExpiresAt }),
    ...(p.cryptoTestMode === undefined ? {} : { testMode: p.cryptoTestMode }),
  }
}

const invalid = (message: string) => Effect.fail(new InvalidOrderRequest({ message }))

/**
 * What a new installation may not have configured yet, refused in words before the engine needs it: an
 * order needs a price for each unit type it names, and a bank buy the platform's bank account in its
 * currency. Read from the reference snapshot (kept 5 s), so the check costs no query; just after an admin
 * sets a first price, an order may be refused for those 5 s, never let through without one.
 */
export const requireOnSale = (
  reference: ReferenceData["Service"],
  unitTypes: ReadonlyArray<UnitType>,
  paymentMethod: PaymentMethod | undefined,
) =>
  Effect.gen(function* () {
    const snapshot = yield* todayIn(reference)
    const priced = pricedUnitTypesIn(snapshot)
    const unpriced = unitTypes.find((unitType) => !priced.includes(unitType))
    if (unpriced !== undefined) {
      return yield* new UnitsUnavailable({ message: `${unpriced} Units are not on sale yet.` })
    }
    const currency = unitTypes[0] === undefined ? undefined : CurrencyOfUnitType[unitTypes[0]]
    if (paymentMethod === "bank" && currency !== undefined && snapshot.bankAccounts[currency] === undefined) {
      return yield* invalid(
        `Bank transfers in ${currency} are not available yet: choose another payment method.`,
      )
    }
  })

export const OrderHandlers = HttpApiBuilder.group(
  Api,
  "orders",
  Effect.fn(function* (handlers) {
    const orders = yield* OrderService
    const prices = yield* PriceBook
    const market = yield* MarketService
    const paymentPage = yield* PaymentPage
    const reference = yield* ReferenceData

    const create = (payload: CreateOrderPayload, key: IdempotencyKey) =>
      Effect.gen(function* () {
        const { memberId, sessionId } = yield* CurrentMember
        // The member on this session: sell, transfer and convert carry its guard (MemberUseCases.ts).
        const actor = memberActor(memberId, sessionId)
        const { unitType, numberOfUnits } = payload.currencyUnit
        const isDoubleLand = payload.isDoubleLand ?? payload.currencyUnit.isDoubleLand ?? false
        yield* requireOnSale(
          reference,
          payload.orderType === "CONVERT" && payload.convert !== undefined
            ? [unitType, payload.convert.unitType]
            : [unitType],
          payload.orderType === "BUY" ? payload.paymentDetails?.paymentMethod : undefined,
        )
        switch (payload.orderType) {
          case "BUY":
            return yield* orders.createBuy({
              memberId,
              idempotencyKey: key,
              unitType,
              numberOfUnits,
              paymentMethod: payload.paymentDetails?.paymentMethod ?? "None",
              isDoubleLand,
              referenceCode: payload.referenceCode,
              purchaseOrderReference: payload.purchaseOrderReference,
              confirmsBusinessPurpose: payload.confirmsBusinessPurpose ?? false,
              comments: payload.comments,
              utmData: payload.utmData,
            })
          case "SELL":
            return yield* orders.createSell({
              memberId,
              idempotencyKey: key,
              unitType,
              numberOfUnits,
              isDoubleLand,
              actor,
            })
          case "TRANSFER":
            if (payload.recipientEmail === undefined || payload.recipientEmail.trim() === "") {
              return yield* invalid("A transfer needs the recipient's email")
            }
            return yield* orders.createTransfer({
              memberId,
              idempotencyKey: key,
              unitType,
              numberOfUnits,
              recipientEmail: payload.recipientEmail,
              isDoubleLand,
              actor,
            })
          case "CONVERT":
            if (payload.convert === undefined)
              return yield* invalid("A conversion needs the unit type to convert to")
            return yield* orders.createConvert({
              memberId,
              idempotencyKey: key,
              fromUnitType: unitType,
              toUnitType: payload.convert.unitType,
              numberOfUnits,
              actor,
            })
        }
      })

    const keyOf = (headers: { readonly "idempotency-key": string }) =>
      IdempotencyKey.make(headers["idempotency-key"])

    return handlers
      .handle("createOrder", ({ payload, headers }) =>
        Effect.map(create(payload, keyOf(headers)), (o) => ({ orderCreatedData: toOrder(o) })),
      )
      .handle("updateOrderAmount", ({ payload, headers }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          if (payload.paymentMethod === "bank") {
            const order = yield* orders.getOrder(memberId, payload.orderId)
            yield* requireOnSale(reference, [order.currencyUnit.unitType], "bank")
          }
          const updated = yield* orders.updateBuyAmount({
            memberId,
            idempotencyKey: keyOf(headers),
            orderId: payload.orderId,
            numberOfUnits: payload.numberOfUnits,
            paymentMethod: payload.paymentMethod,
          })
          return { orderUpdatedData: toOrder(updated) }
        }),
      )
      .handle("startPayment", ({ payload, headers }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const started = yield* orders.startPayment({
            memberId,
            idempotencyKey: keyOf(headers),
            orderId: payload.orderId,
            coin: payload.coin,
          })
          return { orderData: toOrder(started.order), paymentInstructions: started.instructions }
        }),
      )
      .handle("successOrder", ({ payload, headers }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const order = yield* orders.successOrder({
            memberId,
            idempotencyKey: keyOf(headers),
            orderId: payload.orderId,
            transactionHash: payload.transactionHash,
          })
          return { orderSuccessData: toOrder(order) }
        }),
      )
      .handle("cancelOrder", ({ payload, headers }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const order = yield* orders.getOrder(memberId, payload.orderId)
          const request = { memberId, idempotencyKey: keyOf(headers), orderId: payload.orderId }
          const cancelled =
            order.orderType === "SELL"
              ? yield* orders.cancelSellRest(request)
              : yield* orders.cancelBuy(request)
          return { orderCancelledData: toOrder(cancelled) }
        }),
      )
      .handle("transactions", ({ query }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const page = yield* orders.transactions(memberId, query)
          return { ...page, transactions: page.transactions.map(toOrder) }
        }),
      )
      .handle("prices", () =>
        Effect.flatMap(prices.pricedUnitTypes, (priced) =>
          Effect.forEach(priced, (u) => prices.unitPrice(u)),
        ),
      )
      .handle("orderDetails", ({ params }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const record = yield* orders.getOrder(memberId, params.id)
          // The timeline as this member may read it: no admin's or other member's identity. The queue's
          // standing only on the seller's own sell (a transfer's recipient never reads another's queue).
          const standing = record.memberId === memberId ? yield* orders.queueStanding(record) : undefined
          // Only the member's own payouts: a transfer's recipient reads none of the sender's.
          const payouts = yield* orders.orderPayouts(memberId, record.orderId)
          return {
            orderData: {
              ...toOrder(record),
              timeline: memberTimeline(record, memberId),
              ...(standing === undefined ? {} : { salesQueue: standing }),
              payouts,
            },
          }
        }),
      )
      .handle("payouts", ({ query }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const payouts =
            query.orderId === undefined
              ? yield* orders.memberPayouts(memberId)
              : yield* orders.orderPayouts(memberId, query.orderId)
          return { payouts }
        }),
      )
      .handle("saleEstimate", ({ query }) =>
        Effect.gen(function* () {
          yield* requireOnSale(reference, [query.unitType], undefined)
          return { saleEstimate: yield* orders.saleEstimate(query.unitType, query.numberOfUnits) }
        }),
      )
      .handle("paymentIntent", ({ params }) =>
        Effect.gen(function* () {
          const { memberId } = yield* CurrentMember
          const order = yield* orders.getOrder(memberId, params.id)
          return { paymentIntent: yield* paymentIntentOf(order, paymentPage) }
        }),
      )
      .handle("discountByReferenceCode", ({ query }) =>
        Effect.map(market.discountByCode(query.code), (discount) => ({ discount })),
      )
  }),
)
