/**
 * `landunits users erase <email|memberId> --reason "…"`: closes a member's account for a request that came by post
 * (GDPR article 17), as the member's own "Close my account" does: refused while they hold Units, have an open order
 * or are owed a payout; otherwise signed out, pseudonymised, records kept for their retention (docs/security.md).
 * The closure's audit entry names the admin and the member by id, with the reason. Core's use case:
 * core/src/accounts/MembersAdmin.ts `eraseMember`.
 */
import { eraseMember } from "@landunits/core/accounts/MembersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant } from "../../support/Output.ts"

export const usersErase = (cli: Cli, member: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      eraseMember(actingOf(operator), member, o.reason, (question) => confirm(question, cli.options())),
    ),
    (c) =>
      `${c.memberId} is closed (${instant(c.closedAt)}): KYC kept until ${instant(c.kycPurgeAt)}, orders and ledger records until ${instant(c.recordsPurgeAt)}.`,
    (c) => c,
  )
