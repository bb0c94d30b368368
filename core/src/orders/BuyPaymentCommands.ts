/**
 * A buy's payment steps: start the payment with its provider, the member's "I have paid", an admin's funds received and confirmation (which fills the sales queue first in, first out), and the provider's failure.
 */

import { Effect, Option } from "effect"
import { sellPayoutCents } from "../fees/Fees.ts"
import { ISSUANCE, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { CARD_MINIMUM_CENTS, CRYPTO_QUOTE_VALIDITY_MS } from "../shared/Constants.ts"
import { type CryptoCoin, CurrencyOfUnitType } from "../shared/Enums.ts"
import { type MemberId, PayoutId } from "../shared/Ids.ts"
import { bankPaymentId } from "./BankPaymentId.ts"
import { coinRefusal } from "./CryptoOffers.ts"
import type { OrderFrame } from "./OrderCommandFrame.ts"
import {
  bankInstructionsNotice,
  cryptoInstructionsNotice,
  paymentConfirmedNotice,
  saleFilledNotice,
} from "./OrderEmails.ts"
import { CardPaymentBelowMinimum, InvalidOrderRequest, OrderConflict } from "./OrderErrors.ts"
import type { OrderRecord, Payout } from "./OrderModel.ts"
import type {
  AdminOrderRequest,
  ConfirmedPayment,
  FailPaymentRequest,
  OrderError,
  StartedPayment,
  StartPaymentRequest,
  SuccessOrderRequest,
} from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { QUEUED_SELL_STATUSES } from "./OrderTransitions.ts"
import type { PaymentInstructions } from "./PaymentInstructions.ts"
import {
  afterDecline,
  type CardMethod,
  checkCardMinimum,
  declineMessage,
  expiryWindowMs,
  isCardMethod,
  paymentAttemptKey,
} from "./PaymentRules.ts"
import type { IdempotencyKeyTaken } from "./ports/IdempotencyStore.ts"
import { fillFromQueue, remainingInQueue } from "./SalesQueue.ts"

export const makeBuyPaymentCommands = (frame: OrderFrame) => {
  const {
    bank,
    checkBuyLimits,
    command,
    crypto,
    idempotency,
    ids,
    iso,
    keyRecord,
    ledger,
    memberScope,
    notify,
    now,
    orderOfType,
    orders,
    ownOrder,
    payoutRepo,
    onceMoreIfKeyTaken,
    releaseDrafts,
    replay,
    square,
    stripe,
    transition,
    uow,
    withoutKey,
  } = frame

  /** What a card order shows the member while it waits for its current attempt's payment. */
  const cardInstructions = (order: OrderRecord, method: CardMethod): PaymentInstructions => ({
    _tag: "CardPayment",
    paymentMethod: method,
    paymentId: order.buy?.paymentId ?? "",
    clientSecret: order.buy?.clientSecret ?? "",
    paymentAmount: order.paymentDetails!.paymentAmount,
    currency: order.paymentDetails!.currency,
    attempt: order.payment?.attempt ?? 1,
  })

  /** What a crypto order shows the member: its quote as recorded. */
  const cryptoInstructions = (order: OrderRecord): PaymentInstructions => {
    const p = order.payment!
    return {
      _tag: "CryptoPayment",
      address: p.cryptoAddress!,
      coin: p.coin!,
      coinAmount: p.coinAmount!,
      paymentAmount: order.paymentDetails!.paymentAmount,
      currency: order.paymentDetails!.currency,
      ...(p.coinPriceCents === undefined ? {} : { coinPriceCents: p.coinPriceCents }),
      ...(p.quotedAt === undefined ? {} : { quotedAt: p.quotedAt }),
      ...(p.quoteExpiresAt === undefined ? {} : { quoteExpiresAt: p.quoteExpiresAt }),
      ...(p.cryptoTestMode === undefined ? {} : { testMode: p.cryptoTestMode }),
    }
  }

  /** The quote a crypto order holds for `coin`, while it still holds at `at`. */
  const heldQuote = (order: OrderRecord, coin: CryptoCoin, at: number): boolean =>
    order.orderStatus === "InProcess" &&
    order.payment?.coin === coin &&
    order.payment.cryptoAddress !== undefined &&
    (order.payment.quoteExpiresAt === undefined || order.payment.quoteExpiresAt > at)

  /** An unpaid order's payment attempt `attempt` begins: InProcess, its last attempt's payment forgotten. */
  const beginAttempt = Effect.fnUntraced(function* (order: OrderRecord, attempt: number, memberId: MemberId) {
    const at = yield* now
    const moved =
      order.orderStatus === "InProcess"
        ? order
        : yield* transition(order, "InProcess", at, { actor: byMember(memberId) })
    const { paymentId: _, clientSecret: _secret, ...buy } = moved.buy ?? {}
    const {
      cryptoAddress: _address,
      coin: _coin,
      coinAmount: _amount,
      coinPriceCents: _price,
      quotedAt: _quoted,
      quoteExpiresAt: _expires,
      cryptoTestMode: _test,
      ...payment
    } = moved.payment ?? {}
    const updated: OrderRecord = {
      ...moved,
      buy,
      payment: { ...payment, attempt },
      // The payment window starts once, with the first attempt: another card or a new quote does not extend it.
      expiresAt:
        order.payment?.attempt === undefined && order.orderStatus === "Initiated"
          ? at + expiryWindowMs(order.paymentDetails!.paymentMethod)
          : (order.expiresAt ?? at + expiryWindowMs(order.paymentDetails!.paymentMethod)),
      updatedAt: iso(at),
    }
    yield* orders.update(updated)
    return updated
  })

  type Prepared =
    | { readonly _tag: "Done"; readonly started: StartedPayment }
    | {
        readonly _tag: "Card"
        readonly order: OrderRecord
        readonly method: CardMethod
        readonly attempt: number
      }
    | {
        readonly _tag: "Crypto"
        readonly order: OrderRecord
        readonly coin: CryptoCoin
        readonly attempt: number
      }

  /**
   * A buy's payment, started or continued. A bank payment is one unit of work. A card or crypto payment is three
   * steps, so that no provider is called while a transaction is open: (1) under the order's lock, decide: the
   * current attempt's payment when it is still good (the card payment of an InProcess order, a crypto quote for
   * the same coin that still holds), else a new attempt (InProcess, its number recorded); (2) with no transaction
   * open, ask the provider for the attempt's payment under its own idempotency key (`paymentAttemptKey`) or the
   * coin's quote; (3) under the lock again, record it if the order still waits for that attempt. The command's key
   * is saved with its result, in (1) or (3): a repeat answers the first result.
   */
  const startPayment = (request: StartPaymentRequest) => {
    const key = keyRecord(
      memberScope(request.memberId),
      "startPayment",
      request.idempotencyKey,
      withoutKey(request),
    )
    const answered = (started: StartedPayment) =>
      Effect.as(idempotency.save({ ...key, response: started }), started)
    const replayed = Effect.gen(function* () {
      const existing = yield* idempotency.find(key.scope, key.idempotencyKey)
      return Option.isSome(existing) ? yield* replay<StartedPayment>(existing.value, key) : undefined
    })

    const prepare = uow.transaction(
      Effect.gen(function* (): Effect.fn.Return<Prepared, OrderError | IdempotencyKeyTaken> {
        const repeat = yield* replayed
        if (repeat !== undefined) return { _tag: "Done", started: repeat }
        const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
        const { paymentMethod, paymentAmount, currency } = order.paymentDetails!
        if (paymentMethod === "None") {
          return yield* new InvalidOrderRequest({ message: "Choose a payment method before paying" })
        }
        const at = yield* now
        if (paymentMethod === "bank") {
          const inProcess = {
            ...(yield* transition(order, "InProcess", at, { actor: byMember(request.memberId) })),
            expiresAt: at + expiryWindowMs(paymentMethod),
          }
          const bankDetails = yield* bank.adminBankDetails(currency)
          const reference = bankPaymentId(order.orderId)
          const updated: OrderRecord = { ...inProcess, buy: { ...inProcess.buy, paymentId: reference } }
          yield* orders.update(updated)
          yield* notify(order.memberId, bankInstructionsNotice(updated, bankDetails))
          const started: StartedPayment = {
            order: updated,
            instructions: { _tag: "BankPayment", bankDetails, reference, paymentAmount, currency },
          }
          return { _tag: "Done", started: yield* answered(started) }
        }
        if (isCardMethod(paymentMethod)) {
          const belowMinimum = checkCardMinimum(paymentAmount, currency)
          if (belowMinimum !== undefined) {
            return yield* new CardPaymentBelowMinimum({
              message: belowMinimum,
              minimumCents: CARD_MINIMUM_CENTS[currency],
              currency,
            })
          }
          if (order.orderStatus === "InProcess") {
            const attempt = order.payment?.attempt ?? 1
            if (order.buy?.paymentId !== undefined) {
              const started: StartedPayment = { order, instructions: cardInstructions(order, paymentMethod) }
              return { _tag: "Done", started: yield* answered(started) }
            }
            // The attempt began but its provider payment was never recorded (the call failed): ask again.
            return { _tag: "Card", order, method: paymentMethod, attempt }
          }
          const attempt = (order.payment?.attempt ?? 0) + 1
          const begun = yield* beginAttempt(order, attempt, request.memberId)
          return { _tag: "Card", order: begun, method: paymentMethod, attempt }
        }
        const coin = request.coin
        if (coin === undefined) {
          return yield* new InvalidOrderRequest({
            message: "Choose a coin (BITCOIN or ETHER) for a crypto payment",
          })
        }
        if (heldQuote(order, coin, at)) {
          const started: StartedPayment = { order, instructions: cryptoInstructions(order) }
          return { _tag: "Done", started: yield* answered(started) }
        }
        const refusal = coinRefusal(coin, (yield* crypto.offers)[coin], currency)
        if (refusal !== undefined) {
          return yield* new InvalidOrderRequest({
            message: `${refusal} Please choose another coin or payment method.`,
          })
        }
        const attempt = (order.payment?.attempt ?? (order.payment?.cryptoAddress === undefined ? 0 : 1)) + 1
        const begun = yield* beginAttempt(order, attempt, request.memberId)
        return { _tag: "Crypto", order: begun, coin, attempt }
      }),
    )

    /** The provider's answer for the attempt, recorded if the order still waits for that attempt. */
    const record = (
      attempt: number,
      apply: (order: OrderRecord) => Effect.Effect<StartedPayment, OrderError>,
    ) =>
      uow.transaction(
        Effect.gen(function* () {
          const repeat = yield* replayed
          if (repeat !== undefined) return repeat
          const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
          if (order.orderStatus !== "InProcess" || (order.payment?.attempt ?? 1) !== attempt) {
            return yield* new OrderConflict({
              message: `Order ${order.orderId} is ${order.orderStatus} now: this payment was not started. Reload the page to see what it needs.`,
              orderId: order.orderId,
            })
          }
          return yield* answered(yield* apply(order))
        }),
      )

    const run = Effect.gen(function* () {
      const prepared = yield* prepare
      if (prepared._tag === "Done") return prepared.started
      // No transaction is open here: the provider is called between the two units of work.
      const { order } = prepared
      const { paymentAmount, currency } = order.paymentDetails!
      const idempotencyKey = paymentAttemptKey(order.orderId, prepared.attempt)
      if (prepared._tag === "Card") {
        const gateway = prepared.method === "card-stripe" ? stripe : square
        const payment = yield* gateway.createPayment({
          orderId: order.orderId,
          amountCents: paymentAmount,
          currency,
          idempotencyKey,
        })
        return yield* record(prepared.attempt, (current) =>
          Effect.gen(function* () {
            // A start of the same attempt under another key may have recorded it first: the same payment.
            if (current.buy?.paymentId !== undefined)
              return { order: current, instructions: cardInstructions(current, prepared.method) }
            const updated: OrderRecord = { ...current, buy: { ...current.buy, ...payment } }
            yield* orders.update(updated)
            return { order: updated, instructions: cardInstructions(updated, prepared.method) }
          }),
        )
      }
      const quote = yield* crypto.requestPayment({
        orderId: order.orderId,
        amountCents: paymentAmount,
        currency,
        coin: prepared.coin,
        idempotencyKey,
      })
      const quotedAt = yield* now
      return yield* record(prepared.attempt, (current) =>
        Effect.gen(function* () {
          if (current.payment?.cryptoAddress !== undefined)
            return { order: current, instructions: cryptoInstructions(current) }
          const updated: OrderRecord = {
            ...current,
            payment: {
              ...current.payment,
              cryptoAddress: quote.address,
              coin: quote.coin,
              coinAmount: quote.coinAmount,
              coinPriceCents: quote.centsPerCoin,
              quotedAt,
              quoteExpiresAt: quotedAt + CRYPTO_QUOTE_VALIDITY_MS,
              cryptoTestMode: quote.testMode,
            },
            updatedAt: iso(quotedAt),
          }
          yield* orders.update(updated)
          yield* notify(current.memberId, cryptoInstructionsNotice(updated, quote))
          return { order: updated, instructions: cryptoInstructions(updated) }
        }),
      )
    })
    return onceMoreIfKeyTaken(run)
  }

  const successOrder = (request: SuccessOrderRequest) =>
    command(
      memberScope(request.memberId),
      "successOrder",
      request,
      Effect.gen(function* () {
        const order = yield* ownOrder(request.memberId, request.orderId, "BUY")
        const method = order.paymentDetails!.paymentMethod
        const at = yield* now
        const byTheMember = { actor: byMember(request.memberId) }
        let updated: OrderRecord
        if (isCardMethod(method)) {
          // The return from the provider's page moves no Units: only the provider's webhook or an admin does.
          if (order.orderStatus !== "InProcess") return order
          updated = { ...order, payment: { ...order.payment, memberReturnedAt: at }, updatedAt: iso(at) }
        } else if (method === "bank") {
          updated = yield* transition(order, "PaymentSent", at, byTheMember)
        } else if (method === "crypto") {
          const hash = request.transactionHash?.trim() ?? ""
          if (hash === "") {
            return yield* new InvalidOrderRequest({
              message: "Give the transaction hash of your crypto payment",
            })
          }
          const moved = yield* transition(order, "PaymentSent_FromUserCrypto", at, byTheMember)
          updated = { ...moved, payment: { ...moved.payment, transactionHash: hash } }
        } else {
          return yield* new OrderConflict({
            message: "Choose a payment method and start the payment first",
            orderId: order.orderId,
          })
        }
        yield* orders.update(updated)
        return updated
      }),
    )

  const markFundsReceived = (request: AdminOrderRequest) =>
    command(
      "admin",
      "markFundsReceived",
      request,
      Effect.gen(function* () {
        const order = yield* orderOfType(request.orderId, "BUY")
        if (order.paymentDetails!.paymentMethod !== "bank") {
          return yield* new OrderConflict({
            message: "Only a bank order waits for the approval of its funds",
            orderId: order.orderId,
          })
        }
        const updated = yield* transition(order, "FundsWaitingApproval", yield* now, { actor: request.actor })
        yield* orders.update(updated)
        return updated
      }),
    )

  const confirmPayment = (request: AdminOrderRequest) =>
    command(
      "admin",
      "confirmPayment",
      request,
      Effect.gen(function* () {
        const order = yield* orderOfType(request.orderId, "BUY")
        const at = yield* now
        const approved = yield* transition(order, "Approved", at, {
          actor: request.actor,
          reason:
            order.orderStatus === "Expired"
              ? "Paid after it expired: confirmed as a late payment, its Units checked and reserved again"
              : undefined,
        })
        const { unitType, numberOfUnits, isDoubleLand, pricePerUnit } = order.currencyUnit
        const buyer = order.memberId
        const drafts: Array<TransferDraft> = []
        if (order.orderStatus === "Expired") {
          // A late payment: the reservation was released, so the Units are checked and reserved again.
          yield* checkBuyLimits({
            memberId: buyer,
            unitType,
            units: numberOfUnits,
            isDoubleLand,
            paymentAmount: 0,
          })
          drafts.push({ unitType, from: ISSUANCE, to: member(buyer, "pendingBuy"), units: numberOfUnits })
        }
        // LU2X Units come from issuance only; other buys take the oldest queued sells first.
        const queue = isDoubleLand
          ? []
          : (yield* orders.find({ orderType: "SELL", unitType, statuses: QUEUED_SELL_STATUSES })).map(
              (o) => ({
                orderId: o.orderId,
                memberId: o.memberId,
                sequence: o.sequence,
                remaining: remainingInQueue(o.sell!),
              }),
            )
        const fill = fillFromQueue(queue, numberOfUnits)
        const target = member(buyer, isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
        const fromQueue = numberOfUnits - fill.fromIssuance
        if (fromQueue > 0)
          drafts.push({ unitType, from: member(buyer, "pendingBuy"), to: ISSUANCE, units: fromQueue })
        for (const slice of fill.slices) {
          drafts.push({
            unitType,
            from: member(slice.sell.memberId, "pendingSell"),
            to: target,
            units: slice.units,
          })
        }
        if (fill.fromIssuance > 0) {
          drafts.push({
            unitType,
            from: member(buyer, "pendingBuy"),
            to: target,
            units: fill.fromIssuance,
          })
        }
        const payouts: Array<Payout> = []
        const sells: Array<OrderRecord> = []
        for (const slice of fill.slices) {
          const sell = yield* orders.get(slice.sell.orderId)
          const progress = { ...sell.sell!, soldUnits: sell.sell!.soldUnits + slice.units }
          const status = remainingInQueue(progress) === 0 ? "AllUnitSold" : "PartialComplete"
          const moved =
            status === sell.orderStatus
              ? sell
              : yield* transition(sell, status, at, {
                  // The seller reads it: the buyer's order is not named.
                  actor: request.actor,
                  reason: `${progress.soldUnits} of ${progress.queuedUnits} queued Units sold`,
                })
          sells.push({ ...moved, sell: progress, updatedAt: iso(at) })
          payouts.push({
            payoutId: PayoutId.make(yield* ids.next("pay")),
            memberId: sell.memberId,
            kind: "sale",
            sellOrderId: sell.orderId,
            buyOrderId: order.orderId,
            unitType,
            units: slice.units,
            pricePerUnit,
            amountCents: sellPayoutCents(slice.units, pricePerUnit),
            currency: CurrencyOfUnitType[unitType],
            status: "Initiated",
            statusHistory: [{ status: "Initiated", at }],
            createdAt: at,
          })
        }
        // Filled wholly from issuance: nothing is owed to anyone, so the buy is Completed at once.
        const final =
          payouts.length === 0
            ? yield* transition(approved, "Completed", at, {
                actor: request.actor,
                reason: "Filled from new Units: nothing is owed to sellers",
              })
            : approved
        const { expiresAt: _, ...settled } = final
        yield* ledger.post(order.orderId, drafts)
        yield* payoutRepo.insert(payouts)
        for (const sell of sells) yield* orders.update(sell)
        yield* orders.update(settled)
        yield* notify(buyer, paymentConfirmedNotice(settled))
        // Each seller whose queued Units this buy took: partly filled, or all sold (issue 24).
        for (const [i, sell] of sells.entries())
          yield* notify(sell.memberId, saleFilledNotice(sell, payouts[i]!))
        return { order: settled, payouts } satisfies ConfirmedPayment
      }),
    )

  const failPayment = (request: FailPaymentRequest) =>
    command(
      "admin",
      "failPayment",
      request,
      Effect.gen(function* () {
        const order = yield* orderOfType(request.orderId, "BUY")
        const failed = yield* transition(order, "Failed", yield* now, {
          actor: request.actor,
          reason: request.reason,
        })
        const updated: OrderRecord = {
          ...failed,
          payment: { ...failed.payment, failureReason: request.reason },
        }
        yield* ledger.post(order.orderId, releaseDrafts(order))
        yield* orders.update(updated)
        return updated
      }),
    )

  /**
   * The provider declined the card of the order's current attempt (PaymentRules.ts, `afterDecline`): the order
   * goes back to Initiated and waits for another card, its Units still reserved until its expiry; the
   * MAX_CARD_ATTEMPTS-th decline fails it and releases its Units. The member reads why in the timeline.
   */
  const declinePayment = (request: FailPaymentRequest) =>
    command(
      "admin",
      "declinePayment",
      request,
      Effect.gen(function* () {
        const order = yield* orderOfType(request.orderId, "BUY")
        const at = yield* now
        const attempt = order.payment?.attempt ?? 1
        const cause = { actor: request.actor, reason: declineMessage(request.reason, attempt) }
        const lastDecline = { attempt, reason: request.reason, at }
        if (afterDecline(attempt) === "fail") {
          const failed = yield* transition(order, "Failed", at, cause)
          const updated: OrderRecord = {
            ...failed,
            payment: { ...failed.payment, lastDecline, failureReason: request.reason },
          }
          yield* ledger.post(order.orderId, releaseDrafts(order))
          yield* orders.update(updated)
          return updated
        }
        const waiting = yield* transition(order, "Initiated", at, cause)
        const updated: OrderRecord = { ...waiting, payment: { ...waiting.payment, lastDecline } }
        yield* orders.update(updated)
        return updated
      }),
    )

  return { startPayment, successOrder, markFundsReceived, confirmPayment, failPayment, declinePayment }
}
