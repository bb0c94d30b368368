/**
 * `landunits payouts mark-paid <payoutId>`: the seller has been paid (AUD: mark-ready first); asks first unless
 * --yes. Audited. Above the threshold of its currency, a request a second admin approves (support/FourEyes.ts).
 */
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { type Cli, runOperation } from "../../Admin.ts"
import type { ApprovalFacts } from "../../support/FourEyes.ts"
import type { AdminOperator } from "../../support/Operator.ts"
import { cliKey } from "../orders/keys.ts"
import { auditPayoutMove } from "./payoutMove.ts"

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

/** Through the admin guard: the second factor, four eyes above the threshold (cli/src/support/Operations.ts). */
export const payoutsMarkPaid = (cli: Cli, payoutId: string) => runOperation(cli, { payoutId })
