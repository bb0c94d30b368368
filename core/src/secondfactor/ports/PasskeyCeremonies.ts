import { Context, Effect, Layer } from "effect"
import type { Passkey } from "../SecondFactorModel.ts"

/** The site passkeys belong to: its id (the host name), its name in the browser's dialog, and its origin. */
export interface RelyingParty {
  readonly id: string
  readonly name: string
  readonly origin: string
}

/** What a browser's WebAuthn call takes (options) and answers (response), as JSON: opaque to core. */
export type WebAuthnJson = Readonly<Record<string, unknown>>

/**
 * Port: the WebAuthn ceremonies (W3C Web Authentication), implemented with a well-kept library by the adapter
 * (adapters/src/security/PasskeyCeremoniesSimpleWebAuthn.ts). Options carry a fresh challenge, answered beside them for
 * the caller to keep; a verification answers undefined for any response that does not verify (wrong challenge,
 * origin, site, signature or counter).
 */
export class PasskeyCeremonies extends Context.Service<
  PasskeyCeremonies,
  {
    readonly registrationOptions: (input: {
      readonly rp: RelyingParty
      readonly userId: string
      readonly userName: string
      readonly exclude: ReadonlyArray<Passkey>
    }) => Effect.Effect<{ readonly options: WebAuthnJson; readonly challenge: string }>
    readonly verifyRegistration: (input: {
      readonly rp: RelyingParty
      readonly response: WebAuthnJson
      readonly challenge: string
    }) => Effect.Effect<
      | {
          readonly credentialId: string
          readonly publicKey: string
          readonly counter: number
          readonly transports: ReadonlyArray<string>
        }
      | undefined
    >
    readonly authenticationOptions: (input: {
      readonly rp: RelyingParty
      readonly allow: ReadonlyArray<Passkey>
    }) => Effect.Effect<{ readonly options: WebAuthnJson; readonly challenge: string }>
    readonly verifyAuthentication: (input: {
      readonly rp: RelyingParty
      readonly response: WebAuthnJson
      readonly challenge: string
      readonly passkey: Passkey
    }) => Effect.Effect<{ readonly newCounter: number } | undefined>
  }
>()("@landunits/core/secondfactor/ports/PasskeyCeremonies") {
  /**
   * FOR TESTS ONLY: an authenticator that signs nothing. An answer verifies when it echoes the challenge and the
   * site's origin (and, for a sign-in, names the passkey), so core's tests can drive the ceremonies; the real
   * one, with signatures, is adapters/src/security/PasskeyCeremoniesSimpleWebAuthn.ts (browser test: web/e2e/twoFactor.test.ts).
   */
  static readonly layerEchoForTests = Layer.sync(PasskeyCeremonies)(() => {
    let n = 0
    const challenge = () => `challenge-${++n}`
    return PasskeyCeremonies.of({
      registrationOptions: () =>
        Effect.sync(() => {
          const c = challenge()
          return { options: { challenge: c }, challenge: c }
        }),
      verifyRegistration: ({ rp, response, challenge: expected }) =>
        Effect.sync(() =>
          response.challenge === expected && response.origin === rp.origin && typeof response.id === "string"
            ? { credentialId: response.id, publicKey: "public-key", counter: 0, transports: ["internal"] }
            : undefined,
        ),
      authenticationOptions: ({ allow }) =>
        Effect.sync(() => {
          const c = challenge()
          return { options: { challenge: c, allow: allow.map((p) => p.credentialId) }, challenge: c }
        }),
      verifyAuthentication: ({ rp, response, challenge: expected, passkey }) =>
        Effect.sync(() =>
          response.challenge === expected &&
          response.origin === rp.origin &&
          response.id === passkey.credentialId
            ? { newCounter: passkey.counter + 1 }
            : undefined,
        ),
    })
  })
}
