/**
 * The second factor (issue 23) in core: TOTP set up with a first code, recovery codes shown once and usable
 * once, no session before the second factor at sign-in, codes never accepted twice, a growing wait after wrong
 * codes, the step-up window before sensitive changes, and a change of factor ending the other sessions.
 */

import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { memberActor } from "../../src/access/AccessModel.ts"
import { AccountEmail } from "../../src/accounts/AccountService.ts"
import {
  SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES,
  SECOND_FACTOR_PER_ACCOUNT_AND_ADDRESS,
} from "../../src/limits/Limits.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OneTimePasswords } from "../../src/secondfactor/ports/OneTimePasswords.ts"
import { SecondFactorMessages } from "../../src/secondfactor/SecondFactorErrors.ts"
import { DEFAULT_STEP_UP_SECONDS, SIGN_IN_STEP_TTL_MS } from "../../src/secondfactor/SecondFactorModel.ts"
import { SecondFactorCodeForm, TotpCodeForm } from "../../src/secondfactor/SecondFactorValidation.ts"
import type { MemberId } from "../../src/shared/Ids.ts"
import { validate } from "../../src/validation/Issues.ts"
import { type Accounts, ann, makeAccounts } from "../support/AccountHarness.ts"

const device = { id: "device-1", name: "Chrome 131 on Linux" }
/** Ann's own browser: the address she signs in from and the device she signed in with. */
const ORIGIN = { address: "ip", device: device.id } as const

/** Ann registered, confirmed and signed in (no second factor yet): her session. */
const annSignedIn = Effect.fnUntraced(function* (a: Accounts) {
  const { memberId } = yield* a.run(a.service.register(ann, "ip"))
  yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const { session } = yield* a.run(
    a.service.login({ email: ann.email, password: ann.password, address: "ip", device }),
  )
  return { memberId, sessionId: session.sessionId }
})

/** Sets up TOTP on Ann's session; answers the secret and the recovery codes. */
const withTotp = Effect.fnUntraced(function* (a: Accounts, on: { memberId: MemberId; sessionId: string }) {
  const setup = yield* a.run(
    a.factors.beginTotp({ ...on, account: ann.email, currentPassword: ann.password }),
  )
  const codes = yield* a.run(
    a.factors.confirmTotp({
      origin: ORIGIN,
      ...on,
      code: OneTimePasswords.testCode(setup.secret, yield* Clock.currentTimeMillis),
    }),
  )
  return { secret: setup.secret, codes }
})

const pendingOf = Effect.fnUntraced(function* (a: Accounts, address = "ip") {
  const pending = yield* a.fail(
    a.service.login({ email: ann.email, password: ann.password, address, device }),
  )
  expect(pending._tag).toBe("SecondFactorPending")
  return (pending as { pendingToken: string }).pendingToken
})

describe("TOTP setup", () => {
  it.effect("is in force only after a first correct code, and answers 10 distinct recovery codes once", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const setup = yield* a.run(
        a.factors.beginTotp({ ...on, account: ann.email, currentPassword: ann.password }),
      )
      expect(setup.uri).toContain(setup.secret)
      expect((yield* a.run(a.factors.status(on.memberId))).totp).toBe(false)
      expect(yield* a.fail(a.factors.confirmTotp({ origin: ORIGIN, ...on, code: "000000" }))).toMatchObject({
        _tag: "SecondFactorInvalid",
        message: SecondFactorMessages.codeInvalid,
      })
      const codes = yield* a.run(
        a.factors.confirmTotp({
          origin: ORIGIN,
          ...on,
          code: OneTimePasswords.testCode(setup.secret, yield* Clock.currentTimeMillis),
        }),
      )
      expect(codes).toHaveLength(10)
      expect(new Set(codes).size).toBe(10)
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/)
      expect(yield* a.run(a.factors.status(on.memberId))).toMatchObject({ totp: true, recoveryCodesLeft: 10 })
      expect(
        (yield* a.fail(a.factors.beginTotp({ ...on, account: ann.email, currentPassword: ann.password })))
          ._tag,
      ).toBe("SecondFactorConflict")
    }),
  )

  it.effect("ends every other session of the member when the second factor is set up", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const other = yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
      yield* withTotp(a, on)
      expect((yield* a.run(a.service.currentSession(other.session.sessionId)))._tag).toBe("None")
      expect((yield* a.run(a.service.currentSession(on.sessionId)))._tag).toBe("Some")
    }),
  )
})

describe("sign-in with a second factor", () => {
  it.effect(
    "creates no session before the code; the code completes it once, with the factor recorded on the session",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const { secret } = yield* withTotp(a, on)
        yield* TestClock.adjust(60_000)
        const pendingToken = yield* pendingOf(a)
        const sessionsBefore = (yield* a.run(a.service.sessionsOf(on.memberId, on.sessionId))).length
        const check = (code: string) => (memberId: MemberId) =>
          a.factors.verifyCode({ origin: ORIGIN, memberId, code })
        expect(
          (yield* a.fail(a.service.completeSignIn({ pendingToken, address: "ip", check: check("123456") })))
            ._tag,
        ).toBe("SecondFactorInvalid")
        expect((yield* a.run(a.service.sessionsOf(on.memberId, on.sessionId))).length).toBe(sessionsBefore)
        const code = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
        const signedIn = yield* a.run(
          a.service.completeSignIn({ pendingToken, address: "ip", check: check(code) }),
        )
        expect(signedIn.session.secondFactorAt).toBe(yield* Clock.currentTimeMillis)
        // The step's token is used up, and the same code is never accepted twice (replay).
        expect(
          (yield* a.fail(a.service.completeSignIn({ pendingToken, address: "ip", check: check(code) })))._tag,
        ).toBe("SignInStepExpired")
        const again = yield* pendingOf(a)
        expect(
          (yield* a.fail(
            a.service.completeSignIn({ pendingToken: again, address: "ip", check: check(code) }),
          ))._tag,
        ).toBe("SecondFactorInvalid")
      }),
  )

  it.effect("lets the half-signed-in step live 5 minutes only", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const { secret } = yield* withTotp(a, on)
      yield* TestClock.adjust(60_000)
      const pendingToken = yield* pendingOf(a)
      yield* TestClock.adjust(SIGN_IN_STEP_TTL_MS)
      const code = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
      const late = yield* a.fail(
        a.service.completeSignIn({
          pendingToken,
          address: "ip",
          check: (memberId) => a.factors.verifyCode({ origin: ORIGIN, memberId, code }),
        }),
      )
      expect(late).toMatchObject({
        _tag: "SignInStepExpired",
        message: SecondFactorMessages.signInStepExpired,
      })
    }),
  )

  it.effect("accepts each recovery code once", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const { codes } = yield* withTotp(a, on)
      const code = codes[3]!.toUpperCase().replace("-", " ")
      expect(yield* a.run(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code }))).toBe(
        "recovery-code",
      )
      expect(
        yield* a.fail(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code })),
      ).toMatchObject({
        _tag: "SecondFactorInvalid",
        message: SecondFactorMessages.recoveryCodeInvalid,
      })
      expect((yield* a.run(a.factors.status(on.memberId))).recoveryCodesLeft).toBe(9)
    }),
  )

  it.effect(
    "makes wrong codes from one address wait longer and longer (a growing wait, never a lockout)",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const { secret } = yield* withTotp(a, on)
        for (let i = 0; i < SECOND_FACTOR_PER_ACCOUNT_AND_ADDRESS.free; i++) {
          expect(
            (yield* a.fail(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code: "111111" })))
              ._tag,
          ).toBe("SecondFactorInvalid")
        }
        const refused = yield* a.fail(
          a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code: "111111" }),
        )
        expect(refused).toMatchObject({ _tag: "TooManyAttempts", retryAfterSeconds: 1 })
        // Even the right code waits; after the wait it passes and the count starts again.
        yield* TestClock.adjust(2_000)
        yield* TestClock.adjust(30_000)
        const right = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
        expect(
          yield* a.run(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code: right })),
        ).toBe("totp")
      }),
  )

  it.effect(
    "a stranger holding the password never keeps the owner's right code out of her known browser",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const { secret } = yield* withTotp(a, on)
        // The stranger guesses from many addresses, then keeps one request every 15 minutes, for a day.
        for (let i = 0; i < 40; i++) {
          yield* a.fail(
            a.factors.verifyCode({
              origin: { address: `stranger-${i}` },
              memberId: on.memberId,
              code: "111111",
            }),
          )
        }
        for (let quarter = 0; quarter < 96; quarter++) {
          yield* TestClock.adjust(15 * 60_000)
          yield* a.fail(
            a.factors.verifyCode({ origin: { address: "stranger" }, memberId: on.memberId, code: "111111" }),
          )
          // The owner, from her own browser, whenever she tries: her right code passes at once.
          if (quarter % 10 === 0) {
            yield* TestClock.adjust(30_000)
            const code = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
            expect(yield* a.run(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code }))).toBe(
              "totp",
            )
          }
        }
      }),
  )

  it.effect("wrong codes from new devices are bounded per account, with a Retry-After that is true", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const { secret } = yield* withTotp(a, on)
      const policy = SECOND_FACTOR_FAILURES_FROM_NEW_DEVICES
      const guess = (address: string) =>
        Effect.map(
          a.fail(a.factors.verifyCode({ origin: { address }, memberId: on.memberId, code: "111111" })),
          (e) => e._tag,
        )
      // Wrong codes from as many addresses as the guesser likes, each on a browser Ann never used: the free ones,
      // then six more, each as soon as the account's wait allows (1 s, 2 s, … 32 s).
      for (let i = 0; i < policy.free; i++) expect(yield* guess(`bot-${i}`)).toBe("SecondFactorInvalid")
      for (let i = 0; i < 6; i++) {
        yield* TestClock.adjust(1_000 * 2 ** i)
        expect(yield* guess(`bot-late-${i}`)).toBe("SecondFactorInvalid")
      }
      const newDevice = { address: "owner-on-a-new-laptop", device: "new-laptop" }
      const refused = yield* a.fail(
        a.factors.verifyCode({ origin: newDevice, memberId: on.memberId, code: "111111" }),
      )
      expect(refused).toMatchObject({ _tag: "TooManyAttempts", retryAfterSeconds: 64 })
      // The guesser keeps trying every second while the wait runs: refused and not counted, so the wait holds.
      for (let s = 0; s < 63; s++) {
        yield* TestClock.adjust(1_000)
        expect(yield* guess(`bot-busy-${s}`)).toBe("TooManyAttempts")
        // Ann's own browser is never held by any of it.
        if (s === 30) {
          const code = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
          expect(yield* a.run(a.factors.verifyCode({ origin: ORIGIN, memberId: on.memberId, code }))).toBe(
            "totp",
          )
        }
      }
      // At the moment the Retry-After named, Ann on her new laptop is let through.
      yield* TestClock.adjust(1_000)
      const code = OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis)
      expect(yield* a.run(a.factors.verifyCode({ origin: newDevice, memberId: on.memberId, code }))).toBe(
        "totp",
      )
    }),
  )
})

describe("step-up before sensitive changes", () => {
  it.effect("asks the second factor again unless it was given on this session in the last 5 minutes", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      // Without a second factor there is nothing to ask.
      yield* a.run(a.guard.require("changePassword", memberActor(on.memberId, on.sessionId)))
      const { secret } = yield* withTotp(a, on)
      yield* a.run(a.guard.require("changePassword", memberActor(on.memberId, on.sessionId)))
      yield* TestClock.adjust(DEFAULT_STEP_UP_SECONDS * 1000 + 1)
      expect(
        yield* a.fail(a.guard.require("changePassword", memberActor(on.memberId, on.sessionId))),
      ).toMatchObject({
        _tag: "SecondFactorRequired",
        message: SecondFactorMessages.stepUpRequired,
      })
      expect((yield* a.fail(a.factors.removeTotp(on)))._tag).toBe("SecondFactorRequired")
      yield* a.run(
        a.factors.stepUp({
          origin: ORIGIN,
          ...on,
          code: OneTimePasswords.testCode(secret, yield* Clock.currentTimeMillis),
        }),
      )
      yield* a.run(a.guard.require("changePassword", memberActor(on.memberId, on.sessionId)))
      yield* a.run(a.factors.removeTotp(on))
      expect(yield* a.run(a.factors.status(on.memberId))).toMatchObject({ totp: false, recoveryCodesLeft: 0 })
      // Without a factor, the password alone signs in again.
      expect(
        (yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))).session,
      ).toBeDefined()
    }),
  )
})

describe("sessions and devices", () => {
  it.effect("lists the member's sessions with the current one marked, and ends one or all others", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const phone = yield* a.run(
        a.service.login({
          email: ann.email,
          password: ann.password,
          address: "ip",
          device: { id: "d2", name: "Safari on iOS" },
        }),
      )
      yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
      const listed = yield* a.run(a.service.sessionsOf(on.memberId, on.sessionId))
      expect(listed).toHaveLength(3)
      expect(listed.filter((s) => s.current).map((s) => s.device)).toEqual(["Chrome 131 on Linux"])
      const phoneRef = listed.find((s) => s.device === "Safari on iOS")!.ref
      expect(yield* a.run(a.service.endSession(on.memberId, phoneRef))).toBe(true)
      expect((yield* a.run(a.service.currentSession(phone.session.sessionId)))._tag).toBe("None")
      yield* a.run(a.service.endOtherSessions(on.memberId, on.sessionId))
      expect((yield* a.run(a.service.sessionsOf(on.memberId, on.sessionId))).map((s) => s.current)).toEqual([
        true,
      ])
    }),
  )

  it.effect("emails a sign-in from a new device, not the first device nor a known one", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      yield* annSignedIn(a)
      const sent = () =>
        Effect.map(a.run(Effect.flatMap(Mailer, (m) => m.queued)), (queued) =>
          queued.filter((e) => e.template === AccountEmail.newDeviceSignIn),
        )
      yield* a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip", device }))
      expect(yield* sent()).toHaveLength(0)
      yield* a.run(
        a.service.login({
          email: ann.email,
          password: ann.password,
          address: "10.0.0.9",
          device: { id: "d2", name: "Firefox 133 on Windows" },
        }),
      )
      expect(yield* sent()).toHaveLength(1)
      expect((yield* sent())[0]).toMatchObject({
        to: ann.email,
        data: { device: "Firefox 133 on Windows", address: "10.0.0.9" },
      })
    }),
  )
})

describe("the code forms (shared by the API and the web)", () => {
  it("accept 6 digits with spaces for TOTP, and a recovery code at sign-in, with the words members read", () => {
    expect(validate(TotpCodeForm, { code: "123 456" })).toEqual({ ok: true, value: { code: "123456" } })
    expect(validate(TotpCodeForm, { code: "12345" })).toMatchObject({
      ok: false,
      errors: [{ path: "code", message: "The code is 6 digits" }],
    })
    expect(validate(TotpCodeForm, {})).toMatchObject({
      ok: false,
      errors: [{ path: "code", message: "Enter the code from your authenticator app" }],
    })
    expect(validate(SecondFactorCodeForm, { code: "abcde-12345" })).toMatchObject({ ok: true })
    expect(validate(SecondFactorCodeForm, { code: "abc" })).toMatchObject({ ok: false })
  })
})
