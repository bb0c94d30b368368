/**
 * `landunits users make-admin <email>`: gives a member the admin role. The first admin of an installation
 * is made from the shell (recorded as the OS user); once an admin exists, only an admin (`--as`) makes another.
 * The sole admin makes the second at once (nobody else could approve it); from two admin accounts on, a
 * request a second admin approves (cli/src/support/Operations.ts, core/src/approvals/FourEyes.ts).
 */

import type { ApprovalFacts } from "@landunits/core/access/AdminOperationRunner.ts"
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runFirstAdmin, runOperation } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, bootstrapOperator, type Operator } from "../../support/Operator.ts"

const refuseDisabled = (account: Account) =>
  account.disabledAt === undefined
    ? Effect.void
    : Effect.fail(
        new AdminRefused({ message: `${account.email} is disabled: a disabled member cannot be an admin` }),
      )

/** Gives the member the admin role as `operator` (the approver, for an approved request, with `approval` audited beside). */
export const makeAdmin = (operator: Operator, member: string, approval: ApprovalFacts = {}) =>
  Effect.gen(function* () {
    const account = yield* memberNamed(member)
    yield* refuseDisabled(account)
    if (account.role === "admin") return account
    yield* (yield* AccountRepository).update({ ...account, role: "admin" })
    yield* audit(operator, "users.makeAdmin", `member:${account.memberId}`, {
      email: account.email,
      role: "admin",
      ...approval,
    })
    return account
  })

/**
 * With `--as`: through the admin guard (the second factor; four eyes from two admin accounts on). Without it:
 * the first admin of an installation, made from the shell (nobody could give a code or approve it); refused once
 * an admin exists.
 */
export const usersMakeAdmin = (cli: Cli, member: string) => {
  const as = cli.options().as
  if (as !== undefined && as.trim() !== "") return runOperation(cli, { member }, asJson)
  return runFirstAdmin(
    cli,
    Effect.gen(function* () {
      const operator = yield* bootstrapOperator(undefined)
      const account = yield* memberNamed(member)
      yield* refuseDisabled(account)
      if (account.role === "admin") return account
      yield* confirm(`Give ${account.email} the admin role`, cli.options())
      return yield* makeAdmin(operator, account.email)
    }),
    (a) => `${a.email} is now an admin.`,
    asJson,
  )
}

const asJson = (a: Account) => ({ memberId: a.memberId, email: a.email, role: "admin" })
