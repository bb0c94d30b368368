/**
 * `landunits orders confirm-payment <orderId>`: the buy is paid: its pending Units become owned (filled from the
 * sales queue, then issuance) and payouts are created. Above the threshold of its currency, a request a second
 * admin approves (support/FourEyes.ts).
 */

import type { Order } from "@landunits/core/orders/OrderModel.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runOperation } from "../../Admin.ts"
import type { ApprovalFacts } from "../../support/FourEyes.ts"
import { type AdminOperator, audit } from "../../support/Operator.ts"
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

/** Through the admin guard: the second factor, four eyes above the threshold (cli/src/support/Operations.ts). */
export const ordersConfirmPayment = (cli: Cli, orderId: string) => runOperation(cli, { orderId })
