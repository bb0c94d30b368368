/** `landunits orders confirm-payment <orderId>`: the buy is paid: its pending Units become owned (filled from the sales queue, then issuance) and payouts are created. */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { cliKey } from "./keys.ts"

export const ordersConfirmPayment = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Confirming a payment", cli.options())
      const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
      if (order.orderStatus !== "Approved" && order.orderStatus !== "Completed") {
        yield* confirm(
          `Confirm the payment of ${order.orderId} (${order.paymentDetails?.paymentAmount ?? 0} cents, ${order.currencyUnit.numberOfUnits} ${order.currencyUnit.unitType})`,
          cli.options(),
        )
      }
      const confirmed = yield* (yield* OrderService).confirmPayment({
        idempotencyKey: cliKey("confirm-payment", orderId),
        orderId: order.orderId,
        actor: operator.orderActor,
      })
      yield* audit(operator, "orders.confirmPayment", `order:${orderId}`, {
        from: order.orderStatus,
        to: confirmed.order.orderStatus,
        payouts: String(confirmed.payouts.length),
      })
      return confirmed
    }),
    (c) => `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`,
  )
