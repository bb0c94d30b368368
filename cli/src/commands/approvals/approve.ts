/**
 * `landunits approvals approve <requestId>`: another admin's request runs now, with its recorded parameters, as
 * the approver; asks first unless --yes. Nobody approves their own. When the command refuses (re-validated:
 * a payout paid meanwhile), the request is marked failed with the reason and this exits refused.
 */
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Clock, Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { approvalAdminOf } from "../../support/FourEyes.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"
import { execute } from "./execute.ts"

export const approvalsApprove = (cli: Cli, requestId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* requireOtp(operator.actor.memberId, "Approving a request", cli.options())
      const approvals = yield* ApprovalService
      const request = yield* approvals.get(requestId)
      if (request.status === "pending" && request.requestedBy.adminId !== operator.orderActor.adminId) {
        yield* confirm(
          `Approve ${request.requestId} of ${request.requestedBy.email}: ${request.summary}`,
          cli.options(),
        )
      }
      const at = yield* Clock.currentTimeMillis
      const decided = yield* approvals.approve(requestId, approvalAdminOf(operator), (r) =>
        execute(r, operator, at),
      )
      yield* audit(
        operator,
        decided.status === "approved" ? "approvals.approve" : "approvals.fail",
        `approval:${requestId}`,
        {
          command: decided.command,
          summary: decided.summary,
          requestedBy: decided.requestedBy.email,
          requestedAt: new Date(decided.requestedAt).toISOString(),
          approvedBy: operator.orderActor.email,
          approvedAt: new Date(decided.decidedAt ?? at).toISOString(),
          ...(decided.reason === undefined ? {} : { reason: decided.reason }),
        },
      )
      if (decided.status === "failed") {
        return yield* new AdminRefused({
          message: `${decided.reason ?? "the command refused"}. Request ${requestId} is marked failed.`,
        })
      }
      return decided
    }),
    (r) =>
      `${r.requestId}: approved by ${r.decidedBy?.email ?? "-"}, requested by ${r.requestedBy.email}. ${r.outcome ?? ""}`.trim(),
  )
