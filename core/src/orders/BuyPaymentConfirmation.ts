/**
 * A buy's payment confirmed: the member's "I have paid" (`successOrder`), an admin's funds received
 * (`markFundsReceived`), and the confirmation that settles the buy (`confirmPayment`): it applies what the pure
 * `settleBuy` (BuySettlement.ts) decides: the queue filled first in, first out, the sellers' payouts, their sells
 * moved on, and the emails to buyer and sellers.
 * BuyPaymentCommands.ts composes it.
 */

import { Effect, Option } from "effect"
import { invoiceNumberText } from "../invoices/InvoiceDocument.ts"
import type { IssuedInvoice } from "../invoices/InvoiceModel.ts"
import { InvoiceIssuer } from "../invoices/InvoiceService.ts"
import { LedgerService } from "../ledger/LedgerService.ts"
import { PayoutId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { settleBuy } from "./BuySettlement.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { withInvoiceNumber } from "./OrderEmails.ts"
import { InvalidOrderRequest, OrderConflict } from "./OrderErrors.ts"
import { OrderLimits } from "./OrderLimits.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord, Payout } from "./OrderModel.ts"
import { OrderNotifier } from "./OrderNotifier.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { AdminOrderRequest, ConfirmedPayment, SuccessOrderRequest } from "./OrderRequests.ts"
import { byMember } from "./OrderTimeline.ts"
import { QUEUED_SELL_STATUSES } from "./OrderTransitions.ts"
import { isCardMethod } from "./PaymentRules.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"

export const makeBuyPaymentConfirmation = Effect.gen(function* () {
  const ids = yield* IdGenerator
  const ledger = yield* LedgerService
  const orders = yield* OrderRepository
  const payoutRepo = yield* PayoutRepository
  const { command, memberScope } = yield* OrderCommandRunner
  const { orderOfType, ownOrder } = yield* OrderLocks
  const { checkBuyLimits } = yield* OrderLimits
  const { iso, now, transition } = yield* OrderRecords
  const { notify } = yield* OrderNotifier
  // Optional: a composition without invoicing confirms payments without issuing invoices (InvoiceService.ts).
  const invoicing = yield* Effect.serviceOption(InvoiceIssuer)

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

  /**
   * The buy is paid: what changes is decided by `settleBuy` (BuySettlement.ts) over the buy and its unit type's
   * queue; this applies it. A late payment (the buy Expired, its Units released) is checked against the limits
   * again first, as a new reservation.
   */
  const confirmPayment = (request: AdminOrderRequest) =>
    command(
      "admin",
      "confirmPayment",
      request,
      Effect.gen(function* () {
        const order = yield* orderOfType(request.orderId, "BUY")
        const at = yield* now
        const { unitType, numberOfUnits, isDoubleLand } = order.currencyUnit
        if (order.orderStatus === "Expired") {
          yield* checkBuyLimits({
            memberId: order.memberId,
            unitType,
            units: numberOfUnits,
            isDoubleLand,
            paymentAmount: 0,
          })
        }
        const queue = isDoubleLand
          ? []
          : yield* orders.find({ orderType: "SELL", unitType, statuses: QUEUED_SELL_STATUSES })
        const settlement = yield* Effect.fromResult(settleBuy({ order, queue, at, actor: request.actor }))
        const payouts: Array<Payout> = []
        for (const draft of settlement.payouts) {
          payouts.push({ payoutId: PayoutId.make(yield* ids.next("pay")), ...draft })
        }
        yield* ledger.post(order.orderId, settlement.transfers)
        yield* payoutRepo.insert(payouts)
        for (const fill of settlement.fills) yield* orders.update(fill.after)
        yield* orders.update(settlement.order)
        // The buy's invoice, numbered in this unit of work: a confirmation that rolls back takes its number back.
        const invoice = Option.isSome(invoicing)
          ? yield* invoicing.value.issuePaid(settlement.order)
          : Option.none<IssuedInvoice>()
        // The buyer's email names the invoice, downloaded from the order's page.
        for (const { memberId, notice } of settlement.notices) {
          yield* notify(
            memberId,
            Option.isSome(invoice) && memberId === settlement.order.memberId
              ? withInvoiceNumber(notice, invoiceNumberText(invoice.value))
              : notice,
          )
        }
        return { order: settlement.order, payouts } satisfies ConfirmedPayment
      }),
    )

  return { successOrder, markFundsReceived, confirmPayment }
})
