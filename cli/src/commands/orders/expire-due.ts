/** `landunits orders expire-due`: what the expiry job does, on demand: unpaid buys past their window expire and release their Units. */

import { adminCommandKey } from "@landunits/core/access/AdminUseCase.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const ordersExpireDue = (cli: Cli) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* confirm("Expire every unpaid buy past its payment window", cli.options())
      const expired = yield* (yield* OrderService).expireDue({
        idempotencyKey: adminCommandKey("expire-due", new Date().toISOString()),
        actor: operator.orderActor,
      })
      yield* audit(operator, "orders.expireDue", "orders", {
        expired: String(expired.length),
        orders: expired.map((o) => o.orderId).join(","),
      })
      return expired
    }),
    (expired) =>
      `${expired.length} order(s) expired${expired.length === 0 ? "" : `: ${expired.map((o) => o.orderId).join(", ")}`}`,
    (expired) => ({ expired: expired.map((o) => o.orderId) }),
  )
