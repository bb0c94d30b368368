/**
 * The sign-in use cases (AccountService.ts): the password checked at the cost of one hash on every path, then a
 * session, or for a member with a second factor a half-signed-in step that the code or passkey completes; a
 * sign-in from a new device is emailed.
 */
import { Clock, Effect, Option, Schema } from "effect"
import { LimitsService } from "../limits/LimitsService.ts"
import { Mailer } from "../notifications/ports/Mailer.ts"
import { SecondFactorMessages, SignInStepExpired } from "../secondfactor/SecondFactorErrors.ts"
import { SIGN_IN_STEP_TTL_MS } from "../secondfactor/SecondFactorModel.ts"
import { SecondFactorService } from "../secondfactor/SecondFactorService.ts"
import type { MemberId } from "../shared/Ids.ts"
import { AccountEmail } from "./AccountEmail.ts"
import { AccountMessages, EmailNotConfirmedYet, InvalidCredentials } from "./AccountErrors.ts"
import type { Account, Session } from "./AccountModel.ts"
import type { AccountSteps } from "./AccountSteps.ts"
import { AccountRepository } from "./ports/AccountRepository.ts"
import { KnownDevices } from "./ports/KnownDevices.ts"
import { PasswordHasher } from "./ports/PasswordHasher.ts"
import { SecureRandom } from "./ports/SecureRandom.ts"
import { TokenStore } from "./ports/TokenStore.ts"

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

export interface SignedIn {
  readonly session: Session
  readonly account: Account
  /** True on the member's first sign-in (the answer of this sign-in only; the account no longer says so). */
  readonly firstLogin: boolean
}

export const makeAccountSignIn = ({ newSession }: AccountSteps) =>
  Effect.gen(function* () {
    const accounts = yield* AccountRepository
    const tokens = yield* TokenStore
    const hasher = yield* PasswordHasher
    const random = yield* SecureRandom
    const limits = yield* LimitsService
    const mailer = yield* Mailer
    const factors = yield* SecondFactorService
    const devices = yield* KnownDevices
    const now = Clock.currentTimeMillis

    // What an unknown email's password is checked against, so that a sign-in costs one hash whether or not
    // the email is registered (made once, on first need, with the hasher's own parameters).
    const decoyHash = yield* Effect.cached(Effect.flatMap(random.token, hasher.hash))

    /** A full sign-in: the session, and an email when it comes from a device the member had not used. */
    const startSession = Effect.fnUntraced(function* (
      account: Account,
      input: { readonly address: string; readonly device?: SignInDevice | undefined },
      secondFactorAt: number | undefined,
    ) {
      const session = yield* newSession(account.memberId, { device: input.device?.name, secondFactorAt })
      if (input.device !== undefined && input.device.id !== "") {
        const at = yield* now
        const seen = yield* devices.signedInFrom(account.memberId, yield* random.digest(input.device.id), at)
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

    const login = Effect.fn("AccountService.login")(function* (input: {
      readonly email: string
      readonly password: string
      readonly address: string
      readonly device?: SignInDevice | undefined
    }) {
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
    })

    const completeSignIn = <E>(input: {
      readonly pendingToken: string
      readonly address: string
      readonly device?: SignInDevice | undefined
      readonly check: (memberId: MemberId) => Effect.Effect<unknown, E>
    }) =>
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
      }).pipe(Effect.withSpan("AccountService.completeSignIn"))
    return { login, pendingMember, completeSignIn }
  })
