/**
 * The member's security calls (issue 23): the second factor, the step-up, the sessions, and the second step
 * of a sign-in. Typed by the contract (adapters/src/http/api/SecurityApi.ts, AuthApi.ts).
 */
import type {
  SecondFactorCodeForm,
  TotpCodeForm,
} from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser"
import { call } from "./client.ts"

/** The browser's WebAuthn calls, loaded only when a passkey is used (they are not on every page). */
const webauthn = () => import("@simplewebauthn/browser")

type Json = Readonly<Record<string, unknown>>

/** navigator.credentials.get with the server's options; answers the JSON the server verifies. */
export const passkeyAnswer = async (options: Json): Promise<Json> =>
  (await (
    await webauthn()
  ).startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as unknown as Json

export const securityApi = {
  security: () => call("GET", "/user/security"),
  /** A member without a factor gives the current password (issue 37); with one, the step-up stands for it. */
  beginTotp: (currentPassword?: string) =>
    call("POST", "/user/second-factor/totp/begin", currentPassword === undefined ? {} : { currentPassword }),
  confirmTotp: (form: TotpCodeForm) => call("POST", "/user/second-factor/totp/confirm", form),
  removeTotp: () => call("POST", "/user/second-factor/totp/remove"),
  newRecoveryCodes: () => call("POST", "/user/second-factor/recovery-codes"),
  stepUp: (form: SecondFactorCodeForm) => call("POST", "/user/second-factor/step-up", form),
  endSession: (ref: string) => call("POST", "/user/sessions/sign-out", { ref }),
  endOtherSessions: () => call("POST", "/user/sessions/sign-out-others"),
  loginSecondFactor: (form: SecondFactorCodeForm) => call("POST", "/auth/login/second-factor", form),
  /** Signs in with a passkey: the options, the browser's answer, the check. */
  loginWithPasskey: async () => {
    const { options } = await call("POST", "/auth/login/passkey/options")
    return call("POST", "/auth/login/passkey", { response: await passkeyAnswer(options) })
  },
  /** The step-up with a passkey. */
  stepUpWithPasskey: async () => {
    const { options } = await call("POST", "/user/second-factor/step-up/passkey/options")
    return call("POST", "/user/second-factor/step-up/passkey", { response: await passkeyAnswer(options) })
  },
  /** Registers a passkey of this device: the options, navigator.credentials.create, the check. */
  addPasskey: async (name: string, currentPassword?: string) => {
    const { options } = await call("POST", "/user/second-factor/passkeys/options")
    const response = await (await webauthn()).startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    })
    return call("POST", "/user/second-factor/passkeys", {
      response: response as unknown as Json,
      ...(name.trim() === "" ? {} : { name: name.trim() }),
      ...(currentPassword === undefined ? {} : { currentPassword }),
    })
  },
  removePasskey: (credentialId: string) =>
    call("POST", "/user/second-factor/passkeys/remove", { credentialId }),
}

export type SecurityAnswer = Awaited<ReturnType<typeof securityApi.security>>
