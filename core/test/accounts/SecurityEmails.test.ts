/**
 * Security emails (issue 38): a password changed or reset, an authenticator app or a passkey added or removed, each
 * enqueued to the member through the outbox once the change is made, with when (UTC) and from which device or
 * address; nothing when the change is refused. The words are the outbox's (adapters/test/email/SecurityEmails.test.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { AccountEmail } from "../../src/accounts/AccountService.ts"
import { SecurityEmail } from "../../src/accounts/SecurityEmails.ts"
import type { Email } from "../../src/notifications/NotificationModel.ts"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OneTimePasswords } from "../../src/secondfactor/ports/OneTimePasswords.ts"
import { type Accounts, ann, makeAccounts } from "../support/AccountHarness.ts"

const device = { id: "device-1", name: "Chrome 131 on Linux" }
const rp = { id: "landunits.example", name: "Landunits", origin: "https://landunits.example" }
/** The harness's clock starts at 2026-01-01 00:00 UTC. */
const AT = "Jan 1, 2026, 12:00 AM UTC"

const SECURITY_TEMPLATES: ReadonlyArray<string> = Object.values(SecurityEmail)

const annSignedIn = Effect.fnUntraced(function* (a: Accounts) {
  const { memberId } = yield* a.run(a.service.register(ann, "ip"))
  yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const { session } = yield* a.run(
    a.service.login({ email: ann.email, password: ann.password, address: "ip", device }),
  )
  return { memberId, sessionId: session.sessionId }
})

/** The security emails enqueued so far, oldest first. */
const securityEmails = (a: Accounts): Effect.Effect<ReadonlyArray<Email>> =>
  Effect.map(a.run(Effect.flatMap(Mailer, (m) => m.queued)), (queued) =>
    queued.filter((e) => SECURITY_TEMPLATES.includes(e.template)),
  )

describe("security emails", () => {
  it.effect(
    "a password change emails the member when and from which device; a refused change emails nothing",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        yield* a.fail(
          a.service.changePassword({
            memberId: on.memberId,
            currentPassword: "nope",
            newPassword: "NewSecret9",
          }),
        )
        expect(yield* securityEmails(a)).toEqual([])
        yield* a.run(
          a.service.changePassword({
            memberId: on.memberId,
            currentPassword: ann.password,
            newPassword: "NewSecret9",
            currentSessionId: on.sessionId,
          }),
        )
        expect(yield* securityEmails(a)).toEqual([
          {
            to: ann.email,
            template: "password-changed",
            data: { firstName: "Ann", at: AT, device: "Chrome 131 on Linux" },
          },
        ])
      }),
  )

  it.effect(
    "a reset by the emailed link emails the member when and from which address; a dead link emails nothing",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        yield* annSignedIn(a)
        yield* a.run(a.service.forgotPassword({ email: ann.email, address: "ip" }))
        const token = yield* a.lastToken(ann.email, AccountEmail.resetPassword)
        yield* TestClock.adjust(60_000)
        yield* a.run(a.service.resetPassword({ token, password: "NewSecret9", address: "203.0.113.7" }))
        yield* a.fail(a.service.resetPassword({ token, password: "Other1234", address: "203.0.113.7" }))
        expect(yield* securityEmails(a)).toEqual([
          {
            to: ann.email,
            template: "password-reset",
            data: { firstName: "Ann", at: "Jan 1, 2026, 12:01 AM UTC", address: "203.0.113.7" },
          },
        ])
      }),
  )

  it.effect(
    "an authenticator app set up and removed emails each change; a wrong first code emails nothing",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const setup = yield* a.run(
          a.factors.beginTotp({ ...on, account: ann.email, currentPassword: ann.password }),
        )
        yield* a.fail(a.factors.confirmTotp({ ...on, origin: { address: "ip" }, code: "000000" }))
        expect(yield* securityEmails(a)).toEqual([])
        yield* a.run(
          a.factors.confirmTotp({
            ...on,
            origin: { address: "ip" },
            code: OneTimePasswords.testCode(setup.secret, yield* Clock.currentTimeMillis),
          }),
        )
        yield* a.run(a.factors.removeTotp(on))
        const app = { kind: "authenticator app", factor: "an authenticator app" }
        expect(yield* securityEmails(a)).toEqual([
          {
            to: ann.email,
            template: "second-factor-added",
            data: { firstName: "Ann", at: AT, device: device.name, ...app },
          },
          {
            to: ann.email,
            template: "second-factor-removed",
            data: { firstName: "Ann", at: AT, device: device.name, ...app },
          },
        ])
      }),
  )

  it.effect("a passkey added and removed emails each change, naming the passkey", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const options = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
      yield* a.run(
        a.passkeys.register({
          ...on,
          currentPassword: ann.password,
          rp,
          response: { id: "cred-1", challenge: options.challenge, origin: rp.origin },
          name: "Laptop",
        }),
      )
      yield* a.run(a.passkeys.remove({ ...on, credentialId: "cred-1" }))
      const laptop = { kind: "passkey", factor: 'a passkey named "Laptop"' }
      expect((yield* securityEmails(a)).map((e) => [e.template, e.data])).toEqual([
        ["second-factor-added", { firstName: "Ann", at: AT, device: device.name, ...laptop }],
        ["second-factor-removed", { firstName: "Ann", at: AT, device: device.name, ...laptop }],
      ])
    }),
  )
})
