/**
 * The buy commands a member starts: create a buy (its price, fees and code read before its lock; its key, capacity and
 * write under it, with the other buys of its batch: BuyBatches.ts), change its amount, cancel it before payment.
 */

import { Effect, Option, Result } from "effect"
import { type DiscountTerms, priceBuyOrder } from "../fees/Fees.ts"
import { ISSUANCE, member } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { CurrencyType, PaymentMethod } from "../shared/Enums.ts"
import { BuyBatches } from "./BuyBatches.ts"
import { purchaseOrderReferenceOf, requireBusinessPurpose } from "./BuyReview.ts"
import { cryptoRefusal } from "./CryptoOffers.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { EmailNotConfirmed, InvalidOrderRequest, OrderConflict } from "./OrderErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { NewOrderRecord, OrderRecord } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateBuyRequest, MemberOrderRequest, UpdateBuyAmountRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { expiryWindowMs, isCardMethod } from "./PaymentRules.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { IdempotencyStore } from "./ports/IdempotencyStore.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"

export const makeBuyCommands = Effect.gen(function* () {
  const batches = yield* BuyBatches
  const crypto = yield* CryptoPayments
  const idempotency = yield* IdempotencyStore
  const ledger = yield* LedgerService
  const members = yield* MemberStanding
  const orders = yield* OrderRepository
  const prices = yield* PriceBook
  const square = yield* SquareGateway
  const stripe = yield* StripeGateway
  const uow = yield* UnitOfWork
  const { command, keyRecord, memberScope, onceMoreIfKeyTaken, replay, withoutKey } =
    yield* OrderCommandRunner
  const { ownOrder } = yield* OrderLocks
  const { checkBuyLimits, requireOrderSize } = yield* OrderLimits
  const { baseRecord, externalFeeOf, findDiscount, iso, newOrderId, now, releaseDrafts, transition } =
    yield* OrderRecords

  /** A crypto buy needs a coin offered in its currency: an address and a current price (CryptoOffers.ts). */
  const requireCryptoOffered = Effect.fnUntraced(function* (method: PaymentMethod, currency: CurrencyType) {
    if (method !== "crypto") return
    const refusal = cryptoRefusal(yield* crypto.offers, currency)
    if (refusal !== undefined) return yield* new InvalidOrderRequest({ message: refusal })
  })

  /** A new buy's reads that its unit type's lock does not guard: the member, the price, the fees, the code. */
  const priceBuy = Effect.fnUntraced(function* (request: CreateBuyRequest) {
    // The buy's own rules first (BuyReview.ts): the business-purpose confirmation, and the reference's form.
    yield* requireBusinessPurpose(request.confirmsBusinessPurpose)
    const purchaseOrderReference = yield* purchaseOrderReferenceOf(request.purchaseOrderReference)
    const standing = yield* members.standing(request.memberId)
    if (!standing.emailConfirmed) {
      return yield* new EmailNotConfirmed({
        message: "Please confirm your email address before buying Units",
      })
    }
    yield* requireOrderSize(request.numberOfUnits, "BUY")
    const price = yield* prices.unitPrice(request.unitType)
    yield* requireCryptoOffered(request.paymentMethod, price.currency)
    const externalFee = yield* externalFeeOf(request.paymentMethod)
    const code =
      request.referenceCode === undefined || request.referenceCode.trim() === ""
        ? undefined
        : yield* findDiscount(request.referenceCode)
    const priced = priceBuyOrder({
      numberOfUnits: request.numberOfUnits,
      pricePerUnit: price.pricePerUnit,
      isDoubleLand: request.isDoubleLand,
      buyFeeCents: price.buyOrderTransactionFeeInCents,
      externalFee,
      discount: code,
    })
    return { price, externalFee, code, priced, purchaseOrderReference }
  })

  /**
   * A new buy. Its reads that the unit type's lock does not guard (the member, the price, the fees, the code) come
   * first, outside any transaction; the order and its transfers are made from them. Then the buy joins the next
   * batch of its unit type (BuyBatches.ts), which under the lock reads its key (a repeat answers its first result),
   * judges it on the unit type's totals with the batch's earlier buys counted (`judgeBuy`) and writes it with the
   * others, answering once the batch has committed. A repeat answers its first result whatever those reads say now
   * (a discount code removed since, say), so their refusal waits until the key is known to be new: then the key
   * alone is read under the lock.
   */
  const createBuy = (request: CreateBuyRequest) => {
    const key = keyRecord(
      memberScope(request.memberId),
      "createBuy",
      request.idempotencyKey,
      withoutKey(request),
    )
    return Effect.gen(function* () {
      const pricing = yield* Effect.result(priceBuy(request))
      if (Result.isFailure(pricing)) {
        return yield* onceMoreIfKeyTaken(
          uow.transaction(
            Effect.gen(function* () {
              yield* uow.lockUnitTypes([request.unitType])
              const existing = yield* idempotency.find(key.scope, key.idempotencyKey)
              if (Option.isSome(existing)) return yield* replay<OrderRecord>(existing.value, key)
              return yield* Effect.fail(pricing.failure)
            }),
          ),
        )
      }
      const { price, externalFee, code, priced, purchaseOrderReference } = pricing.success
      const { unitType, numberOfUnits, isDoubleLand, paymentMethod } = request
      const at = yield* now
      const orderId = yield* newOrderId
      const transfers = yield* ledger.prepare(orderId, [
        {
          unitType,
          from: ISSUANCE,
          to: member(request.memberId, "pendingBuy"),
          units: numberOfUnits,
        },
      ])
      const order: NewOrderRecord = {
        ...baseRecord({
          orderId,
          memberId: request.memberId,
          orderType: "BUY",
          at,
          currencyUnit: {
            unitType,
            numberOfUnits,
            pricePerUnit: price.pricePerUnit,
            isDoubleLand,
            buyOrderTransactionFeeInCents: price.buyOrderTransactionFeeInCents,
          },
        }),
        paymentDetails: {
          paymentAmount: priced.paymentAmount,
          paymentMethod,
          paymentMethodFees: externalFee,
          currency: price.currency,
          subTotal: priced.subTotal,
          transactionFee: priced.transactionFee,
        },
        buy: {
          ...(code === undefined
            ? {}
            : {
                referenceCode: code.code,
                discount: {
                  isPercent: code.isPercent,
                  amount: code.amount,
                  discountValue: priced.discountValue,
                  minPaymentAmountInCents: code.minPaymentAmountInCents,
                },
              }),
          ...(request.comments === undefined ? {} : { comments: request.comments }),
          ...(purchaseOrderReference === undefined ? {} : { purchaseOrderReference }),
        },
        ...(request.utmData === undefined ? {} : { utmData: request.utmData }),
        expiresAt: at + expiryWindowMs(paymentMethod),
      }
      const recorded = yield* batches.record({
        entry: { unitType, order, transfers, key },
        limits: {
          memberId: request.memberId,
          unitType,
          units: numberOfUnits,
          isDoubleLand,
          paymentAmount: priced.paymentAmount,
        },
      })
      return recorded._tag === "Repeated"
        ? yield* replay<OrderRecord>(recorded.existing, key)
        : recorded.order
    })
  }

  const updateBuyAmount = (request: UpdateBuyAmountRequest) =>
    command(
      memberScope(request.memberId),
      "updateBuyAmount",
      request,
      Effect.gen(function* () {
        const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
        if (order.orderStatus !== "Initiated") {
          return yield* new OrderConflict({
            message: `Order ${order.orderId} is ${order.orderStatus}: only an order whose payment has not started can change`,
            orderId: order.orderId,
          })
        }
        yield* requireOrderSize(request.numberOfUnits, "BUY")
        const { unitType, isDoubleLand, pricePerUnit } = order.currencyUnit
        const paymentMethod = request.paymentMethod ?? order.paymentDetails!.paymentMethod
        const methodChanged = paymentMethod !== order.paymentDetails!.paymentMethod
        if (methodChanged) yield* requireCryptoOffered(paymentMethod, order.paymentDetails!.currency)
        const externalFee = yield* externalFeeOf(paymentMethod)
        const terms: DiscountTerms | undefined = order.buy?.discount
        const priced = priceBuyOrder({
          numberOfUnits: request.numberOfUnits,
          pricePerUnit,
          isDoubleLand,
          buyFeeCents: order.currencyUnit.buyOrderTransactionFeeInCents ?? 0,
          externalFee,
          discount: terms,
        })
        yield* checkBuyLimits({
          memberId: request.memberId,
          unitType,
          units: request.numberOfUnits,
          isDoubleLand,
          paymentAmount: priced.paymentAmount,
          own: order,
        })
        const delta = request.numberOfUnits - order.currencyUnit.numberOfUnits
        const pendingBuy = member(order.memberId, "pendingBuy")
        yield* ledger.post(
          order.orderId,
          delta > 0
            ? [{ unitType, from: ISSUANCE, to: pendingBuy, units: delta }]
            : delta < 0
              ? [{ unitType, from: pendingBuy, to: ISSUANCE, units: -delta }]
              : [],
        )
        const at = yield* now
        const updated: OrderRecord = {
          ...order,
          currencyUnit: { ...order.currencyUnit, numberOfUnits: request.numberOfUnits },
          paymentDetails: {
            ...order.paymentDetails!,
            paymentMethod,
            paymentMethodFees: externalFee,
            subTotal: priced.subTotal,
            transactionFee: priced.transactionFee,
            paymentAmount: priced.paymentAmount,
          },
          ...(order.buy?.discount === undefined
            ? {}
            : {
                buy: {
                  ...order.buy,
                  discount: { ...order.buy.discount, discountValue: priced.discountValue },
                },
              }),
          // A new method's window counts from the change, as a payment's start restarts it: a member who
          // switches to bank gets the bank's 72 hours, one who switches to card the card's hour. It gives no
          // reservation a member could not have by cancelling and buying again. A change of amount alone keeps it.
          ...(methodChanged ? { expiresAt: at + expiryWindowMs(paymentMethod) } : {}),
          updatedAt: iso(at),
        }
        yield* orders.update(updated)
        return updated
      }),
    )

  /**
   * The member (or an admin for them) cancels an unpaid buy: Cancelled, its Units released. Its card payment at the
   * provider is cancelled once that is committed, with no transaction open; should the provider fail to, that is
   * logged, and a payment that still succeeds there is flagged for an admin (ProviderPaymentEvents.ts).
   */
  const cancelBuy = (request: MemberOrderRequest) =>
    command(
      memberScope(request.memberId),
      "cancelBuy",
      request,
      Effect.gen(function* () {
        const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
        const cancelled = yield* transition(order, "Cancelled", yield* now, {
          actor: request.actor ?? byMember(request.memberId),
          reason: request.reason,
        })
        yield* ledger.post(order.orderId, releaseDrafts(order))
        yield* orders.update(cancelled)
        return cancelled
      }),
    ).pipe(
      Effect.tap((cancelled) => {
        const method = cancelled.paymentDetails!.paymentMethod
        const paymentId = cancelled.buy?.paymentId
        if (!isCardMethod(method) || paymentId === undefined) return Effect.void
        return (method === "card-stripe" ? stripe : square)
          .cancelPayment(paymentId)
          .pipe(
            Effect.catch((error) =>
              Effect.logWarning(
                `Order ${cancelled.orderId} is cancelled, but its card payment ${paymentId} could not be cancelled at the provider: ${error.message}`,
              ),
            ),
          )
      }),
    )

  return { createBuy, updateBuyAmount, cancelBuy }
})
