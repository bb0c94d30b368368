/** How the approvals commands print a request. */
import type { ApprovalRequest } from "@landunits/core/approvals/ApprovalModel.ts"
import { fields, instant } from "../../support/Output.ts"

const who = (a: ApprovalRequest["requestedBy"] | undefined) =>
  a === undefined ? undefined : `${a.name} <${a.email}>`

export const amountText = (r: ApprovalRequest) =>
  r.amount === undefined ? undefined : `${r.amount.amountMinor} ${r.amount.currency}`

export const requestFields = (r: ApprovalRequest) =>
  fields({
    request: r.requestId,
    status: r.status,
    command: r.command,
    summary: r.summary,
    amount: amountText(r),
    requestedBy: who(r.requestedBy),
    requestedAt: instant(r.requestedAt),
    expiresAt: instant(r.expiresAt),
    decidedBy: who(r.decidedBy),
    decidedAt: r.decidedAt === undefined ? undefined : instant(r.decidedAt),
    reason: r.reason,
    outcome: r.outcome,
    params: Object.entries(r.params)
      .map(([k, v]) => `${k}=${v}`)
      .join(" "),
  })
