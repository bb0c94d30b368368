/**
 * What the Authentication middleware read with the session, handed to the handler so it does not read it again:
 * the account (one join, SignedInAccounts), and on an endpoint marked WithOwnRecords the member's own records too
 * (SignedInMembers). References: outside a signed-in route they are absent, and a handler that finds one absent
 * reads it itself.
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import type { OwnRecords } from "@landunits/core/members/ports/SignedInMembers.ts"
import { Context, Option } from "effect"

export const SignedInAccount = Context.Reference<Option.Option<Account>>(
  "@landunits/adapters/http/middleware/SignedInAccount",
  { defaultValue: () => Option.none() },
)

export const SignedInOwnRecords = Context.Reference<Option.Option<OwnRecords>>(
  "@landunits/adapters/http/middleware/SignedInOwnRecords",
  { defaultValue: () => Option.none() },
)
