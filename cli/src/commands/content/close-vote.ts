/** `landunits content close-vote <voteId>`: closes a governance vote before its end; its results are final (GovernanceService audits it). */
import { VoteId } from "@landunits/core/governance/GovernanceModel.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const contentCloseVote = (cli: Cli, voteId: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      yield* confirm(`Close the vote ${voteId} now`, cli.options())
      return yield* (yield* GovernanceService).closeVote(operator.actor, VoteId.make(voteId))
    }),
    (v) => `Closed the vote ${v.voteId}: ${v.title}`,
  )
