/**
 * `landunits payouts mark-paid <payoutId>`: the seller has been paid (AUD: mark-ready first); asks first unless
 * --yes. Audited. Above the threshold of its currency, a request a second admin approves (support/FourEyes.ts).
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { type ApprovalFacts, fourEyes } from "../../support/FourEyes.ts"
import { type AdminOperator, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { cliKey } from "../orders/keys.ts"
import { auditPayoutMove, payoutLine } from "./payoutMove.ts"

/** Records the payout as paid by `operator` (the approver, for an approved request, with `approval` audited beside). */
export const markPaid = (operator: AdminOperator, payoutId: string, approval: ApprovalFacts = {}) =>
  Effect.gen(function* () {
    const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
    const payout = yield* (yield* OrderService).markPayoutPaid({
      idempotencyKey: cliKey("payout-paid", payoutId),
      payoutId: before.payoutId,
      actor: operator.orderActor,
    })
    yield* auditPayoutMove(operator, "payouts.paid", before, payout, approval)
    return payout
  })

export const payoutsMarkPaid = (cli: Cli, payoutId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Marking payouts paid", cli.options())
      const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
      if (before.status === "Completed") return before
      const summary = `Record ${before.amountCents} cents ${before.currency} as paid to ${before.memberId}`
      yield* confirm(summary, cli.options())
      return yield* fourEyes(
        operator,
        {
          command: "payouts.markPaid",
          params: { payoutId: before.payoutId },
          summary: `${summary} (payout ${before.payoutId})`,
          amount: { amountMinor: before.amountCents, currency: before.currency },
        },
        markPaid(operator, before.payoutId),
      )
    }),
    payoutLine,
  )
