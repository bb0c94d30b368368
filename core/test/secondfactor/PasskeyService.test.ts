/**
 * Passkeys (issue 23) in core, over an authenticator double that signs nothing (PasskeyCeremonies.layerEchoForTests;
 * the real ceremonies run in the browser test): the first passkey gives recovery codes and ends the other sessions;
 * a challenge answers once; a sign-in completes with the member's own passkey only; the step-up; removal.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { AccountEmail } from "../../src/accounts/AccountService.ts"
import { SecondFactorMessages } from "../../src/secondfactor/SecondFactorErrors.ts"
import { DEFAULT_STEP_UP_SECONDS } from "../../src/secondfactor/SecondFactorModel.ts"
import { type Accounts, ann, makeAccounts } from "../support/AccountHarness.ts"

/** The member's browser, as the limits count a passkey answer. */
const ORIGIN = { address: "ip" } as const

const rp = { id: "landunits.example", name: "Landunits", origin: "https://landunits.example" }

const annSignedIn = (a: Accounts) => {
  const { memberId } = a.run(a.service.register(ann, "ip"))
  a.run(a.service.confirmEmail(a.lastToken(ann.email, AccountEmail.confirmEmail)))
  const { session } = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
  return { memberId, sessionId: session.sessionId }
}

/** What the authenticator double answers to `options`: the challenge echoed, from `origin`. */
const answer = (options: Readonly<Record<string, unknown>>, id: string, origin = rp.origin) => ({
  id,
  challenge: options.challenge,
  origin,
})

describe("passkeys", () => {
  it("registers a first passkey with recovery codes, ends the other sessions, and signs in with it only", () => {
    const a = makeAccounts()
    const on = annSignedIn(a)
    const other = a.run(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    const options = a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
    // From another site, the answer does not verify.
    expect(
      a.fail(
        a.passkeys.register({
          ...on,
          currentPassword: ann.password,
          rp,
          response: answer(options, "cred-1", "https://evil.example"),
        }),
      )._tag,
    ).toBe("SecondFactorInvalid")
    // The challenge was taken: the same options cannot be answered again.
    expect(
      a.fail(
        a.passkeys.register({
          ...on,
          currentPassword: ann.password,
          rp,
          response: answer(options, "cred-1"),
        }),
      )._tag,
    ).toBe("SecondFactorInvalid")
    const again = a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
    const codes = a.run(
      a.passkeys.register({
        ...on,
        currentPassword: ann.password,
        rp,
        response: answer(again, "cred-1"),
        name: " Laptop ",
      }),
    )
    expect(codes).toHaveLength(10)
    expect(a.run(a.factors.status(on.memberId))).toMatchObject({
      totp: false,
      recoveryCodesLeft: 10,
      passkeys: [{ credentialId: "cred-1", name: "Laptop" }],
    })
    expect(a.run(a.service.currentSession(other.session.sessionId))._tag).toBe("None")

    // Sign-in: the password leaves a step; the passkey completes it.
    const pending = a.fail(a.service.login({ email: ann.email, password: ann.password, address: "ip" }))
    expect(pending._tag).toBe("SecondFactorPending")
    const pendingToken = (pending as { pendingToken: string }).pendingToken
    const memberId = a.run(a.service.pendingMember(pendingToken))
    const signIn = a.run(
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
    const signedIn = a.run(complete(answer(signIn, "cred-1")))
    expect(signedIn.session.secondFactorAt).toBe(a.clock.now())
    expect(a.run(a.factors.status(on.memberId)).passkeys[0]?.lastUsedAt).toBe(a.clock.now())
  })

  it("refuses another member's passkey and an unknown one", () => {
    const a = makeAccounts()
    const on = annSignedIn(a)
    const options = a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
    a.run(
      a.passkeys.register({
        ...on,
        currentPassword: ann.password,
        rp,
        response: answer(options, "cred-ann"),
      }),
    )
    const ben = a.run(a.service.register({ ...ann, email: "ben@example.com" }, "ip"))
    const benOptions = a.run(
      a.passkeys
        .authenticationOptions({ memberId: ben.memberId, purpose: "sign-in", secret: "s", rp })
        .pipe(Effect.flip),
    )
    // Ben has no passkey: no options.
    expect(benOptions._tag).toBe("SecondFactorConflict")
    const annOptions = a.run(
      a.passkeys.authenticationOptions({ memberId: on.memberId, purpose: "step-up", secret: "x", rp }),
    )
    expect(
      a.fail(
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
  })

  it("asks the step-up before another passkey or a removal, and the last removal takes the recovery codes", () => {
    const a = makeAccounts()
    const on = annSignedIn(a)
    const first = a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
    a.run(
      a.passkeys.register({ ...on, currentPassword: ann.password, rp, response: answer(first, "cred-1") }),
    )
    a.clock.advance(DEFAULT_STEP_UP_SECONDS * 1000 + 1)
    expect(a.fail(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))._tag).toBe(
      "SecondFactorRequired",
    )
    expect(a.fail(a.passkeys.remove({ ...on, credentialId: "cred-1" }))._tag).toBe("SecondFactorRequired")
    const stepUp = a.run(
      a.passkeys.authenticationOptions({
        memberId: on.memberId,
        purpose: "step-up",
        secret: on.sessionId,
        rp,
      }),
    )
    a.run(a.passkeys.stepUp({ origin: ORIGIN, ...on, rp, response: answer(stepUp, "cred-1") }))
    const second = a.run(a.passkeys.registrationOptions({ ...on, rp, userName: ann.email }))
    // A second factor beside the first gives no new codes.
    expect(
      a.run(
        a.passkeys.register({ ...on, currentPassword: ann.password, rp, response: answer(second, "cred-2") }),
      ),
    ).toEqual([])
    a.run(a.passkeys.remove({ ...on, credentialId: "cred-1" }))
    expect(a.fail(a.passkeys.remove({ ...on, credentialId: "cred-1" }))._tag).toBe("SecondFactorConflict")
    expect(a.run(a.factors.status(on.memberId)).recoveryCodesLeft).toBe(10)
    a.run(a.passkeys.remove({ ...on, credentialId: "cred-2" }))
    expect(a.run(a.factors.status(on.memberId))).toMatchObject({ recoveryCodesLeft: 0, passkeys: [] })
  })
})
