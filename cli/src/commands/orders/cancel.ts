/**
 * `landunits orders cancel <orderId>`: on the member's behalf, with the member's own rules: an unpaid buy is
 * Cancelled (its reserved Units released); a sell's unsold rest leaves the queue. Asks first unless --yes.
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { cliKey } from "./keys.ts"

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
      yield* confirm(
        `Cancel ${order.orderType} ${order.orderId} (${order.orderStatus}) of ${order.memberId}`,
        cli.options(),
      )
      const service = yield* OrderService
      // On the member's behalf, under the member's rules; the timeline names the admin and the reason.
      const request = {
        memberId: order.memberId,
        orderId: order.orderId,
        idempotencyKey: cliKey("cancel", orderId),
        actor: operator.orderActor,
        reason: o.reason.trim(),
      }
      const cancelled =
        order.orderType === "BUY" ? yield* service.cancelBuy(request) : yield* service.cancelSellRest(request)
      yield* audit(operator, "orders.cancel", `order:${orderId}`, {
        from: order.orderStatus,
        to: cancelled.orderStatus,
        reason: o.reason.trim(),
      })
      return cancelled
    }),
    (c) => `${c.orderId}: ${c.orderStatus}`,
  )
