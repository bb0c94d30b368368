import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runOperation } from "../../Admin.ts"
import type { ApprovalFacts } from "../../support/FourEyes.ts"
import { type AdminOperator, audit } from "../../support/Operator.ts"
import { cliKey } from "./keys.ts"

/** Cancels the order as `operator` (the approver, for an approved request, with `approval` audited beside). */
export const cancelOrder = (
  operator: AdminOperator,
  orderId: string,
  reason: string,
  approval: ApprovalFacts = {},
) =>
  Effect.gen(function* () {
    const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
    if (order.orderType !== "BUY" && order.orderType !== "SELL") {
      return yield* new AdminRefused({ message: `A ${order.orderType} order cannot be cancelled` })
    }
    const service = yield* OrderService
    // On the member's behalf, under the member's rules; the timeline names the admin and the reason.
    const request = {
      memberId: order.memberId,
      orderId: order.orderId,
      idempotencyKey: cliKey("cancel", orderId),
      actor: operator.orderActor,
      reason,
    }
    const cancelled =
      order.orderType === "BUY" ? yield* service.cancelBuy(request) : yield* service.cancelSellRest(request)
    yield* audit(operator, "orders.cancel", `order:${orderId}`, {
      from: order.orderStatus,
      to: cancelled.orderStatus,
      reason,
      ...approval,
    })
    return cancelled
  })

/** Through the admin guard: the second factor, four eyes above the threshold (cli/src/support/Operations.ts). */
export const ordersCancel = (cli: Cli, orderId: string, o: { reason: string }) =>
  runOperation(cli, { orderId, reason: o.reason })
