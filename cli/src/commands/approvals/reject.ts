/** `landunits approvals reject <requestId> --reason text`: the request never runs; its requester may withdraw it so. */
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { approvalAdminOf } from "../../support/FourEyes.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

export const approvalsReject = (cli: Cli, requestId: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      if (o.reason.trim() === "")
        return yield* new AdminRefused({ message: "A reason is required to reject a request" })
      const rejected = yield* (yield* ApprovalService).reject(
        requestId,
        approvalAdminOf(operator),
        o.reason.trim(),
      )
      yield* audit(operator, "approvals.reject", `approval:${requestId}`, {
        command: rejected.command,
        summary: rejected.summary,
        requestedBy: rejected.requestedBy.email,
        requestedAt: new Date(rejected.requestedAt).toISOString(),
        rejectedBy: operator.orderActor.email,
        rejectedAt: new Date(rejected.decidedAt ?? 0).toISOString(),
        reason: rejected.reason ?? "",
      })
      return rejected
    }),
    (r) => `${r.requestId}: rejected by ${r.decidedBy?.email ?? "-"} (${r.reason ?? ""})`,
  )
