/**
 * A buy's payment failed: an admin's or the provider's failure (`failPayment`) and a declined card
 * (`declinePayment`), which waits for another card until the last attempt fails the order and releases its
 * Units. BuyPaymentCommands.ts composes it.
 */

import { Effect } from "effect"
import { LedgerService } from "../ledger/LedgerService.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { FailPaymentRequest } from "./OrderRequests.ts"
import { afterDecline, declineMessage } from "./PaymentRules.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"

export const makeBuyPaymentFailures = Effect.gen(function* () {
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const { command } = yield* OrderCommandRunner
  const { orderOfType } = yield* OrderLocks
  const { now, releaseDrafts, transition } = yield* OrderRecords

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

  return { failPayment, declinePayment }
})
