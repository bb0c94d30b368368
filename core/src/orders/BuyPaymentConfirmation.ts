/**
 * A buy's payment confirmed: the member's "I have paid" (`successOrder`), an admin's funds received
 * (`markFundsReceived`), and the confirmation that settles the buy (`confirmPayment`): it fills the sales queue
 * first in, first out, owes the sellers their payouts, moves their sells on and emails buyer and sellers.
 * BuyPaymentCommands.ts composes it.
 */

import { Effect } from "effect"
import { sellPayoutCents } from "../fees/Fees.ts"
import { ISSUANCE, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { CurrencyOfUnitType } from "../shared/Enums.ts"
import { PayoutId } from "../shared/Ids.ts"
import type { OrderFrame } from "./OrderCommandFrame.ts"
import { paymentConfirmedNotice, saleFilledNotice } from "./OrderEmails.ts"
import { InvalidOrderRequest, OrderConflict } from "./OrderErrors.ts"
import type { OrderRecord, Payout } from "./OrderModel.ts"
import type { AdminOrderRequest, ConfirmedPayment, SuccessOrderRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { QUEUED_SELL_STATUSES } from "./OrderTransitions.ts"
import { isCardMethod } from "./PaymentRules.ts"
import { fillFromQueue, remainingInQueue } from "./SalesQueue.ts"

export const makeBuyPaymentConfirmation = (frame: OrderFrame) => {
  const {
    checkBuyLimits,
    command,
    ids,
    iso,
    ledger,
    memberScope,
    notify,
    now,
    orderOfType,
    orders,
    ownOrder,
    payoutRepo,
    transition,
  } = frame

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

  return { successOrder, markFundsReceived, confirmPayment }
}
