/**
 * The account the Authentication middleware read with the session (one join, SignedInAccounts), handed to
 * the handler so it does not read it again. A Reference: outside a signed-in route it is absent, and a
 * handler that finds it absent reads the account itself.
 */
import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { Context, Option } from "effect"

export const SignedInAccount = Context.Reference<Option.Option<Account>>(
  "@landunits/adapters/http/middleware/SignedInAccount",
  { defaultValue: () => Option.none() },
)
