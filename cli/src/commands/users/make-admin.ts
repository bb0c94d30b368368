/**
 * `landunits users make-admin <email>`: gives a member the admin role. The first admin of an installation
 * is made from the shell (recorded as the OS user); once an admin exists, only an admin (`--as`) makes another.
 * The sole admin makes the second at once (nobody else could approve it); from two admin accounts on, a
 * request a second admin approves. The use cases are core's (core/src/accounts/MembersAdmin.ts `makeAdmin`,
 * `makeFirstAdmin`).
 */

import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { makeFirstAdmin } from "@landunits/core/accounts/MembersAdmin.ts"
import { Effect } from "effect"
import { type Cli, runFirstAdmin, runOperation } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { bootstrapOperator } from "../../support/Operator.ts"

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
      return yield* makeFirstAdmin(
        { actor: operator.actor.memberId, via: "cli", osUser: operator.osUser },
        member,
        (question) => confirm(question, cli.options()),
      )
    }),
    (a) => `${a.email} is now an admin.`,
    asJson,
  )
}

const asJson = (a: Account) => ({ memberId: a.memberId, email: a.email, role: "admin" })
