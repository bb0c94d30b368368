/**
 * The password use cases (AccountService.ts): a forgotten password's emailed link, checked and used to reset it,
 * and a changed password. Either ends the member's sessions and emails them (SecurityEmails.ts).
 */
import { Clock, Effect, Option } from "effect"
import { memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import { RESET_TOKEN_TTL_MS } from "../shared/Constants.ts"
import type { MemberId } from "../shared/Ids.ts"
import { AccountMessages, InvalidCredentials, TokenInvalid } from "./AccountErrors.ts"
import type { Session } from "./AccountModel.ts"
import type { AccountSteps } from "./AccountSteps.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { PasswordHasher } from "./ports/PasswordHasher.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { SessionStore } from "./ports/SessionStore.ts"
import { TokenStore } from "./ports/TokenStore.ts"
import { makeSecurityNotices } from "./SecurityEmails.ts"

export const makeAccountPasswords = ({ getAccount, issueToken, newSession }: AccountSteps) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository
    const sessions = yield* SessionStore
    const tokens = yield* TokenStore
    const hasher = yield* PasswordHasher
    const random = yield* SecureRandom
    const limits = yield* LimitsService
    const guard = yield* MemberGuard
    const notices = yield* makeSecurityNotices
    const now = Clock.currentTimeMillis

    const forgotPassword = Effect.fn("AccountService.forgotPassword")(function* (input: {
      readonly email: string
      readonly address: string
    }) {
      // Counted whether or not the email is registered: the answer must not tell.
      yield* limits.publicEmail({ recipient: input.email, address: input.address })
      const found = yield* accounts.findByEmail(input.email)
      if (Option.isSome(found)) yield* issueToken(found.value, "reset-password", RESET_TOKEN_TTL_MS)
      return AccountMessages.resetSent
    })

    const verifyResetToken = Effect.fn("AccountService.verifyResetToken")(function* (token: string) {
      const memberId = yield* tokens.peek(yield* random.digest(token), "reset-password", yield* now)
      if (Option.isNone(memberId)) return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
    })

    const resetPassword = Effect.fn("AccountService.resetPassword")(function* (input: {
      readonly token: string
      readonly password: string
      readonly address?: string | undefined
    }) {
      const memberId = yield* tokens.consume(yield* random.digest(input.token), "reset-password", yield* now)
      if (Option.isNone(memberId)) return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
      const account = yield* getAccount(memberId.value).pipe(
        Effect.mapError(() => new TokenInvalid({ message: AccountMessages.tokenInvalid })),
      )
      // The link proves the member reads this mailbox, so it also confirms the email.
      yield* accounts.update({
        ...account,
        passwordHash: yield* hasher.hash(input.password),
        emailConfirmedAt: account.emailConfirmedAt ?? (yield* now),
      })
      yield* tokens.removeAllOf(account.memberId, "reset-password")
      yield* sessions.removeAllOf(account.memberId)
      yield* notices.notify(account.memberId, { _tag: "passwordReset" }, { address: input.address })
    })

    const changePassword = Effect.fn("AccountService.changePassword")(function* (input: {
      readonly memberId: MemberId
      readonly currentPassword: string
      readonly newPassword: string
      readonly currentSessionId?: string | undefined
    }) {
      yield* guard
        .require("changePassword", memberActor(input.memberId, input.currentSessionId))
        .pipe(Effect.catchTag("PasswordRequired", Effect.die))
      const account = yield* getAccount(input.memberId)
      if (!(yield* hasher.verify(input.currentPassword, account.passwordHash))) {
        return yield* new InvalidCredentials({ message: AccountMessages.currentPasswordWrong })
      }
      const current =
        input.currentSessionId === undefined
          ? Option.none<Session>()
          : yield* sessions.get(input.currentSessionId, yield* now)
      yield* accounts.update({ ...account, passwordHash: yield* hasher.hash(input.newPassword) })
      yield* sessions.removeAllOf(account.memberId)
      const session = yield* newSession(
        account.memberId,
        Option.isSome(current)
          ? { device: current.value.device, secondFactorAt: current.value.secondFactorAt }
          : {},
      )
      // The new session carries the device of the one that asked.
      yield* notices.notify(account.memberId, { _tag: "passwordChanged" }, { sessionId: session.sessionId })
      return session
    })
    return { forgotPassword, verifyResetToken, resetPassword, changePassword }
  })
