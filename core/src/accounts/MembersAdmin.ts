/**
 * The admins' use cases on members (`landunits users …`, issue 37): find one by email or id, list, show,
 * disable, close an account for a request by post, and give the admin role. Giving the role is money-or-power
 * (core/src/access/AdminOperations.ts): `makeAdmin` is its handler for core's runner (second factor, four eyes
 * from two admin accounts on); the first admin of an installation is made from the shell (`makeFirstAdmin`).
 */
import { Effect, Option } from "effect"
import type { OperationHandler } from "../access/AdminOperationRunner.ts"
import {
  type Ask,
  type Auditor,
  auditAdmin,
  auditorOf,
  optionValue,
  param,
  refuse,
} from "../access/AdminUseCase.ts"
import { KycService } from "../kyc/KycService.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import { PrivacyService } from "../privacy/PrivacyService.ts"
import { MemberId } from "../shared/Ids.ts"
import { type Account, Role } from "./AccountModel.ts"
import { AccountService } from "./AccountService.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"

/** An account as an admin reads it: never its password hash. */
export type AccountView = Omit<Account, "passwordHash">

export const withoutPassword = ({ passwordHash: _, ...rest }: Account): AccountView => rest

/** The member named by their email (any letter case) or their member id. */
export const memberNamed = Effect.fn("MembersAdmin.memberNamed")(function* (ref: string) {
  const accounts = yield* AccountRepository
  const found = ref.includes("@") ? yield* accounts.findByEmail(ref) : yield* accounts.get(MemberId.make(ref))
  if (Option.isNone(found)) {
    return yield* refuse(ref.includes("@") ? `No member has the email ${ref}` : `No member has the id ${ref}`)
  }
  return found.value
})

/**
 * The admin who acts, named by their email: an enabled account with the admin role; refused otherwise (the CLI's
 * `--as`, before any command runs).
 */
export const adminNamed = Effect.fn("MembersAdmin.adminNamed")(function* (email: string) {
  const account = yield* (yield* AccountRepository).findByEmail(email)
  if (Option.isNone(account) || account.value.role !== "admin") {
    return yield* refuse(`${email} is not an admin (see: landunits users make-admin)`)
  }
  if (account.value.disabledAt !== undefined) return yield* refuse(`${email} is disabled and cannot act`)
  return account.value
})

/** A member's email as admins know them; undefined when the account is gone. */
export const emailOf = Effect.fn("MembersAdmin.emailOf")(function* (memberId: MemberId) {
  const account = yield* (yield* AccountRepository).get(memberId)
  return Option.getOrUndefined(Option.map(account, (a) => a.email))
})

/** Members, oldest first: by role (`admin`, `member`), disabled or not, and text in their name or email. */
export const listMembers = Effect.fn("MembersAdmin.list")(function* (filter: {
  readonly role?: string | undefined
  readonly disabled?: boolean | undefined
  readonly search?: string | undefined
}) {
  const role =
    filter.role === undefined ? undefined : yield* optionValue(Role, "--role", filter.role, "admin, member")
  return yield* (yield* AccountRepository).list({
    ...(role === undefined ? {} : { role }),
    ...(filter.disabled === undefined ? {} : { disabled: filter.disabled }),
    ...(filter.search === undefined ? {} : { search: filter.search }),
  })
})

/** One member's account, KYC status and holdings. */
export const showMember = Effect.fn("MembersAdmin.show")(function* (ref: string) {
  const account = withoutPassword(yield* memberNamed(ref))
  return {
    account,
    kycStatus: yield* (yield* KycService).statusOf(account.memberId),
    holdings: yield* Effect.orDie((yield* HoldingsService).holdings(account.memberId)),
  }
})

/** The member can no longer sign in and is signed out everywhere; a disabled one answers as it is. Audited. */
export const disableMember = Effect.fn("MembersAdmin.disable")(function* (
  acting: Parameters<typeof auditorOf>[0],
  ref: string,
  reason: string,
  ask: Ask,
) {
  const account = yield* memberNamed(ref)
  if (account.disabledAt !== undefined) return account
  yield* ask(`Disable ${account.email} and end their sessions`)
  const disabled = yield* (yield* AccountService).disable(account.memberId)
  yield* auditAdmin(acting, "users.disable", `member:${account.memberId}`, { email: account.email, reason })
  return disabled
})

/**
 * Closes a member's account for a request that came by post (GDPR article 17), as the member's own "Close my
 * account" does (PrivacyService.closeAccount: refused while they hold Units, have an open order or are owed a
 * payout). Its audit entry names the admin and the member, with the reason.
 */
export const eraseMember = Effect.fn("MembersAdmin.erase")(function* (
  acting: Parameters<typeof auditorOf>[0],
  ref: string,
  reason: string,
  ask: Ask,
) {
  const account = yield* memberNamed(ref)
  yield* ask(
    `Close ${account.email}'s account: sign-in ends, names and email are erased, records kept for their retention`,
  )
  return yield* (yield* PrivacyService).closeAccount({
    memberId: account.memberId,
    closedBy: "admin",
    actor: auditorOf(acting).actor,
    reason,
  })
})

const refuseDisabled = (account: Account) =>
  account.disabledAt === undefined
    ? Effect.void
    : refuse(`${account.email} is disabled: a disabled member cannot be an admin`)

/** Gives the role; an admin already answers as they are. Audited with an approval's facts. */
const grantAdmin = (
  acting: Parameters<typeof auditorOf>[0],
  ref: string,
  facts: Readonly<Record<string, string>> = {},
) =>
  Effect.gen(function* () {
    const account = yield* memberNamed(ref)
    yield* refuseDisabled(account)
    if (account.role === "admin") return account
    yield* (yield* AccountRepository).update({ ...account, role: "admin" })
    yield* auditAdmin(acting, "users.makeAdmin", `member:${account.memberId}`, {
      email: account.email,
      role: "admin",
      ...facts,
    })
    return account
  })

/** `users.makeAdmin`: a money-or-power operation (the role decides who may act), run by core's runner. */
export const makeAdmin: OperationHandler<Account> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const account = yield* memberNamed(yield* param(params, "member"))
      yield* refuseDisabled(account)
      return {
        params: { member: account.email },
        summary: `Give ${account.email} (${account.memberId}) the admin role`,
        confirm: `Give ${account.email} the admin role`,
        repeat: account.role === "admin",
      }
    }),
  recheck: (params) =>
    Effect.gen(function* () {
      const account = yield* memberNamed(yield* param(params, "member"))
      if (account.role === "admin") return yield* refuse(`${account.email} is already an admin`)
    }),
  apply: (acting, params, facts) =>
    Effect.flatMap(param(params, "member"), (member) => grantAdmin(acting, member, facts)),
  outcome: (a) => `${a.email} is now an admin.`,
}

/**
 * The first admin of an installation, made from the shell by `bootstrap` (the OS user): only while there is no
 * admin (nobody could give a code or approve it). The caller refuses it once an admin exists.
 */
export const makeFirstAdmin = Effect.fn("MembersAdmin.makeFirstAdmin")(function* (
  bootstrap: Auditor,
  ref: string,
  ask: Ask,
) {
  const account = yield* memberNamed(ref)
  yield* refuseDisabled(account)
  if (account.role === "admin") return account
  yield* ask(`Give ${account.email} the admin role`)
  return yield* grantAdmin(bootstrap, account.email)
})

/** Whether an installation has an admin yet. */
export const hasAdmin = Effect.map(
  Effect.flatMap(AccountRepository, (accounts) => accounts.list({ role: "admin" })),
  (admins) => admins.length > 0,
)
