/** `landunits agents approve <applicationId>`: decides an application to become a community agent (CommunityService audits it). */
import { AgentApplicationId } from "@landunits/core/community/CommunityModel.ts"
import { CommunityService } from "@landunits/core/community/CommunityService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const agentsApprove = (cli: Cli, applicationId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      return yield* (yield* CommunityService).decideApplication(
        operator.actor,
        AgentApplicationId.make(applicationId),
        "Approved",
      )
    }),
    (a) => `${a.applicationId} (${a.memberId}): ${a.status}`,
  )
