/**
 * Four eyes on admin money moves in the CLI (core/src/approvals, docs/operations.md "Four eyes"): core's runner
 * (core/src/access/AdminOperationRunner.ts) files a request when a second admin is needed; `runOperation` answers
 * `AwaitingApproval` (printed by runCommand, exit code 3) instead of acting.
 */
import type { ApprovalAdmin, ApprovalRequest } from "@landunits/core/approvals/ApprovalModel.ts"
import type { AdminOperator } from "./Operator.ts"

/** A gated command's answer when it became a request: nothing was changed yet. */
export class AwaitingApproval {
  readonly request: ApprovalRequest
  constructor(request: ApprovalRequest) {
    this.request = request
  }
}

export type { ApprovalFacts } from "@landunits/core/access/AdminOperationRunner.ts"

/** An admin as a request names them. */
export const approvalAdminOf = (operator: AdminOperator): ApprovalAdmin => ({
  adminId: operator.orderActor.adminId,
  name: operator.orderActor.name,
  email: operator.orderActor.email,
})

/** The line a filed request prints. */
export const awaitingLine = (request: ApprovalRequest) =>
  `Awaiting a second admin: request ${request.requestId} (${request.summary}). ` +
  `Another admin approves it with: landunits approvals approve ${request.requestId}`
