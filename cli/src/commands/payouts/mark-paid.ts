/** `landunits payouts mark-paid <payoutId>`: the seller has been paid (AUD: mark-ready first); asks first unless --yes. Audited. */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { cliKey } from "../orders/keys.ts"
import { auditPayoutMove, payoutLine } from "./payoutMove.ts"

export const payoutsMarkPaid = (cli: Cli, payoutId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Marking payouts paid", cli.options())
      const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
      if (before.status !== "Completed") {
        yield* confirm(
          `Record ${before.amountCents} cents ${before.currency} as paid to ${before.memberId}`,
          cli.options(),
        )
      }
      const payout = yield* (yield* OrderService).markPayoutPaid({
        idempotencyKey: cliKey("payout-paid", payoutId),
        payoutId: before.payoutId,
        actor: operator.orderActor,
      })
      yield* auditPayoutMove(operator, "payouts.paid", before, payout)
      return payout
    }),
    payoutLine,
  )
