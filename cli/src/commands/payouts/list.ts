/** `landunits payouts list [--status Initiated|AUDReadyToSendBetweenAccounts|Completed] [--member m]`: payouts owed to members (a sale's slice or a convert's remainder: `kind`), oldest first. */
import { listPayouts } from "@landunits/core/orders/PayoutsAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const payoutsList = (cli: Cli, o: { status?: string; member?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* listPayouts(o)
    }),
    (list) =>
      table(
        list.map((p) => ({
          payoutId: p.payoutId,
          memberId: p.memberId,
          status: p.status,
          kind: p.kind ?? "sale",
          units: p.units,
          unitType: p.unitType,
          amountCents: p.amountCents,
          currency: p.currency,
          sellOrderId: p.sellOrderId,
          createdAt: instant(p.createdAt),
        })),
        [
          "payoutId",
          "memberId",
          "status",
          "kind",
          "units",
          "unitType",
          "amountCents",
          "currency",
          "sellOrderId",
          "createdAt",
        ],
        "No payout matches.",
      ),
  )
