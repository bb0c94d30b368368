/** `landunits kyc approve <member>`: verifies a member's identity (they are emailed; KycService audits the decision). */
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const kycApprove = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      const view = yield* (yield* KycService).approve(operator.actor, account.memberId)
      return { email: account.email, memberId: view.memberId, kycStatus: view.kycInfo.kycStatus }
    }),
    (v) => `${v.email}: ${v.kycStatus}`,
  )
