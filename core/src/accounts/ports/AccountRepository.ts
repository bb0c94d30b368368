import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import { AccountMessages, EmailTaken } from "../AccountErrors.ts"
import { type Account, normalizeEmail, type Role } from "../AccountModel.ts"

/** Which accounts to list; every given field must match. `search` is a part of the email or a name, any case. */
export interface AccountFilter {
  readonly role?: Role
  readonly disabled?: boolean
  readonly search?: string
}

export const matchesAccountFilter = (account: Account, filter: AccountFilter): boolean => {
  const needle = filter.search?.trim().toLowerCase()
  return (
    (filter.role === undefined || account.role === filter.role) &&
    (filter.disabled === undefined || (account.disabledAt !== undefined) === filter.disabled) &&
    (needle === undefined ||
      needle === "" ||
      [account.email, account.firstName, account.lastName].some((f) => f.toLowerCase().includes(needle)))
  )
}

/**
 * Port: members' accounts. `insert` refuses an email already used, ignoring letter case (EmailTaken; a
 * unique index in SQL, so two concurrent registrations give one account). `remove` is for a registration
 * cancelled before confirmation. `list` answers the matching accounts, oldest first (the admin's view).
 */
export class AccountRepository extends Context.Service<
  AccountRepository,
  {
    readonly insert: (account: Account) => Effect.Effect<void, EmailTaken>
    readonly get: (memberId: MemberId) => Effect.Effect<Option.Option<Account>>
    readonly findByEmail: (email: string) => Effect.Effect<Option.Option<Account>>
    readonly update: (account: Account) => Effect.Effect<void>
    readonly remove: (memberId: MemberId) => Effect.Effect<void>
    readonly list: (filter: AccountFilter) => Effect.Effect<ReadonlyArray<Account>>
  }
>()("@landunits/core/accounts/ports/AccountRepository") {
  static readonly layerMemory = Layer.sync(AccountRepository)(() => {
    const accounts = new Map<MemberId, Account>()
    const byEmail = (email: string) =>
      [...accounts.values()].find((a) => normalizeEmail(a.email) === normalizeEmail(email))
    return {
      insert: (account) =>
        Effect.suspend(() => {
          if (byEmail(account.email) !== undefined) {
            return Effect.fail(new EmailTaken({ message: AccountMessages.emailTaken }))
          }
          accounts.set(account.memberId, account)
          return Effect.void
        }),
      get: (memberId) => Effect.sync(() => Option.fromNullishOr(accounts.get(memberId))),
      findByEmail: (email) => Effect.sync(() => Option.fromNullishOr(byEmail(email))),
      update: (account) =>
        Effect.sync(() => {
          if (accounts.has(account.memberId)) accounts.set(account.memberId, account)
        }),
      remove: (memberId) =>
        Effect.sync(() => {
          accounts.delete(memberId)
        }),
      list: (filter) =>
        Effect.sync(() =>
          [...accounts.values()]
            .filter((a) => matchesAccountFilter(a, filter))
            .sort((a, b) => a.createdAt - b.createdAt || a.memberId.localeCompare(b.memberId)),
        ),
    }
  })
}
