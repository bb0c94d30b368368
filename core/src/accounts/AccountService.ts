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
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { TooManyAttempts } from "../limits/LimitErrors.ts"
import { LimitsService } from "../limits/LimitsService.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
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
import { PasswordHasher } from "./ports/PasswordHasher.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { SessionStore } from "./ports/SessionStore.ts"
import { SignedInAccounts } from "./ports/SignedInAccounts.ts"
import { TokenStore } from "./ports/TokenStore.ts"

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
} as const

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
    readonly login: (input: {
      readonly email: string
      readonly password: string
      readonly address: string
    }) => Effect.Effect<SignedIn, InvalidCredentials | EmailNotConfirmedYet | TooManyAttempts>
    readonly logout: (sessionId: string) => Effect.Effect<void>
    readonly currentSession: (
      sessionId: string,
    ) => Effect.Effect<Option.Option<{ readonly session: Session; readonly account: Account }>>
    readonly forgotPassword: (input: {
      readonly email: string
      readonly address: string
    }) => Effect.Effect<string, TooManyAttempts>
    readonly verifyResetToken: (token: string) => Effect.Effect<void, TokenInvalid>
    readonly resetPassword: (input: {
      readonly token: string
      readonly password: string
    }) => Effect.Effect<void, TokenInvalid>
    readonly changePassword: (input: {
      readonly memberId: MemberId
      readonly currentPassword: string
      readonly newPassword: string
    }) => Effect.Effect<Session, InvalidCredentials | AccountNotFound>
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

      const newSession = Effect.fnUntraced(function* (memberId: MemberId) {
        const at = yield* now
        const session: Session = {
          sessionId: yield* random.token,
          memberId,
          createdAt: at,
          expiresAt: at + sessionLifetime,
        }
        yield* sessions.create(session)
        return session
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
          const session = yield* newSession(account.memberId)
          if (account.firstLogin) yield* accounts.update({ ...account, firstLogin: false })
          return { session, account: { ...account, firstLogin: false }, firstLogin: account.firstLogin }
        }),

        logout: (sessionId) => sessions.remove(sessionId),

        currentSession: Effect.fn("AccountService.currentSession")(function* (sessionId) {
          // One read of the session with its account (SignedInAccounts); a disabled member's sessions are over.
          const found = yield* signedIn.find(sessionId, yield* now)
          return Option.filter(found, (f) => f.account.disabledAt === undefined)
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
        }),

        changePassword: Effect.fn("AccountService.changePassword")(function* (input) {
          const account = yield* getAccount(input.memberId)
          if (!(yield* hasher.verify(input.currentPassword, account.passwordHash))) {
            return yield* new InvalidCredentials({ message: AccountMessages.currentPasswordWrong })
          }
          yield* accounts.update({ ...account, passwordHash: yield* hasher.hash(input.newPassword) })
          yield* sessions.removeAllOf(account.memberId)
          return yield* newSession(account.memberId)
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
