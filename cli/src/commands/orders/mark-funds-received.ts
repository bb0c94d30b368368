/** `landunits orders mark-funds-received <orderId>`: a bank order's money is on the platform's account (FundsWaitingApproval). */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { cliKey } from "./keys.ts"

export const ordersMarkFundsReceivedCommand = (orders: Command, cli: Cli) =>
  orders
    .command("mark-funds-received <orderId>")
    .description("a bank order's money is on the platform's account (FundsWaitingApproval)")
    .action((orderId: string) =>
      runCommand(
        cli,
        Effect.gen(function* () {
          const operator = yield* requireAdmin(cli.options().as)
          const before = yield* (yield* OrderRepository).get(OrderId.make(orderId))
          const order = yield* (yield* OrderService).markFundsReceived({
            idempotencyKey: cliKey("funds-received", orderId),
            orderId: before.orderId,
          })
          yield* audit(operator, "orders.fundsReceived", `order:${orderId}`, {
            from: before.orderStatus,
            to: order.orderStatus,
          })
          return order
        }),
        (o) => `${o.orderId}: ${o.orderStatus}`,
      ),
    )
