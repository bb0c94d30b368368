/**
 * `landunits users make-admin <email>`: gives a member the admin role. The first admin of an installation
 * is made from the shell (recorded as the OS user); once an admin exists, only an admin (`--as`) makes another.
 * The sole admin makes the second at once (nobody else could approve it); from two admin accounts on, a
 * request a second admin approves (support/FourEyes.ts, core/src/approvals/FourEyes.ts).
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { type ApprovalFacts, fourEyes } from "../../support/FourEyes.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, bootstrapOperator, type Operator, SAY_WHO_ACTS } from "../../support/Operator.ts"

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
      yield* refuseDisabled(account)
      if (account.role === "admin") return account
      yield* confirm(`Give ${account.email} the admin role`, cli.options())
      // Without --as this is the first admin, made from the shell: nobody could approve it.
      if (!("orderActor" in operator)) return yield* makeAdmin(operator, account.email)
      return yield* fourEyes(
        operator,
        {
          command: "users.makeAdmin",
          params: { member: account.email },
          summary: `Give ${account.email} (${account.memberId}) the admin role`,
        },
        makeAdmin(operator, account.email),
      )
    }),
    (a) => `${a.email} is now an admin.`,
    (a) => ({ memberId: a.memberId, email: a.email, role: "admin" }),
  )
