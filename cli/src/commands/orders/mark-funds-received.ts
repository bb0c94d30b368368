/** `landunits orders mark-funds-received <orderId>`: a bank order's money is on the platform's account (FundsWaitingApproval). */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { cliKey } from "./keys.ts"

export const ordersMarkFundsReceived = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const before = yield* (yield* OrderRepository).get(OrderId.make(orderId))
      const order = yield* (yield* OrderService).markFundsReceived({
        idempotencyKey: cliKey("funds-received", orderId),
        orderId: before.orderId,
        actor: operator.orderActor,
      })
      yield* audit(operator, "orders.fundsReceived", `order:${orderId}`, {
        from: before.orderStatus,
        to: order.orderStatus,
      })
      return order
    }),
    (o) => `${o.orderId}: ${o.orderStatus}`,
  )
