/**
 * `landunits orders funds-received <orderId>`, `orders confirm-payment <orderId>`, `orders expire-due`:
 * the admin's side of bank and crypto payments, and the expiry of unpaid orders. Each is audited.
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import type { Command } from "commander"
import { Effect } from "effect"
import { type AppRuntime, adminNamed, audit, runCommand } from "../../Admin.ts"

/** The same admin command twice (a retried shell line) does the work once. */
const keyFor = (command: string, subject: string) => IdempotencyKey.make(`cli:${command}:${subject}`)

export const orderPaymentCommands = (
  orders: Command,
  runtime: () => AppRuntime,
  admin: () => string | undefined,
) => {
  orders
    .command("funds-received <orderId>")
    .description("a bank order's money is on the platform's account (FundsWaitingApproval)")
    .action((orderId: string) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          const actor = yield* adminNamed(admin())
          const order = yield* (yield* OrderService).markFundsReceived({
            idempotencyKey: keyFor("funds-received", orderId),
            orderId: OrderId.make(orderId),
          })
          yield* audit(actor, "orders.fundsReceived", `order:${orderId}`)
          return order
        }),
        (o) => `${o.orderId}: ${o.orderStatus}`,
      ),
    )
  orders
    .command("confirm-payment <orderId>")
    .description("the order is paid: fill it from the sales queue, then issuance, and create the payouts")
    .action((orderId: string) =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          const actor = yield* adminNamed(admin())
          const confirmed = yield* (yield* OrderService).confirmPayment({
            idempotencyKey: keyFor("confirm-payment", orderId),
            orderId: OrderId.make(orderId),
          })
          yield* audit(actor, "orders.confirmPayment", `order:${orderId}`, {
            payouts: String(confirmed.payouts.length),
          })
          return confirmed
        }),
        (c) => `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`,
      ),
    )
  orders
    .command("expire-due")
    .description("expire unpaid buys past their window and release their Units")
    .action(() =>
      runCommand(
        runtime(),
        Effect.gen(function* () {
          const actor = yield* adminNamed(admin())
          const expired = yield* (yield* OrderService).expireDue({
            idempotencyKey: keyFor("expire-due", new Date().toISOString()),
          })
          yield* audit(actor, "orders.expireDue", "orders", { expired: String(expired.length) })
          return expired
        }),
        (expired) =>
          `${expired.length} order(s) expired${expired.length === 0 ? "" : `: ${expired.map((o) => o.orderId).join(", ")}`}`,
      ),
    )
}
