/**
 * `landunits orders confirm-payment <orderId>`: the buy is paid: its pending Units become owned (filled from the
 * sales queue, then issuance) and payouts are created. Above the threshold of its currency, a request a second
 * admin approves (support/FourEyes.ts).
 */

import { orderAmount } from "@landunits/core/approvals/FourEyes.ts"
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { type ApprovalFacts, fourEyes } from "../../support/FourEyes.ts"
import { type AdminOperator, audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { cliKey } from "./keys.ts"

/** Confirms the payment as `operator` (the approver, for an approved request, with `approval` audited beside). */
export const confirmPayment = (operator: AdminOperator, orderId: string, approval: ApprovalFacts = {}) =>
  Effect.gen(function* () {
    const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
    const confirmed = yield* (yield* OrderService).confirmPayment({
      idempotencyKey: cliKey("confirm-payment", orderId),
      orderId: order.orderId,
      actor: operator.orderActor,
    })
    yield* audit(operator, "orders.confirmPayment", `order:${orderId}`, {
      from: order.orderStatus,
      to: confirmed.order.orderStatus,
      payouts: String(confirmed.payouts.length),
      ...approval,
    })
    return confirmed
  })

export const isConfirmed = (order: Order) =>
  order.orderStatus === "Approved" || order.orderStatus === "Completed"

export const ordersConfirmPayment = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Confirming a payment", cli.options())
      const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
      // A repeat answers the first confirmation (its idempotency key) and needs nobody's approval.
      if (isConfirmed(order)) return yield* confirmPayment(operator, orderId)
      const summary = `Confirm the payment of ${order.orderId} (${order.paymentDetails?.paymentAmount ?? 0} cents, ${order.currencyUnit.numberOfUnits} ${order.currencyUnit.unitType})`
      yield* confirm(summary, cli.options())
      return yield* fourEyes(
        operator,
        { command: "orders.confirmPayment", params: { orderId }, summary, amount: orderAmount(order) },
        confirmPayment(operator, orderId),
      )
    }),
    (c) => `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`,
  )
