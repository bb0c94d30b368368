/**
 * The buy commands a member starts: create a buy (its price, fees and code read before its lock; its key, capacity and
 * write under it, with the other buys of its batch: BuyBatches.ts), change its amount, cancel it before payment.
 */

import { Effect } from "effect"
import { type DiscountTerms, priceBuyOrder } from "../fees/Fees.ts"
import { ISSUANCE, member } from "../ledger/LedgerModel.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { BuyBatches } from "./BuyBatches.ts"
import { requireCryptoOffered } from "./CryptoOffers.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { OrderConflict } from "./OrderErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { CreateBuyRequest, MemberOrderRequest, UpdateBuyAmountRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { expiryWindowMs, isCardMethod } from "./PaymentRules.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"

export const makeBuyCommands = Effect.gen(function* () {
  const batches = yield* BuyBatches
  const crypto = yield* CryptoPayments
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const square = yield* SquareGateway
  const stripe = yield* StripeGateway
  const { command, keyRecord, memberScope, replay, withoutKey } = yield* OrderCommandRunner
  const { ownOrder } = yield* OrderLocks
  const { checkBuyLimits, requireOrderSize } = yield* OrderLimits
  const { externalFeeOf, iso, now, releaseDrafts, transition } = yield* OrderRecords

  /**
   * A new buy joins the next batch of its unit type (BuyBatches.ts), which prices it with the batch's shared reads
   * (BuyPricing.ts), reads its key under the lock (a repeat answers its first result, whatever those reads say now),
   * judges it on the unit type's totals with the batch's earlier buys counted (`judgeBuy`), writes it with the others
   * and answers once the batch has committed.
   */
  const createBuy = (request: CreateBuyRequest) => {
    const key = keyRecord(
      memberScope(request.memberId),
      "createBuy",
      request.idempotencyKey,
      withoutKey(request),
    )
    return Effect.flatMap(batches.record({ request, key }), (recorded) =>
      recorded._tag === "Repeated"
        ? replay<OrderRecord>(recorded.existing, key)
        : Effect.succeed(recorded.order),
    )
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
        if (methodChanged)
          yield* requireCryptoOffered(crypto.offers, paymentMethod, order.paymentDetails!.currency)
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
