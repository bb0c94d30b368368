/**
 * `landunits users erase <email|memberId> --reason "…"`: closes a member's account for a request that came by post
 * (GDPR article 17), as the member's own "Close my account" does: refused while they hold Units, have an open order
 * or are owed a payout; otherwise signed out, pseudonymised, records kept for their retention (docs/security.md).
 * The closure's audit entry names the admin and the member by id, with the reason.
 */
import { PrivacyService } from "@landunits/core/privacy/PrivacyService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant } from "../../support/Output.ts"

export const usersErase = (cli: Cli, member: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      yield* confirm(
        `Close ${account.email}'s account: sign-in ends, names and email are erased, records kept for their retention`,
        cli.options(),
      )
      return yield* (yield* PrivacyService).closeAccount({
        memberId: account.memberId,
        closedBy: "admin",
        actor: operator.actor.memberId,
        reason: o.reason,
      })
    }),
    (c) =>
      `${c.memberId} is closed (${instant(c.closedAt)}): KYC kept until ${instant(c.kycPurgeAt)}, orders and ledger records until ${instant(c.recordsPurgeAt)}.`,
    (c) => c,
  )
