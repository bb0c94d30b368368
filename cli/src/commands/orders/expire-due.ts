/**
 * `landunits orders expire-due`: what the expiry job does, on demand: unpaid buys past their window expire and
 * release their Units. Core's use case: core/src/orders/OrdersAdmin.ts `expireDue`.
 */
import { expireDue } from "@landunits/core/orders/OrdersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const ordersExpireDue = (cli: Cli) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      expireDue(actingOf(operator), (question) => confirm(question, cli.options())),
    ),
    (expired) =>
      `${expired.length} order(s) expired${expired.length === 0 ? "" : `: ${expired.map((o) => o.orderId).join(", ")}`}`,
    (expired) => ({ expired: expired.map((o) => o.orderId) }),
  )
