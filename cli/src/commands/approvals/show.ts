/** `landunits approvals show <requestId>`: a request, who asked and when, and its outcome. */
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { requestFields } from "./view.ts"

export const approvalsShow = (cli: Cli, requestId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* (yield* ApprovalService).get(requestId)
    }),
    requestFields,
  )
