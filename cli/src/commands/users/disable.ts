/**
 * `landunits users disable <email|memberId>`: the member can no longer sign in and is signed out everywhere.
 * Core's use case: core/src/accounts/MembersAdmin.ts `disableMember`.
 */
import { disableMember, withoutPassword } from "@landunits/core/accounts/MembersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { instant } from "../../support/Output.ts"

export const usersDisable = (cli: Cli, member: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      disableMember(actingOf(operator), member, o.reason, (question) => confirm(question, cli.options())),
    ),
    (a) => `${a.email} is disabled (since ${instant(a.disabledAt)}).`,
    withoutPassword,
  )
