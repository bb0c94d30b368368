/**
 * PasskeyCeremonies with @simplewebauthn/server (W3C WebAuthn Level 3, its conformance-tested verifiers):
 * attestation "none" (any authenticator the browser trusts; the platform does not pin makers), user
 * verification preferred, discoverable credentials preferred. Public keys are kept as base64url.
 */
import type {
  PasskeyCeremonies as Ceremonies,
  WebAuthnJson,
} from "@landunits/core/secondfactor/ports/PasskeyCeremonies.ts"
import { PasskeyCeremonies } from "@landunits/core/secondfactor/ports/PasskeyCeremonies.ts"
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server"
import { Effect, Layer } from "effect"

/** Options as the JSON a browser receives: keys the library left undefined are dropped (the API's JSON has no undefined). */
const asJson = (options: object): WebAuthnJson => JSON.parse(JSON.stringify(options)) as WebAuthnJson

const transportsOf = (t: ReadonlyArray<string>) => [...t] as Array<AuthenticatorTransport>

/** A library refusal (malformed answer, wrong challenge or origin) is an answer that does not verify. */
const orUndefined = <A>(promise: () => Promise<A | undefined>) =>
  Effect.promise(() => promise().catch(() => undefined))

export const PasskeyCeremoniesSimpleWebAuthn = Layer.succeed(PasskeyCeremonies)(
  PasskeyCeremonies.of({
    registrationOptions: ({ rp, userId, userName, exclude }) =>
      Effect.promise(async () => {
        const options = await generateRegistrationOptions({
          rpName: rp.name,
          rpID: rp.id,
          userName,
          userID: new TextEncoder().encode(userId),
          attestationType: "none",
          excludeCredentials: exclude.map((p) => ({
            id: p.credentialId,
            transports: transportsOf(p.transports),
          })),
          authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
        })
        return { options: asJson(options), challenge: options.challenge }
      }),
    verifyRegistration: ({ rp, response, challenge }) =>
      orUndefined(async () => {
        const verified = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        })
        if (!verified.verified) return undefined
        const credential = verified.registrationInfo.credential
        return {
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? [],
        }
      }),
    authenticationOptions: ({ rp, allow }) =>
      Effect.promise(async () => {
        const options = await generateAuthenticationOptions({
          rpID: rp.id,
          allowCredentials: allow.map((p) => ({
            id: p.credentialId,
            transports: transportsOf(p.transports),
          })),
          userVerification: "preferred",
        })
        return { options: asJson(options), challenge: options.challenge }
      }),
    verifyAuthentication: ({ rp, response, challenge, passkey }) =>
      orUndefined(async () => {
        const verified = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, "base64url")),
            counter: passkey.counter,
            transports: transportsOf(passkey.transports),
          },
          requireUserVerification: false,
        })
        return verified.verified ? { newCounter: verified.authenticationInfo.newCounter } : undefined
      }),
  } satisfies Ceremonies["Service"]),
)
