/**
 * `landunits approvals reject <requestId> --reason text`: the request never runs; its requester may withdraw it so.
 * Core's use case: core/src/approvals/ApprovalsAdmin.ts `rejectRequest`.
 */
import { rejectRequest } from "@landunits/core/approvals/ApprovalsAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const approvalsReject = (cli: Cli, requestId: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      rejectRequest(actingOf(operator), requestId, o.reason),
    ),
    (r) => `${r.requestId}: rejected by ${r.decidedBy?.email ?? "-"} (${r.reason ?? ""})`,
  )
