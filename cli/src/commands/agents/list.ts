/** `landunits agents list [--status Pending|Approved|Rejected]`: applications to become a community agent (default: Pending). */
import { AgentApplicationStatus } from "@landunits/core/community/CommunityModel.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { optionValue } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant, table } from "../../support/Output.ts"

export const agentsList = (cli: Cli, o: { status: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const status = yield* optionValue(
        AgentApplicationStatus,
        "--status",
        o.status,
        "Pending, Approved, Rejected",
      )
      return yield* (yield* CommunityService).listApplications(operator.actor, status)
    }),
    (list) =>
      table(
        list.map((a) => ({
          applicationId: a.applicationId,
          memberId: a.memberId,
          status: a.status,
          submittedAt: instant(a.submittedAt),
          reason: a.reason,
        })),
        ["applicationId", "memberId", "status", "submittedAt", "reason"],
        `No ${o.status} application.`,
      ),
  )
