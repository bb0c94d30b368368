/**
 * Passkeys (issue 23) in core, over an authenticator double that signs nothing (PasskeyCeremonies.layerEchoForTests;
 * the real ceremonies run in the browser test): the first passkey gives recovery codes and ends the other sessions;
 * a challenge answers once; a sign-in completes with the member's own passkey only; the step-up; removal.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect } from "effect"
import { TestClock } from "effect/testing"
import { AccountEmail } from "../../src/accounts/AccountService.ts"
import { SecondFactorMessages } from "../../src/secondfactor/SecondFactorErrors.ts"
import { DEFAULT_STEP_UP_SECONDS } from "../../src/secondfactor/SecondFactorModel.ts"
import { type Accounts, ann, makeAccounts } from "../support/AccountHarness.ts"

/** The member's browser, as the limits count a passkey answer. */
const ORIGIN = { address: "ip" } as const

const rp = { id: "landunits.example", name: "Landunits", origin: "https://landunits.example" }

const annSignedIn = Effect.fnUntraced(function* (a: Accounts) {
  const { memberId } = yield* a.run(a.service.register(ann, "ip"))
  yield* a.run(a.service.confirmEmail(yield* a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const { session } = yield* a.run(
    a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
  )
  return { memberId, sessionId: session.sessionId }
})

/** What the authenticator double answers to `options`: the challenge echoed, from `origin`. */
const answer = (options: Readonly<Record<string, unknown>>, id: string, origin = rp.origin) => ({
  id,
  challenge: options.challenge,
  origin,
})

describe("passkeys", () => {
  it.effect(
    "registers a first passkey with recovery codes, ends the other sessions, and signs in with it only",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const other = yield* a.run(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )
        const options = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
        // From another site, the answer does not verify.
        expect(
          (yield* a.fail(
            a.passkeys.register({
              ...on,
              currentPassword: ann.password,
              rp,
              response: answer(options, "cred-1", "https://evil.example"),
            }),
          ))._tag,
        ).toBe("SecondFactorInvalid")
        // The challenge was taken: the same options cannot be answered again.
        expect(
          (yield* a.fail(
            a.passkeys.register({
              ...on,
              currentPassword: ann.password,
              rp,
              response: answer(options, "cred-1"),
            }),
          ))._tag,
        ).toBe("SecondFactorInvalid")
        const again = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
        const codes = yield* a.run(
          a.passkeys.register({
            ...on,
            currentPassword: ann.password,
            rp,
            response: answer(again, "cred-1"),
            name: " Laptop ",
          }),
        )
        expect(codes).toHaveLength(10)
        expect(yield* a.run(a.factors.status(on.memberId))).toMatchObject({
          totp: false,
          recoveryCodesLeft: 10,
          passkeys: [{ credentialId: "cred-1", name: "Laptop" }],
        })
        expect((yield* a.run(a.service.currentSession(other.session.sessionId)))._tag).toBe("None")

        // Sign-in: the password leaves a step; the passkey completes it.
        const pending = yield* a.fail(
          a.service.login({ email: ann.email, password: ann.password, address: "ip" }),
        )
        expect(pending._tag).toBe("SecondFactorPending")
        const pendingToken = (pending as { pendingToken: string }).pendingToken
        const memberId = yield* a.run(a.service.pendingMember(pendingToken))
        const signIn = yield* a.run(
          a.passkeys.authenticationOptions({ memberId, purpose: "sign-in", secret: pendingToken, rp }),
        )
        expect(signIn.allow).toEqual(["cred-1"])
        const complete = (response: Record<string, unknown>) =>
          a.service.completeSignIn({
            pendingToken,
            address: "ip",
            check: (m) =>
              a.passkeys.verify({
                origin: ORIGIN,
                memberId: m,
                purpose: "sign-in",
                secret: pendingToken,
                rp,
                response,
              }),
          })
        const signedIn = yield* a.run(complete(answer(signIn, "cred-1")))
        expect(signedIn.session.secondFactorAt).toBe(yield* Clock.currentTimeMillis)
        expect((yield* a.run(a.factors.status(on.memberId))).passkeys[0]?.lastUsedAt).toBe(
          yield* Clock.currentTimeMillis,
        )
      }),
  )

  it.effect("refuses another member's passkey and an unknown one", () =>
    Effect.gen(function* () {
      const a = yield* makeAccounts()
      const on = yield* annSignedIn(a)
      const options = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
      yield* a.run(
        a.passkeys.register({
          ...on,
          currentPassword: ann.password,
          rp,
          response: answer(options, "cred-ann"),
        }),
      )
      const ben = yield* a.run(a.service.register({ ...ann, email: "ben@example.com" }, "ip"))
      const benOptions = yield* a.run(
        a.passkeys
          .authenticationOptions({ memberId: ben.memberId, purpose: "sign-in", secret: "s", rp })
          .pipe(Effect.flip),
      )
      // Ben has no passkey: no options.
      expect(benOptions._tag).toBe("SecondFactorConflict")
      const annOptions = yield* a.run(
        a.passkeys.authenticationOptions({ memberId: on.memberId, purpose: "step-up", secret: "x", rp }),
      )
      expect(
        yield* a.fail(
          a.passkeys.verify({
            origin: ORIGIN,
            memberId: ben.memberId,
            purpose: "step-up",
            secret: "x",
            rp,
            response: answer(annOptions, "cred-ann"),
          }),
        ),
      ).toMatchObject({ _tag: "SecondFactorInvalid", message: SecondFactorMessages.passkeyInvalid })
    }),
  )

  it.effect(
    "asks the step-up before another passkey or a removal, and the last removal takes the recovery codes",
    () =>
      Effect.gen(function* () {
        const a = yield* makeAccounts()
        const on = yield* annSignedIn(a)
        const first = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
        yield* a.run(
          a.passkeys.register({
            ...on,
            currentPassword: ann.password,
            rp,
            response: answer(first, "cred-1"),
          }),
        )
        yield* TestClock.adjust(DEFAULT_STEP_UP_SECONDS * 1000 + 1)
        expect((yield* a.fail(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email })))._tag).toBe(
          "SecondFactorRequired",
        )
        expect((yield* a.fail(a.passkeys.remove({ ...on, credentialId: "cred-1" })))._tag).toBe(
          "SecondFactorRequired",
        )
        const stepUp = yield* a.run(
          a.passkeys.authenticationOptions({
            memberId: on.memberId,
            purpose: "step-up",
            secret: on.sessionId,
            rp,
          }),
        )
        yield* a.run(a.passkeys.stepUp({ origin: ORIGIN, ...on, rp, response: answer(stepUp, "cred-1") }))
        const second = yield* a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
        // A second factor beside the first gives no new codes.
        expect(
          yield* a.run(
            a.passkeys.register({
              ...on,
              currentPassword: ann.password,
              rp,
              response: answer(second, "cred-2"),
            }),
          ),
        ).toEqual([])
        yield* a.run(a.passkeys.remove({ ...on, credentialId: "cred-1" }))
        expect((yield* a.fail(a.passkeys.remove({ ...on, credentialId: "cred-1" })))._tag).toBe(
          "SecondFactorConflict",
        )
        expect((yield* a.run(a.factors.status(on.memberId))).recoveryCodesLeft).toBe(10)
        yield* a.run(a.passkeys.remove({ ...on, credentialId: "cred-2" }))
        expect(yield* a.run(a.factors.status(on.memberId))).toMatchObject({
          recoveryCodesLeft: 0,
          passkeys: [],
        })
      }),
  )
})
