/**
 * The accounts use cases: register, confirm the email, sign in and out, sessions, forgotten and changed
 * passwords. Inputs arrive validated by the schemas of members/MemberValidation.ts (the API and the web
 * forms use the same ones); this service decides what the checks cannot: who exists, which token is live,
 * whether the password matches, how often someone may try.
 *
 * Answers that would tell a stranger whether an email is registered (resend, cancel, forgot password)
 * are the same either way, and so is the time a sign-in takes (one password hash on every path).
 * Sign-in attempts and the emails the public routes send are limited by LimitsService (limits/Limits.ts).
 *
 * Each group of use cases is a module of its own: registration (AccountRegistration.ts), sign-in
 * (AccountSignIn.ts), sessions (AccountSessions.ts) and passwords (AccountPasswords.ts), over the steps they
 * share (AccountSteps.ts). This file holds the service's shape and composes them.
 */

import { Clock, Context, Effect, Layer, type Option } from "effect"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import type { SecondFactorRequired, SignInStepExpired } from "../secondfactor/SecondFactorErrors.ts"
import type { MemberId } from "../shared/Ids.ts"
import type {
  AccountNotFound,
  EmailNotConfirmedYet,
  EmailTaken,
  InvalidCredentials,
  TokenInvalid,
} from "./AccountErrors.ts"
import type { Account, Session } from "./AccountModel.ts"
import { makeAccountPasswords } from "./AccountPasswords.ts"
import { makeAccountRegistration, type Registration } from "./AccountRegistration.ts"
import { makeAccountSessions, type SessionView } from "./AccountSessions.ts"
import {
  makeAccountSignIn,
  type SecondFactorPending,
  type SignedIn,
  type SignInDevice,
} from "./AccountSignIn.ts"
import { makeAccountSteps } from "./AccountSteps.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { SessionStore } from "./ports/SessionStore.ts"

export { AccountEmail } from "./AccountEmail.ts"
export type { Registration } from "./AccountRegistration.ts"
export type { SessionView } from "./AccountSessions.ts"
export { SecondFactorPending, type SignedIn, type SignInDevice } from "./AccountSignIn.ts"
export { SESSION_TTL_MS, SessionLifetime } from "./SessionLifetime.ts"

export class AccountService extends Context.Service<
  AccountService,
  {
    /** `address`: where the request came from (the confirmation email counts against its limits). */
    readonly register: (
      registration: Registration,
      address: string,
    ) => Effect.Effect<
      { readonly memberId: MemberId; readonly message: string },
      EmailTaken | TooManyAttempts
    >
    readonly resendConfirmation: (email: string, address: string) => Effect.Effect<string, TooManyAttempts>
    readonly cancelRegistration: (email: string) => Effect.Effect<string>
    readonly confirmEmail: (token: string) => Effect.Effect<Account, TokenInvalid>
    /**
     * Checks the password. A member with a second factor gets no session yet: SecondFactorPending, whose
     * token completeSignIn takes with the code or passkey.
     */
    readonly login: (input: {
      readonly email: string
      readonly password: string
      readonly address: string
      readonly device?: SignInDevice | undefined
    }) => Effect.Effect<
      SignedIn,
      InvalidCredentials | EmailNotConfirmedYet | TooManyAttempts | SecondFactorPending
    >
    /** The member of a live half-signed-in step (to build a passkey challenge for them). */
    readonly pendingMember: (pendingToken: string) => Effect.Effect<MemberId, SignInStepExpired>
    /**
     * Completes a half-signed-in step once `check` (the second factor of the member) passes: the session starts
     * with the second factor recorded on it, and the step's token is used up.
     */
    readonly completeSignIn: <E>(input: {
      readonly pendingToken: string
      readonly address: string
      readonly device?: SignInDevice | undefined
      readonly check: (memberId: MemberId) => Effect.Effect<unknown, E>
    }) => Effect.Effect<SignedIn, E | SignInStepExpired>
    /** The member's live sessions, the most recently seen first; `current` marks the one asking. */
    readonly sessionsOf: (
      memberId: MemberId,
      currentSessionId: string,
    ) => Effect.Effect<ReadonlyArray<SessionView>>
    /** Ends one of the member's sessions by its ref; answers whether there was one. */
    readonly endSession: (memberId: MemberId, ref: string) => Effect.Effect<boolean>
    /** Ends every session of the member but the one asking. */
    readonly endOtherSessions: (memberId: MemberId, currentSessionId: string) => Effect.Effect<void>
    readonly logout: (sessionId: string) => Effect.Effect<void>
    readonly currentSession: (
      sessionId: string,
    ) => Effect.Effect<Option.Option<{ readonly session: Session; readonly account: Account }>>
    readonly forgotPassword: (input: {
      readonly email: string
      readonly address: string
    }) => Effect.Effect<string, TooManyAttempts>
    readonly verifyResetToken: (token: string) => Effect.Effect<void, TokenInvalid>
    /** `address`: where the request came from, named in the email that tells the member (SecurityEmails.ts). */
    readonly resetPassword: (input: {
      readonly token: string
      readonly password: string
      readonly address?: string | undefined
    }) => Effect.Effect<void, TokenInvalid>
    readonly changePassword: (input: {
      readonly memberId: MemberId
      readonly currentPassword: string
      readonly newPassword: string
      /**
       * The session that asks: the new one keeps its device and second factor. A member with a second factor
       * must have given it on this session lately (MemberGuard, changePassword is `security`).
       */
      readonly currentSessionId?: string | undefined
    }) => Effect.Effect<Session, InvalidCredentials | AccountNotFound | SecondFactorRequired>
    readonly account: (memberId: MemberId) => Effect.Effect<Account, AccountNotFound>
    readonly updateNames: (input: {
      readonly memberId: MemberId
      readonly firstName: string
      readonly lastName: string
    }) => Effect.Effect<Account, AccountNotFound>
    /**
     * Admin: the member can no longer sign in, and every session they hold ends now. Disabling a disabled
     * account changes nothing (the first time is kept).
     */
    readonly disable: (memberId: MemberId) => Effect.Effect<Account, AccountNotFound>
  }
>()("@landunits/core/accounts/AccountService") {
  static readonly layer = Layer.effect(AccountService)(
    Effect.gen(function* () {
      const accounts = yield* AccountRepository
      const sessions = yield* SessionStore
      const now = Clock.currentTimeMillis
      const steps = yield* makeAccountSteps
      const { getAccount } = steps

      return AccountService.of({
        ...(yield* makeAccountRegistration(steps)),
        ...(yield* makeAccountSignIn(steps)),
        ...(yield* makeAccountSessions),
        ...(yield* makeAccountPasswords(steps)),

        account: getAccount,

        updateNames: Effect.fn("AccountService.updateNames")(function* (input) {
          const account = yield* getAccount(input.memberId)
          const updated = { ...account, firstName: input.firstName.trim(), lastName: input.lastName.trim() }
          yield* accounts.update(updated)
          return updated
        }),

        disable: Effect.fn("AccountService.disable")(function* (memberId) {
          const account = yield* getAccount(memberId)
          const disabled = account.disabledAt === undefined ? { ...account, disabledAt: yield* now } : account
          if (disabled !== account) yield* accounts.update(disabled)
          yield* sessions.removeAllOf(memberId)
          return disabled
        }),
      })
    }),
  )
}
