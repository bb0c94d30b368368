/**
 * `landunits orders cancel <orderId>`: on the member's behalf, with the member's own rules: an unpaid buy is
 * Cancelled (its reserved Units released); a sell's unsold rest leaves the queue. Asks first unless --yes.
 * Above the threshold of its currency, a request a second admin approves (support/FourEyes.ts).
 */
import { orderAmount } from "@landunits/core/approvals/FourEyes.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { type ApprovalFacts, fourEyes } from "../../support/FourEyes.ts"
import { type AdminOperator, audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
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

export const ordersCancel = (cli: Cli, orderId: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Cancelling an order", cli.options())
      if (o.reason.trim() === "")
        return yield* new AdminRefused({ message: "A reason is required to cancel an order" })
      const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
      if (order.orderType !== "BUY" && order.orderType !== "SELL") {
        return yield* new AdminRefused({ message: `A ${order.orderType} order cannot be cancelled` })
      }
      const summary = `Cancel ${order.orderType} ${order.orderId} (${order.orderStatus}) of ${order.memberId}`
      yield* confirm(summary, cli.options())
      const reason = o.reason.trim()
      return yield* fourEyes(
        operator,
        {
          command: "orders.cancel",
          params: { orderId, reason },
          summary: `${summary}: ${reason}`,
          amount: orderAmount(order),
        },
        cancelOrder(operator, orderId, reason),
      )
    }),
    (c) => `${c.orderId}: ${c.orderStatus}`,
  )
