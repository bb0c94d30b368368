import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { AccountMessages } from "../../src/accounts/AccountErrors.ts"
import { AccountEmail, SESSION_TTL_MS } from "../../src/accounts/AccountService.ts"
import { SIGN_IN_PER_ACCOUNT_AND_ADDRESS } from "../../src/limits/Limits.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { CONFIRMATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ann, makeAccounts } from "../support/AccountHarness.ts"
import { checkProperty } from "../support/EffectProperty.ts"

describe("registration and email confirmation", () => {
  it.effect("registers, emails a confirmation link, and confirms the email with it once", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const registered = yield* a.run(a.service.register(ann, "ip"))
      expect(registered.message).toBe(AccountMessages.confirmationSent)
      const token = yield* a.lastToken("ann@example.com", AccountEmail.confirmEmail)
      expect(token).not.toBe("")
      const confirmed = yield* a.run(a.service.confirmEmail(token))
      expect(confirmed.emailConfirmedAt).toBe(yield* Clock.currentTimeMillis)
      expect((yield* a.fail(a.service.confirmEmail(token)))._tag).toBe("TokenInvalid")
    }),
  )

  it.effect("records on the account the version of the terms accepted and the time of the registration", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const { memberId } = yield* a.run(a.service.register(ann, "ip"))
      expect((yield* a.run(a.service.account(memberId))).termsAccepted).toEqual({
        version: "10.03.25",
        acceptedAt: yield* Clock.currentTimeMillis,
      })
    }),
  )

  it.effect("refuses a second account for the same email, whatever its letter case", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      yield* a.run(a.service.register(ann, "ip"))
      const taken = yield* a.fail(a.service.register({ ...ann, email: "ANN@example.com" }, "ip"))
      expect(taken).toMatchObject({ _tag: "EmailTaken", message: AccountMessages.emailTaken })
    }),
  )

  it.effect("lets a confirmation link work for 12 hours only; a new link replaces the old one", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      yield* a.run(a.service.register(ann, "ip"))
      const first = yield* a.lastToken(ann.email, AccountEmail.confirmEmail)
      yield* TestClock.adjust(CONFIRMATION_TOKEN_TTL_MS)
      expect((yield* a.fail(a.service.confirmEmail(first)))._tag).toBe("TokenInvalid")
      expect(yield* a.run(a.service.resendConfirmation(ann.email, "ip"))).toBe(
        AccountMessages.confirmationResent,
      )
      const second = yield* a.lastToken(ann.email, AccountEmail.confirmEmail)
      expect(second).not.toBe(first)
      yield* TestClock.adjust(CONFIRMATION_TOKEN_TTL_MS - 1)
      expect((yield* a.run(a.service.confirmEmail(second))).emailConfirmedAt).toBeDefined()
    }),
  )

  it.effect(
    "answers resend and cancel the same for unknown addresses, and cancels only unconfirmed registrations",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        expect(yield* a.run(a.service.resendConfirmation("nobody@example.com", "ip"))).toBe(
          AccountMessages.confirmationResent,
        )
        yield* a.run(a.service.register(ann, "ip"))
        expect(yield* a.run(a.service.cancelRegistration(ann.email))).toBe(
          AccountMessages.registrationCancelled,
        )
        expect(
          (yield* a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" })))._tag,
        ).toBe("InvalidCredentials")
        yield* a.run(a.service.register(ann, "ip"))
        yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
        yield* a.run(a.service.cancelRegistration(ann.email))
        expect(
          (yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))).account
            .email,
        ).toBe(ann.email)
      }),
  )
})

describe("signing in and out", () => {
  const confirmedAnn = Effect.fnUntraced(function* () {
    const a = yield* makeAccounts()
    yield* a.run(a.service.register(ann, "ip"))
    yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
    return a
  })

  it.effect("refuses an unconfirmed account with a clear message", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      yield* a.run(a.service.register(ann, "ip"))
      const refused = yield* a.fail(
        a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
      )
      expect(refused).toMatchObject({
        _tag: "EmailNotConfirmedYet",
        message: AccountMessages.emailNotConfirmed,
      })
    }),
  )

  it.effect(
    "a disabled member's sessions end at once and they cannot sign in again, answered like a wrong password",
    () =>
      Effect.gen(function* () {
        const a = yield* confirmedAnn()
        const signedIn = yield* a.run(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )
        yield* TestClock.adjust(1_000)
        const disabled = yield* a.run(a.service.disable(signedIn.account.memberId))
        expect(disabled.disabledAt).toBe(yield* Clock.currentTimeMillis)
        expect(Option.isNone(yield* a.run(a.service.currentSession(signedIn.session.sessionId)))).toBe(true)
        const refused = yield* a.fail(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )
        const wrong = yield* a.fail(a.service.login({ email: ann.email, password: "not-it", address: "ip" }))
        expect(refused).toMatchObject({
          _tag: "InvalidCredentials",
          message: AccountMessages.invalidCredentials,
        })
        expect(refused.message).toBe(wrong.message)
        yield* TestClock.adjust(1_000)
        expect((yield* a.run(a.service.disable(signedIn.account.memberId))).disabledAt).toBe(
          disabled.disabledAt,
        )
        expect((yield* a.fail(a.service.disable(MemberId.make("mem_nobody"))))._tag).toBe("AccountNotFound")
      }),
  )

  it.effect("gives a new session at each sign-in, says firstLogin only the first time, and logs out", () =>
    Effect.gen(function* () {
      const a = yield* confirmedAnn()
      const first = yield* a.run(
        a.service.login({ email: "Ann@Example.com", password: ann.password, address: "ip" }),
      )
      const second = yield* a.run(
        a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
      )
      expect(first.firstLogin).toBe(true)
      expect(second.firstLogin).toBe(false)
      expect(second.session.sessionId).not.toBe(first.session.sessionId)
      expect(Option.isSome(yield* a.run(a.service.currentSession(first.session.sessionId)))).toBe(true)
      yield* a.run(a.service.logout(first.session.sessionId))
      expect(Option.isNone(yield* a.run(a.service.currentSession(first.session.sessionId)))).toBe(true)
      yield* TestClock.adjust(SESSION_TTL_MS)
      expect(Option.isNone(yield* a.run(a.service.currentSession(second.session.sessionId)))).toBe(true)
    }),
  )

  it.effect("gives the same answer for a wrong password and an unknown email", () =>
    Effect.gen(function* () {
      const a = yield* confirmedAnn()
      const wrong = yield* a.fail(a.service.login({ email: ann.email, password: "nope", address: "ip" }))
      const unknown = yield* a.fail(
        a.service.login({ email: "who@example.com", password: "nope", address: "ip" }),
      )
      expect(wrong).toEqual(unknown)
      expect(wrong.message).toBe(AccountMessages.invalidCredentials)
    }),
  )

  it.effect("slows repeated wrong passwords from one address with a growing wait, not a lockout", () =>
    Effect.gen(function* () {
      const a = yield* confirmedAnn()
      for (let i = 0; i < SIGN_IN_PER_ACCOUNT_AND_ADDRESS.free; i++) {
        expect(
          (yield* a.fail(a.service.login({ email: ann.email, password: "wrong", address: "ip-s" })))._tag,
        ).toBe("InvalidCredentials")
      }
      const waiting = yield* a.fail(
        a.service.login({ email: ann.email, password: ann.password, address: "ip-s" }),
      )
      expect(waiting).toMatchObject({
        _tag: "TooManyAttempts",
        message: "Too many sign-in attempts. Please wait 1 second and try again.",
        retryAfterSeconds: 1,
      })
      // Once the wait is over the right password gets in again, from the same address.
      yield* TestClock.adjust(2_000)
      expect(
        (yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip-s" }))).account
          .email,
      ).toBe(ann.email)
    }),
  )

  it.effect("a stranger's wrong passwords from one address never keep the owner out from another", () =>
    Effect.gen(function* () {
      const a = yield* confirmedAnn()
      for (let i = 0; i < 50; i++) {
        yield* a.run(
          Effect.result(a.service.login({ email: ann.email, password: `guess${i}`, address: "stranger" })),
        )
      }
      expect(
        (yield* a.fail(a.service.login({ email: ann.email, password: ann.password, address: "stranger" })))
          ._tag,
      ).toBe("TooManyAttempts")
      expect(
        (yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "owner" })))
          .account.email,
      ).toBe(ann.email)
    }),
  )

  it.effect("a session lasts the installation's session lifetime", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts(7 * 24 * 3_600_000)
      yield* a.run(a.service.register(ann, "ip"))
      yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
      const { session } = yield* a.run(
        a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
      )
      expect(session.expiresAt - session.createdAt).toBe(7 * 24 * 3_600_000)
    }),
  )
})

describe("emails from the public routes", () => {
  it.effect("sends at most five emails an hour to one recipient, then answers with the wait", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      yield* a.run(a.service.register(ann, "ip1"))
      for (let i = 0; i < 4; i++) yield* a.run(a.service.resendConfirmation(ann.email, `ip${i}`))
      const refused = yield* a.fail(a.service.resendConfirmation(ann.email, "ip9"))
      expect(refused).toMatchObject({ _tag: "TooManyAttempts", retryAfterSeconds: 3_600 })
      expect(refused.message).toBe(
        "We have already sent several emails to this address. Please check your inbox and spam folder, or try again in 60 minutes.",
      )
      const sent = (yield* a.run(Effect.flatMap(Mailer, (m) => m.queued))).filter((e) => e.to === ann.email)
      expect(sent).toHaveLength(5)
      yield* TestClock.adjust(3_600_000)
      expect(yield* a.run(a.service.resendConfirmation(ann.email, "ip9"))).toBe(
        AccountMessages.confirmationResent,
      )
    }),
  )

  it.effect(
    "counts forgot-password requests for an unknown email like a known one, so the limit tells nothing",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        for (let i = 0; i < 5; i++)
          yield* a.run(a.service.forgotPassword({ email: "who@example.com", address: "ip" }))
        expect(
          (yield* a.fail(a.service.forgotPassword({ email: "who@example.com", address: "ip" })))._tag,
        ).toBe("TooManyAttempts")
      }),
  )
})

describe("forgotten and changed passwords", () => {
  it.effect(
    "answers forgot-password the same whether or not the email is registered, and mails only a member",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        yield* a.run(a.service.register(ann, "ip"))
        const known = yield* a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
        const unknown = yield* a.run(a.service.forgotPassword({ email: "who@example.com", address: "ip" }))
        expect(known).toBe(unknown)
        expect(yield* a.lastToken(ann.email, AccountEmail.resetPassword)).not.toBe("")
        expect(yield* a.lastToken("who@example.com", AccountEmail.resetPassword)).toBe("")
      }),
  )

  it.effect(
    "resets the password with a live link once, signs out everywhere, and the link dies after an hour",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        yield* a.run(a.service.register(ann, "ip"))
        yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
        const session = (yield* a.run(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )).session
        yield* a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
        const token = yield* a.lastToken(ann.email, AccountEmail.resetPassword)
        yield* a.run(a.service.verifyResetToken(token))
        yield* a.run(a.service.resetPassword({ token, password: "NewSecret9" }))
        expect((yield* a.fail(a.service.resetPassword({ token, password: "Other1234" })))._tag).toBe(
          "TokenInvalid",
        )
        expect(Option.isNone(yield* a.run(a.service.currentSession(session.sessionId)))).toBe(true)
        expect(
          (yield* a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" })))._tag,
        ).toBe("InvalidCredentials")
        expect(
          (yield* a.run(a.service.login({ email: ann.email, password: "NewSecret9", address: "ip" }))).account
            .email,
        ).toBe(ann.email)
        yield* a.run(a.service.forgotPassword({ email: ann.email, address: "ip2" }))
        const late = yield* a.lastToken(ann.email, AccountEmail.resetPassword)
        yield* TestClock.adjust(RESET_TOKEN_TTL_MS)
        expect((yield* a.fail(a.service.verifyResetToken(late)))._tag).toBe("TokenInvalid")
      }),
  )

  it.effect(
    "changes the password only with the current one, and keeps the member signed in on a new session",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const { memberId } = yield* a.run(a.service.register(ann, "ip"))
        yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
        const old = (yield* a.run(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )).session
        const wrong = yield* a.fail(
          a.service.changePassword({ memberId, currentPassword: "nope", newPassword: "NewSecret9" }),
        )
        expect(wrong.message).toBe(AccountMessages.currentPasswordWrong)
        const fresh = yield* a.run(
          a.service.changePassword({ memberId, currentPassword: ann.password, newPassword: "NewSecret9" }),
        )
        expect(Option.isNone(yield* a.run(a.service.currentSession(old.sessionId)))).toBe(true)
        expect(Option.isSome(yield* a.run(a.service.currentSession(fresh.sessionId)))).toBe(true)
      }),
  )

  it.effect("a token works once and only before its expiry, whatever the timing (property)", () =>
    checkProperty(
      [fc.integer({ min: 0, max: 2 * RESET_TOKEN_TTL_MS }), fc.integer({ min: 1, max: 3 })],
      (wait, uses) =>
        Effect.gen(function* () {
          const a = yield* makeAccounts()
          yield* a.run(a.service.register(ann, "ip"))
          yield* a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
          const token = yield* a.lastToken(ann.email, AccountEmail.resetPassword)
          yield* TestClock.adjust(wait)
          const results = yield* Effect.forEach(Array.from({ length: uses }), () =>
            Effect.map(
              a.run(Effect.result(a.service.resetPassword({ token, password: "NewSecret9" }))),
              (r) => r._tag,
            ),
          )
          const succeeded = results.filter((r) => r === "Success").length
          expect(succeeded).toBe(wait < RESET_TOKEN_TTL_MS ? 1 : 0)
        }),
      { numRuns: 50 },
    ),
  )
})
