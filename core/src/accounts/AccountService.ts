/**
 * The accounts use cases: register, confirm the email, sign in and out, sessions, forgotten and changed
 * passwords. Inputs arrive validated by the schemas of members/MemberValidation.ts (the API and the web
 * forms use the same ones); this service decides what the checks cannot: who exists, which token is live,
 * whether the password matches, how often someone may try.
 *
 * Answers that would tell a stranger whether an email is registered (resend, cancel, forgot password)
 * are the same either way, and so is the time a sign-in takes (one password hash on every path).
 * Sign-in attempts and the emails the public routes send are limited by LimitsService (limits/Limits.ts).
 */

import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { memberActor } from "../access/AccessModel.ts"
import { MemberGuard } from "../access/MemberGuard.ts"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import {
  SecondFactorMessages,
  type SecondFactorRequired,
  SignInStepExpired,
} from "../secondfactor/SecondFactorErrors.ts"
import { SIGN_IN_STEP_TTL_MS } from "../secondfactor/SecondFactorModel.ts"
import { SecondFactorService } from "../secondfactor/SecondFactorService.ts"
import { CONFIRMATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from "../shared/Constants.ts"
import type { UserType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import {
  AccountMessages,
  AccountNotFound,
  EmailNotConfirmedYet,
  type EmailTaken,
  InvalidCredentials,
  TokenInvalid,
} from "./AccountErrors.ts"
import type { Account, Session, TokenPurpose } from "./AccountModel.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { KnownDevices } from "./ports/KnownDevices.ts"
import { PasswordHasher } from "./ports/PasswordHasher.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { SessionStore } from "./ports/SessionStore.ts"
import { SignedInAccounts } from "./ports/SignedInAccounts.ts"
import { TokenStore } from "./ports/TokenStore.ts"
import { makeSecurityNotices } from "./SecurityEmails.ts"
import { admitSession } from "./SessionAdmission.ts"

const DAY = 24 * 60 * 60_000
/** Sessions last 30 days from sign-in unless the installation says otherwise (SessionLifetime). */
export const SESSION_TTL_MS = 30 * DAY

/**
 * How long a session lasts from sign-in, in milliseconds. The composition root sets it from the
 * installation's settings (SESSION_LIFETIME_DAYS); the session cookie's lifetime is the session's.
 */
export const SessionLifetime = Context.Reference<number>("@landunits/core/accounts/SessionLifetime", {
  defaultValue: () => SESSION_TTL_MS,
})

/** The emails this context sends (the outbox renders them; `token` goes into the link). */
export const AccountEmail = {
  confirmEmail: "confirm-email",
  resetPassword: "reset-password",
  /** A sign-in from a device (browser) the member had not signed in from before: device, at, address. */
  newDeviceSignIn: "new-device-sign-in",
} as const

/**
 * The password was right, but the member has a second factor: no session yet. `pendingToken` names the
 * half-signed-in step (it lives SIGN_IN_STEP_TTL_MS); the code or passkey completes it (completeSignIn).
 */
export class SecondFactorPending extends Schema.TaggedError<SecondFactorPending>()("SecondFactorPending", {
  message: Schema.String,
  pendingToken: Schema.String,
  expiresAt: Schema.Int,
}) {}

/** The browser a sign-in comes from: its device cookie's value and the name its user agent gives. */
export interface SignInDevice {
  readonly id: string
  readonly name?: string | undefined
}

/** A session as its member sees it in settings. */
export interface SessionView {
  readonly ref: string
  readonly device: string
  readonly createdAt: number
  readonly lastSeenAt: number
  readonly current: boolean
}

export interface Registration {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly password: string
  readonly userType: UserType
  readonly businessName?: string | undefined
  /** The version of the Terms and Conditions the member accepted (validated: the version in force). */
  readonly termsVersion: string
}

export interface SignedIn {
  readonly session: Session
  readonly account: Account
  /** True on the member's first sign-in (the answer of this sign-in only; the account no longer says so). */
  readonly firstLogin: boolean
}

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
      const signedIn = yield* SignedInAccounts
      const tokens = yield* TokenStore
      const hasher = yield* PasswordHasher
      const random = yield* SecureRandom
      const limits = yield* LimitsService
      const sessionLifetime = yield* SessionLifetime
      const mailer = yield* Mailer
      const ids = yield* IdGenerator
      const factors = yield* SecondFactorService
      const guard = yield* MemberGuard
      const devices = yield* KnownDevices
      const notices = yield* makeSecurityNotices
      const now = Clock.currentTimeMillis

      const issueToken = Effect.fnUntraced(function* (account: Account, purpose: TokenPurpose, ttl: number) {
        yield* tokens.removeAllOf(account.memberId, purpose)
        const token = yield* random.token
        yield* tokens.save({
          tokenHash: yield* random.digest(token),
          purpose,
          memberId: account.memberId,
          expiresAt: (yield* now) + ttl,
        })
        const template = purpose === "confirm-email" ? AccountEmail.confirmEmail : AccountEmail.resetPassword
        yield* mailer.enqueue({ to: account.email, template, data: { firstName: account.firstName, token } })
      })

      // What an unknown email's password is checked against, so that a sign-in costs one hash whether or not
      // the email is registered (made once, on first need, with the hasher's own parameters).
      const decoyHash = yield* Effect.cached(Effect.flatMap(random.token, hasher.hash))

      const unconfirmed = (email: string) =>
        Effect.map(
          accounts.findByEmail(email),
          Option.filter((a) => a.emailConfirmedAt === undefined),
        )

      const newSession = Effect.fnUntraced(function* (
        memberId: MemberId,
        from: { readonly device?: string | undefined; readonly secondFactorAt?: number | undefined } = {},
      ) {
        const at = yield* now
        const session: Session = {
          sessionId: yield* random.token,
          memberId,
          createdAt: at,
          expiresAt: at + sessionLifetime,
          ref: (yield* random.digest(yield* random.token)).slice(0, 24),
          lastSeenAt: at,
          ...(from.device === undefined ? {} : { device: from.device }),
          ...(from.secondFactorAt === undefined ? {} : { secondFactorAt: from.secondFactorAt }),
        }
        yield* sessions.create(session)
        return session
      })

      /** A full sign-in: the session, and an email when it comes from a device the member had not used. */
      const startSession = Effect.fnUntraced(function* (
        account: Account,
        input: { readonly address: string; readonly device?: SignInDevice | undefined },
        secondFactorAt: number | undefined,
      ) {
        const session = yield* newSession(account.memberId, { device: input.device?.name, secondFactorAt })
        if (input.device !== undefined && input.device.id !== "") {
          const at = yield* now
          const seen = yield* devices.signedInFrom(
            account.memberId,
            yield* random.digest(input.device.id),
            at,
          )
          if (seen === "new") {
            yield* mailer.enqueue({
              to: account.email,
              template: AccountEmail.newDeviceSignIn,
              data: {
                firstName: account.firstName,
                device: input.device.name ?? "an unknown device",
                at: `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`,
                address: input.address,
              },
            })
          }
        }
        if (account.firstLogin) yield* accounts.update({ ...account, firstLogin: false })
        return { session, account: { ...account, firstLogin: false }, firstLogin: account.firstLogin }
      })

      const pendingMember = Effect.fnUntraced(function* (pendingToken: string) {
        const memberId = yield* tokens.peek(
          yield* random.digest(pendingToken),
          "sign-in-second-factor",
          yield* now,
        )
        if (Option.isNone(memberId)) {
          return yield* new SignInStepExpired({ message: SecondFactorMessages.signInStepExpired })
        }
        return memberId.value
      })

      const getAccount = (memberId: MemberId) =>
        Effect.flatMap(accounts.get(memberId), (found) =>
          Option.isSome(found)
            ? Effect.succeed(found.value)
            : Effect.fail(new AccountNotFound({ message: `Member ${memberId} was not found` })),
        )

      return AccountService.of({
        register: Effect.fn("AccountService.register")(function* (registration, address) {
          yield* limits.publicEmail({ recipient: registration.email, address })
          const account: Account = {
            memberId: MemberId.make(yield* ids.next("mem")),
            email: registration.email.trim(),
            firstName: registration.firstName.trim(),
            lastName: registration.lastName.trim(),
            userType: registration.userType,
            ...(registration.businessName === undefined
              ? {}
              : { businessName: registration.businessName.trim() }),
            role: "member",
            passwordHash: yield* hasher.hash(registration.password),
            firstLogin: true,
            createdAt: yield* now,
            termsAccepted: { version: registration.termsVersion, acceptedAt: yield* now },
          }
          yield* accounts.insert(account)
          yield* issueToken(account, "confirm-email", CONFIRMATION_TOKEN_TTL_MS)
          return { memberId: account.memberId, message: AccountMessages.confirmationSent }
        }),

        resendConfirmation: Effect.fn("AccountService.resendConfirmation")(function* (email, address) {
          // Counted whether or not the email waits for confirmation: the answer must not tell.
          yield* limits.publicEmail({ recipient: email, address })
          const found = yield* unconfirmed(email)
          if (Option.isSome(found)) yield* issueToken(found.value, "confirm-email", CONFIRMATION_TOKEN_TTL_MS)
          return AccountMessages.confirmationResent
        }),

        cancelRegistration: Effect.fn("AccountService.cancelRegistration")(function* (email) {
          const found = yield* unconfirmed(email)
          if (Option.isSome(found)) {
            yield* tokens.removeAllOf(found.value.memberId, "confirm-email")
            yield* accounts.remove(found.value.memberId)
          }
          return AccountMessages.registrationCancelled
        }),

        confirmEmail: Effect.fn("AccountService.confirmEmail")(function* (token) {
          const memberId = yield* tokens.consume(yield* random.digest(token), "confirm-email", yield* now)
          if (Option.isNone(memberId))
            return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
          const account = yield* getAccount(memberId.value).pipe(
            Effect.mapError(() => new TokenInvalid({ message: AccountMessages.tokenInvalid })),
          )
          const confirmed: Account = {
            ...account,
            emailConfirmedAt: account.emailConfirmedAt ?? (yield* now),
          }
          yield* accounts.update(confirmed)
          return confirmed
        }),

        login: Effect.fn("AccountService.login")(function* (input) {
          yield* limits.signIn(input)
          const found = yield* accounts.findByEmail(input.email)
          // One hash on every path: an unknown email is checked against the decoy, so timing does not tell.
          const encoded = Option.isSome(found) ? found.value.passwordHash : yield* decoyHash
          const matches = yield* hasher.verify(input.password, encoded)
          if (Option.isNone(found) || !matches) {
            yield* limits.signInFailed(input.address)
            return yield* new InvalidCredentials({ message: AccountMessages.invalidCredentials })
          }
          const account = found.value
          // A disabled account is answered like a wrong password: whoever holds its credentials learns nothing.
          if (account.disabledAt !== undefined) {
            return yield* new InvalidCredentials({ message: AccountMessages.invalidCredentials })
          }
          if (account.emailConfirmedAt === undefined) {
            return yield* new EmailNotConfirmedYet({ message: AccountMessages.emailNotConfirmed })
          }
          yield* limits.signedIn(input)
          if (yield* factors.hasSecondFactor(account.memberId)) {
            // No session before the second factor: only a short-lived, single-use step token.
            const pendingToken = yield* random.token
            const expiresAt = (yield* now) + SIGN_IN_STEP_TTL_MS
            yield* tokens.removeAllOf(account.memberId, "sign-in-second-factor")
            yield* tokens.save({
              tokenHash: yield* random.digest(pendingToken),
              purpose: "sign-in-second-factor",
              memberId: account.memberId,
              expiresAt,
            })
            return yield* new SecondFactorPending({
              message: "Enter the code from your authenticator app, or use your passkey.",
              pendingToken,
              expiresAt,
            })
          }
          return yield* startSession(account, input, undefined)
        }),

        pendingMember,

        completeSignIn: (input) =>
          Effect.gen(function* () {
            const memberId = yield* pendingMember(input.pendingToken)
            yield* input.check(memberId)
            const used = yield* tokens.consume(
              yield* random.digest(input.pendingToken),
              "sign-in-second-factor",
              yield* now,
            )
            const account = yield* accounts.get(memberId)
            // Used by a concurrent request meanwhile, or the account went away or was disabled: start again.
            if (Option.isNone(used) || Option.isNone(account) || account.value.disabledAt !== undefined) {
              return yield* new SignInStepExpired({ message: SecondFactorMessages.signInStepExpired })
            }
            return yield* startSession(account.value, input, yield* now)
          }).pipe(Effect.withSpan("AccountService.completeSignIn")),

        sessionsOf: Effect.fn("AccountService.sessionsOf")(function* (memberId, currentSessionId) {
          const current = yield* sessions.get(currentSessionId, yield* now)
          const currentRef = Option.isSome(current) ? current.value.ref : undefined
          return (yield* sessions.listOf(memberId, yield* now)).map((s) => ({
            ref: s.ref ?? "",
            device: s.device ?? "Unknown device",
            createdAt: s.createdAt,
            lastSeenAt: s.lastSeenAt ?? s.createdAt,
            current: s.ref !== undefined && s.ref === currentRef,
          }))
        }),

        endSession: (memberId, ref) => sessions.removeByRef(memberId, ref),

        endOtherSessions: (memberId, currentSessionId) => sessions.removeOthers(memberId, currentSessionId),

        logout: (sessionId) => sessions.remove(sessionId),

        currentSession: Effect.fn("AccountService.currentSession")(function* (sessionId) {
          // One read of the session with its account (SignedInAccounts), judged by the session rules.
          const at = yield* now
          return yield* admitSession(sessions, sessionId, yield* signedIn.find(sessionId, at), at)
        }),

        forgotPassword: Effect.fn("AccountService.forgotPassword")(function* (input) {
          // Counted whether or not the email is registered: the answer must not tell.
          yield* limits.publicEmail({ recipient: input.email, address: input.address })
          const found = yield* accounts.findByEmail(input.email)
          if (Option.isSome(found)) yield* issueToken(found.value, "reset-password", RESET_TOKEN_TTL_MS)
          return AccountMessages.resetSent
        }),

        verifyResetToken: Effect.fn("AccountService.verifyResetToken")(function* (token) {
          const memberId = yield* tokens.peek(yield* random.digest(token), "reset-password", yield* now)
          if (Option.isNone(memberId))
            return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
        }),

        resetPassword: Effect.fn("AccountService.resetPassword")(function* (input) {
          const memberId = yield* tokens.consume(
            yield* random.digest(input.token),
            "reset-password",
            yield* now,
          )
          if (Option.isNone(memberId))
            return yield* new TokenInvalid({ message: AccountMessages.tokenInvalid })
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
        }),

        changePassword: Effect.fn("AccountService.changePassword")(function* (input) {
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
          yield* notices.notify(
            account.memberId,
            { _tag: "passwordChanged" },
            { sessionId: session.sessionId },
          )
          return session
        }),

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
