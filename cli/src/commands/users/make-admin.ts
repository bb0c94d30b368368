/**
 * `landunits users make-admin <email>`: gives a member the admin role. The first admin of an installation
 * is made from the shell (recorded as the OS user); once an admin exists, only an admin (`--as`) makes another.
 */
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, bootstrapOperator, SAY_WHO_ACTS } from "../../support/Operator.ts"
import { requireOtp } from "../../support/SecondFactorGate.ts"

export const usersMakeAdmin = (cli: Cli, member: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const accounts = yield* AccountRepository
      const as = cli.options().as
      if (as === undefined && (yield* accounts.list({ role: "admin" })).length > 0) {
        return yield* new AdminRefused({ message: `An admin exists already. ${SAY_WHO_ACTS}` })
      }
      const operator = yield* bootstrapOperator(as)
      // An admin making an admin gives a code; the first admin of an installation is made from the shell.
      if (operator.email !== undefined)
        yield* requireOtp(operator.actor.memberId, "Making an admin", cli.options())
      const account = yield* memberNamed(member)
      if (account.disabledAt !== undefined) {
        return yield* new AdminRefused({
          message: `${account.email} is disabled: a disabled member cannot be an admin`,
        })
      }
      if (account.role === "admin") return account
      yield* confirm(`Give ${account.email} the admin role`, cli.options())
      yield* accounts.update({ ...account, role: "admin" })
      yield* audit(operator, "users.makeAdmin", `member:${account.memberId}`, {
        email: account.email,
        role: "admin",
      })
      return account
    }),
    (a) => `${a.email} is now an admin.`,
    (a) => ({ memberId: a.memberId, email: a.email, role: "admin" }),
  )
