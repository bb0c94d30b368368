/** `landunits payouts mark-paid <payoutId>`: the seller has been paid (AUD: mark-ready first); asks first unless --yes. Audited. */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { cliKey } from "../orders/keys.ts"

export const payoutsMarkPaid = (cli: Cli, payoutId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
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
      })
      yield* audit(operator, "payouts.paid", `payout:${payoutId}`, {
        from: before.status,
        to: payout.status,
        amountCents: String(payout.amountCents),
        currency: payout.currency,
      })
      return payout
    }),
    (p) => `${p.payoutId}: ${p.status} (${p.amountCents} cents ${p.currency} to ${p.memberId})`,
  )
