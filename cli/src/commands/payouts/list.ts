/** `landunits payouts list [--status Initiated|AUDReadyToSendBetweenAccounts|Completed] [--member m]`: payouts owed to sellers, oldest first. */
import { PayoutStatus } from "@landunits/core/orders/OrderModel.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed, optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const payoutsList = (cli: Cli, o: { status?: string; member?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      const statuses =
        o.status === "all"
          ? undefined
          : o.status === undefined
            ? (["Initiated", "AUDReadyToSendBetweenAccounts"] as const)
            : [
                yield* optionValue(
                  PayoutStatus,
                  "--status",
                  o.status,
                  "Initiated, AUDReadyToSendBetweenAccounts, Completed, all",
                ),
              ]
      const member = o.member === undefined ? undefined : yield* memberNamed(o.member)
      return yield* (yield* PayoutRepository).find({
        ...(statuses === undefined ? {} : { statuses }),
        ...(member === undefined ? {} : { memberId: member.memberId }),
      })
    }),
    (list) =>
      table(
        list.map((p) => ({
          payoutId: p.payoutId,
          memberId: p.memberId,
          status: p.status,
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
