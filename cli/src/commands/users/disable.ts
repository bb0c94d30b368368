/** `landunits users disable <email|memberId>`: the member can no longer sign in and is signed out everywhere. */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { instant } from "../../support/Output.ts"

export const usersDisable = (cli: Cli, member: string, o: { reason: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const account = yield* memberNamed(member)
      if (account.disabledAt !== undefined) return account
      yield* confirm(`Disable ${account.email} and end their sessions`, cli.options())
      const disabled = yield* (yield* AccountService).disable(account.memberId)
      yield* audit(operator, "users.disable", `member:${account.memberId}`, {
        email: account.email,
        reason: o.reason,
      })
      return disabled
    }),
    (a) => `${a.email} is disabled (since ${instant(a.disabledAt)}).`,
    ({ passwordHash: _, ...rest }) => rest,
  )
