/** `landunits kyc reject <member> --reason "…"`: refuses a member's verification; they are emailed the reason (KycService audits it). */
import { KycService } from "@landunits/core/kyc/KycService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const kycReject = (cli: Cli, member: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      yield* confirm(`Refuse the verification of ${account.email} and email them the reason`, cli.options())
      const view = yield* (yield* KycService).reject(operator.actor, account.memberId, o.reason)
      return {
        email: account.email,
        memberId: view.memberId,
        kycStatus: view.kycInfo.kycStatus,
        reason: o.reason.trim(),
      }
    }),
    (v) => `${v.email}: ${v.kycStatus} (emailed: ${v.reason})`,
  )
