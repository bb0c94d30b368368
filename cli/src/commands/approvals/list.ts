/** `landunits approvals list [--mine] [--status s]`: requests for a second admin, newest first (default: pending). */
import { ApprovalStatus } from "@landunits/core/approvals/ApprovalModel.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"
import { amountText } from "./view.ts"

export const approvalsList = (cli: Cli, o: { mine?: boolean; status?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      // Mine: every status by default, so the requester sees each outcome; everyone's: what waits for a decision.
      const wanted = o.status ?? (o.mine === true ? "all" : "pending")
      const status =
        wanted === "all"
          ? undefined
          : yield* optionValue(
              ApprovalStatus,
              "status",
              wanted,
              "pending, approved, rejected, expired, failed, all",
            )
      return yield* (yield* ApprovalService).list({
        ...(o.mine === true ? { requestedBy: operator.orderActor.adminId } : {}),
        ...(status === undefined ? {} : { status }),
      })
    }),
    (requests) =>
      table(
        requests.map((r) => ({
          request: r.requestId,
          status: r.status,
          command: r.command,
          amount: amountText(r),
          requestedBy: r.requestedBy.email,
          requestedAt: instant(r.requestedAt),
          decidedBy: r.decidedBy?.email,
          summary: r.summary,
        })),
        ["request", "status", "command", "amount", "requestedBy", "requestedAt", "decidedBy", "summary"],
        "No request matches.",
      ),
  )
