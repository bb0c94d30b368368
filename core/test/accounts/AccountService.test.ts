import { Effect, Option } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { AccountMessages } from "../../src/accounts/AccountErrors.ts"
import { AccountEmail, SESSION_TTL_MS } from "../../src/accounts/AccountService.ts"
import { SIGN_IN_PER_ACCOUNT_AND_ADDRESS } from "../../src/limits/Limits.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { CONFIRMATION_TOKEN_TTL_MS, RESET_TOKEN_TTL_MS } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ann, makeAccounts } from "../support/AccountHarness.ts"

describe("registration and email confirmation", () => {
  it("registers, emails a confirmation link, and confirms the email with it once", () => {
    const a = makeAccounts()
    const registered = a.run(a.service.register(ann, "ip"))
    expect(registered.message).toBe(AccountMessages.confirmationSent)
    const token = a.lastToken("ann@example.com", AccountEmail.confirmEmail)
    expect(token).not.toBe("")
    const confirmed = a.run(a.service.confirmEmail(token))
    expect(confirmed.emailConfirmedAt).toBe(a.clock.now())
    expect(a.fail(a.service.confirmEmail(token))._tag).toBe("TokenInvalid")
  })

  it("records on the account the version of the terms accepted and the time of the registration", () => {
    const a = makeAccounts()
    const { memberId } = a.run(a.service.register(ann, "ip"))
    expect(a.run(a.service.account(memberId)).termsAccepted).toEqual({
      version: "10.03.25",
      acceptedAt: a.clock.now(),
    })
  })

  it("refuses a second account for the same email, whatever its letter case", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    const taken = a.fail(a.service.register({ ...ann, email: "ANN@example.com" }, "ip"))
    expect(taken).toMatchObject({ _tag: "EmailTaken", message: AccountMessages.emailTaken })
  })

  it("lets a confirmation link work for 12 hours only; a new link replaces the old one", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    const first = a.lastToken(ann.email, AccountEmail.confirmEmail)
    a.clock.advance(CONFIRMATION_TOKEN_TTL_MS)
    expect(a.fail(a.service.confirmEmail(first))._tag).toBe("TokenInvalid")
    expect(a.run(a.service.resendConfirmation(ann.email, "ip"))).toBe(AccountMessages.confirmationResent)
    const second = a.lastToken(ann.email, AccountEmail.confirmEmail)
    expect(second).not.toBe(first)
    a.clock.advance(CONFIRMATION_TOKEN_TTL_MS - 1)
    expect(a.run(a.service.confirmEmail(second)).emailConfirmedAt).toBeDefined()
  })

  it("answers resend and cancel the same for unknown addresses, and cancels only unconfirmed registrations", () => {
    const a = makeAccounts()
    expect(a.run(a.service.resendConfirmation("nobody@example.com", "ip"))).toBe(
      AccountMessages.confirmationResent,
    )
    a.run(a.service.register(ann, "ip"))
    expect(a.run(a.service.cancelRegistration(ann.email))).toBe(AccountMessages.registrationCancelled)
    expect(a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))._tag).toBe(
      "InvalidCredentials",
    )
    a.run(a.service.register(ann, "ip"))
    a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
    a.run(a.service.cancelRegistration(ann.email))
    expect(
      a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" })).account.email,
    ).toBe(ann.email)
  })
})

describe("signing in and out", () => {
  const confirmedAnn = () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
    return a
  }

  it("refuses an unconfirmed account with a clear message", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    const refused = a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    expect(refused).toMatchObject({
      _tag: "EmailNotConfirmedYet",
      message: AccountMessages.emailNotConfirmed,
    })
  })

  it("a disabled member's sessions end at once and they cannot sign in again, answered like a wrong password", () => {
    const a = confirmedAnn()
    const signedIn = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    a.clock.advance(1_000)
    const disabled = a.run(a.service.disable(signedIn.account.memberId))
    expect(disabled.disabledAt).toBe(a.clock.now())
    expect(Option.isNone(a.run(a.service.currentSession(signedIn.session.sessionId)))).toBe(true)
    const refused = a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    const wrong = a.fail(a.service.login({ email: ann.email, password: "not-it", address: "ip" }))
    expect(refused).toMatchObject({ _tag: "InvalidCredentials", message: AccountMessages.invalidCredentials })
    expect(refused.message).toBe(wrong.message)
    a.clock.advance(1_000)
    expect(a.run(a.service.disable(signedIn.account.memberId)).disabledAt).toBe(disabled.disabledAt)
    expect(a.fail(a.service.disable(MemberId.make("mem_nobody")))._tag).toBe("AccountNotFound")
  })

  it("gives a new session at each sign-in, says firstLogin only the first time, and logs out", () => {
    const a = confirmedAnn()
    const first = a.run(a.service.login({ email: "Ann@Example.com", password: ann.password, address: "ip" }))
    const second = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    expect(first.firstLogin).toBe(true)
    expect(second.firstLogin).toBe(false)
    expect(second.session.sessionId).not.toBe(first.session.sessionId)
    expect(Option.isSome(a.run(a.service.currentSession(first.session.sessionId)))).toBe(true)
    a.run(a.service.logout(first.session.sessionId))
    expect(Option.isNone(a.run(a.service.currentSession(first.session.sessionId)))).toBe(true)
    a.clock.advance(SESSION_TTL_MS)
    expect(Option.isNone(a.run(a.service.currentSession(second.session.sessionId)))).toBe(true)
  })

  it("gives the same answer for a wrong password and an unknown email", () => {
    const a = confirmedAnn()
    const wrong = a.fail(a.service.login({ email: ann.email, password: "nope", address: "ip" }))
    const unknown = a.fail(a.service.login({ email: "who@example.com", password: "nope", address: "ip" }))
    expect(wrong).toEqual(unknown)
    expect(wrong.message).toBe(AccountMessages.invalidCredentials)
  })

  it("slows repeated wrong passwords from one address with a growing wait, not a lockout", () => {
    const a = confirmedAnn()
    for (let i = 0; i < SIGN_IN_PER_ACCOUNT_AND_ADDRESS.free; i++) {
      expect(a.fail(a.service.login({ email: ann.email, password: "wrong", address: "ip-s" }))._tag).toBe(
        "InvalidCredentials",
      )
    }
    const waiting = a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip-s" }))
    expect(waiting).toMatchObject({
      _tag: "TooManyAttempts",
      message: "Too many sign-in attempts. Please wait 1 second and try again.",
      retryAfterSeconds: 1,
    })
    // Once the wait is over the right password gets in again, from the same address.
    a.clock.advance(2_000)
    expect(
      a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip-s" })).account.email,
    ).toBe(ann.email)
  })

  it("a stranger's wrong passwords from one address never keep the owner out from another", () => {
    const a = confirmedAnn()
    for (let i = 0; i < 50; i++) {
      a.run(Effect.result(a.service.login({ email: ann.email, password: `guess${i}`, address: "stranger" })))
    }
    expect(
      a.fail(a.service.login({ email: ann.email, password: ann.password, address: "stranger" }))._tag,
    ).toBe("TooManyAttempts")
    expect(
      a.run(a.service.login({ email: ann.email, password: ann.password, address: "owner" })).account.email,
    ).toBe(ann.email)
  })

  it("a session lasts the installation's session lifetime", () => {
    const a = makeAccounts(7 * 24 * 3_600_000)
    a.run(a.service.register(ann, "ip"))
    a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
    const { session } = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    expect(session.expiresAt - session.createdAt).toBe(7 * 24 * 3_600_000)
  })
})

describe("emails from the public routes", () => {
  it("sends at most five emails an hour to one recipient, then answers with the wait", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip1"))
    for (let i = 0; i < 4; i++) a.run(a.service.resendConfirmation(ann.email, `ip${i}`))
    const refused = a.fail(a.service.resendConfirmation(ann.email, "ip9"))
    expect(refused).toMatchObject({ _tag: "TooManyAttempts", retryAfterSeconds: 3_600 })
    expect(refused.message).toBe(
      "We have already sent several emails to this address. Please check your inbox and spam folder, or try again in 60 minutes.",
    )
    const sent = a.run(Effect.flatMap(Mailer, (m) => m.queued)).filter((e) => e.to === ann.email)
    expect(sent).toHaveLength(5)
    a.clock.advance(3_600_000)
    expect(a.run(a.service.resendConfirmation(ann.email, "ip9"))).toBe(AccountMessages.confirmationResent)
  })

  it("counts forgot-password requests for an unknown email like a known one, so the limit tells nothing", () => {
    const a = makeAccounts()
    for (let i = 0; i < 5; i++) a.run(a.service.forgotPassword({ email: "who@example.com", address: "ip" }))
    expect(a.fail(a.service.forgotPassword({ email: "who@example.com", address: "ip" }))._tag).toBe(
      "TooManyAttempts",
    )
  })
})

describe("forgotten and changed passwords", () => {
  it("answers forgot-password the same whether or not the email is registered, and mails only a member", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    const known = a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
    const unknown = a.run(a.service.forgotPassword({ email: "who@example.com", address: "ip" }))
    expect(known).toBe(unknown)
    expect(a.lastToken(ann.email, AccountEmail.resetPassword)).not.toBe("")
    expect(a.lastToken("who@example.com", AccountEmail.resetPassword)).toBe("")
  })

  it("resets the password with a live link once, signs out everywhere, and the link dies after an hour", () => {
    const a = makeAccounts()
    a.run(a.service.register(ann, "ip"))
    a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
    const session = a.run(
      a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
    ).session
    a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
    const token = a.lastToken(ann.email, AccountEmail.resetPassword)
    a.run(a.service.verifyResetToken(token))
    a.run(a.service.resetPassword({ token, password: "NewSecret9" }))
    expect(a.fail(a.service.resetPassword({ token, password: "Other1234" }))._tag).toBe("TokenInvalid")
    expect(Option.isNone(a.run(a.service.currentSession(session.sessionId)))).toBe(true)
    expect(a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))._tag).toBe(
      "InvalidCredentials",
    )
    expect(
      a.run(a.service.login({ email: ann.email, password: "NewSecret9", address: "ip" })).account.email,
    ).toBe(ann.email)
    a.run(a.service.forgotPassword({ email: ann.email, address: "ip2" }))
    const late = a.lastToken(ann.email, AccountEmail.resetPassword)
    a.clock.advance(RESET_TOKEN_TTL_MS)
    expect(a.fail(a.service.verifyResetToken(late))._tag).toBe("TokenInvalid")
  })

  it("changes the password only with the current one, and keeps the member signed in on a new session", () => {
    const a = makeAccounts()
    const { memberId } = a.run(a.service.register(ann, "ip"))
    a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
    const old = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" })).session
    const wrong = a.fail(
      a.service.changePassword({ memberId, currentPassword: "nope", newPassword: "NewSecret9" }),
    )
    expect(wrong.message).toBe(AccountMessages.currentPasswordWrong)
    const fresh = a.run(
      a.service.changePassword({ memberId, currentPassword: ann.password, newPassword: "NewSecret9" }),
    )
    expect(Option.isNone(a.run(a.service.currentSession(old.sessionId)))).toBe(true)
    expect(Option.isSome(a.run(a.service.currentSession(fresh.sessionId)))).toBe(true)
  })

  it("a token works once and only before its expiry, whatever the timing (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * RESET_TOKEN_TTL_MS }),
        fc.integer({ min: 1, max: 3 }),
        (wait, uses) => {
          const a = makeAccounts()
          a.run(a.service.register(ann, "ip"))
          a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
          const token = a.lastToken(ann.email, AccountEmail.resetPassword)
          a.clock.advance(wait)
          const results = Array.from(
            { length: uses },
            () => a.run(Effect.result(a.service.resetPassword({ token, password: "NewSecret9" })))._tag,
          )
          const succeeded = results.filter((r) => r === "Success").length
          expect(succeeded).toBe(wait < RESET_TOKEN_TTL_MS ? 1 : 0)
        },
      ),
      { numRuns: 50 },
    )
  })
})
