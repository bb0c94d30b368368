/**
 * `landunits approvals approve <requestId>`: another admin's request runs now, with its recorded parameters, as
 * the approver; asks first unless --yes. Nobody approves their own. The admin guard asks the approver's second
 * factor (approving runs the change); core's runner applies the request through the same use case the command
 * runs (core/src/access/AdminOperationRunner.ts `approve`). When the use case refuses (re-validated: a payout paid
 * meanwhile), the request is marked failed with the reason and this exits refused.
 */
import { approve } from "@landunits/core/access/AdminOperationRunner.ts"
import type { ApprovalRequest } from "@landunits/core/approvals/ApprovalModel.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Effect } from "effect"
import { type AppServices, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { actingOf, operationHandlers } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const approvalsApprove = (cli: Cli, requestId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const request = yield* (yield* ApprovalService).get(requestId)
      if (request.status === "pending" && request.requestedBy.adminId !== operator.orderActor.adminId) {
        yield* confirm(
          `Approve ${request.requestId} of ${request.requestedBy.email}: ${request.summary}`,
          cli.options(),
        )
      }
      return yield* approve(operationHandlers, actingOf(operator), requestId) as Effect.Effect<
        ApprovalRequest,
        unknown,
        AppServices
      >
    }),
    (r) =>
      `${r.requestId}: approved by ${r.decidedBy?.email ?? "-"}, requested by ${r.requestedBy.email}. ${r.outcome ?? ""}`.trim(),
  )
