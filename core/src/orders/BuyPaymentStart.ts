/**
 * A buy's payment start: by bank in one unit of work, by card or crypto in three steps with the provider
 * called between them, no transaction open (`startPayment`). BuyPaymentCommands.ts composes it.
 */

import { Effect, Option } from "effect"
import { CARD_MINIMUM_CENTS, CRYPTO_QUOTE_VALIDITY_MS } from "../shared/Constants.ts"
import type { CryptoCoin } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { bankPaymentId } from "./BankPaymentId.ts"
import { coinRefusal } from "./CryptoOffers.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { bankInstructionsNotice, cryptoInstructionsNotice } from "./OrderEmails.ts"
import { CardPaymentBelowMinimum, InvalidOrderRequest, OrderConflict } from "./OrderErrors.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { StartedPayment, StartPaymentRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import type { PaymentInstructions } from "./PaymentInstructions.ts"
import {
  type CardMethod,
  checkCardMinimum,
  expiryWindowMs,
  isCardMethod,
  paymentAttemptKey,
} from "./PaymentRules.ts"
import { BankTransfers } from "./ports/BankTransfers.ts"
import { CryptoPayments } from "./ports/CryptoPayments.ts"
import { IdempotencyStore } from "./ports/IdempotencyStore.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { SquareGateway } from "./ports/SquareGateway.ts"
import { StripeGateway } from "./ports/StripeGateway.ts"
import { UnitOfWork } from "./ports/UnitOfWork.ts"

export const makeBuyPaymentStart = Effect.gen(function* () {
  const bank = yield* BankTransfers
  const crypto = yield* CryptoPayments
  const idempotency = yield* IdempotencyStore
  const orders = yield* OrderRepository
  const square = yield* SquareGateway
  const stripe = yield* StripeGateway
  const uow = yield* UnitOfWork
  const { keyRecord, memberScope, onceMoreIfKeyTaken, replay, withoutKey } = yield* OrderCommandRunner
  const { ownOrder } = yield* OrderLocks
  const { iso, now, transition } = yield* OrderRecords
  const { notify } = yield* OrderNotifier

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

  const done = (started: StartedPayment): Prepared => ({ _tag: "Done", started })
  const card = (order: OrderRecord, method: CardMethod, attempt: number): Prepared => ({
    _tag: "Card",
    order,
    method,
    attempt,
  })
  const cryptoAttempt = (order: OrderRecord, coin: CryptoCoin, attempt: number): Prepared => ({
    _tag: "Crypto",
    order,
    coin,
    attempt,
  })

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
      Effect.gen(function* () {
        const repeat = yield* replayed
        if (repeat !== undefined) return done(repeat)
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
          return done(yield* answered(started))
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
              return done(yield* answered(started))
            }
            // The attempt began but its provider payment was never recorded (the call failed): ask again.
            return card(order, paymentMethod, attempt)
          }
          const attempt = (order.payment?.attempt ?? 0) + 1
          const begun = yield* beginAttempt(order, attempt, request.memberId)
          return card(begun, paymentMethod, attempt)
        }
        const coin = request.coin
        if (coin === undefined) {
          return yield* new InvalidOrderRequest({
            message: "Choose a coin (BITCOIN or ETHER) for a crypto payment",
          })
        }
        if (heldQuote(order, coin, at)) {
          const started: StartedPayment = { order, instructions: cryptoInstructions(order) }
          return done(yield* answered(started))
        }
        const refusal = coinRefusal(coin, (yield* crypto.offers)[coin], currency)
        if (refusal !== undefined) {
          return yield* new InvalidOrderRequest({
            message: `${refusal} Please choose another coin or payment method.`,
          })
        }
        const attempt = (order.payment?.attempt ?? (order.payment?.cryptoAddress === undefined ? 0 : 1)) + 1
        const begun = yield* beginAttempt(order, attempt, request.memberId)
        return cryptoAttempt(begun, coin, attempt)
      }),
    )

    /** The provider's answer for the attempt, recorded if the order still waits for that attempt. */
    const record = <E>(attempt: number, apply: (order: OrderRecord) => Effect.Effect<StartedPayment, E>) =>
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

  return { startPayment }
})
