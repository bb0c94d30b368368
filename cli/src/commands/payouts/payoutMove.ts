/** What the payout commands that move a payout (mark-ready, mark-paid) share: its audit entry and its line. */
import type { Payout } from "@landunits/core/orders/OrderModel.ts"
import { audit, type Operator } from "../../support/Operator.ts"

/** Audits a payout's move from `before` to `after` under `action` (payouts.ready, payouts.paid), with an approved request's facts. */
export const auditPayoutMove = (
  operator: Operator,
  action: string,
  before: Payout,
  after: Payout,
  approval: Readonly<Record<string, string>> = {},
) =>
  audit(operator, action, `payout:${after.payoutId}`, {
    from: before.status,
    to: after.status,
    amountCents: String(after.amountCents),
    currency: after.currency,
    ...approval,
  })

export const payoutLine = (p: Payout) =>
  `${p.payoutId}: ${p.status} (${p.amountCents} cents ${p.currency} to ${p.memberId})`
