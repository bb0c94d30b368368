/**
 * `landunits orders mark-funds-received <orderId>`: a bank order's money is on the platform's account
 * (FundsWaitingApproval). Core's use case: core/src/orders/OrdersAdmin.ts `markFundsReceived`.
 */
import { markFundsReceived } from "@landunits/core/orders/OrdersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const ordersMarkFundsReceived = (cli: Cli, orderId: string) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      markFundsReceived(actingOf(operator), orderId),
    ),
    (o) => `${o.orderId}: ${o.orderStatus}`,
  )
