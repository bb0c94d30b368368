/**
 * `landunits payouts mark-ready <payoutId>`: an AUD payout is ready for the transfer between accounts (before
 * mark-paid). Audited. Core's use case: core/src/orders/PayoutsAdmin.ts `markPayoutReady`.
 */
import { markPayoutReady, payoutLine } from "@landunits/core/orders/PayoutsAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const payoutsMarkReady = (cli: Cli, payoutId: string) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      markPayoutReady(actingOf(operator), payoutId),
    ),
    payoutLine,
  )
