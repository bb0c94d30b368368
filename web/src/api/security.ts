/**
 * The member's security calls (issue 23): the second factor, the step-up, the sessions, and the second step
 * of a sign-in. Typed by the contract (adapters/src/http/api/SecurityApi.ts, AuthApi.ts).
 */
import type {
  SecondFactorCodeForm,
  TotpCodeForm,
} from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import { call } from "./client.ts"

export const securityApi = {
  security: () => call("GET", "/user/security"),
  beginTotp: () => call("POST", "/user/second-factor/totp/begin"),
  confirmTotp: (form: TotpCodeForm) => call("POST", "/user/second-factor/totp/confirm", form),
  removeTotp: () => call("POST", "/user/second-factor/totp/remove"),
  newRecoveryCodes: () => call("POST", "/user/second-factor/recovery-codes"),
  stepUp: (form: SecondFactorCodeForm) => call("POST", "/user/second-factor/step-up", form),
  endSession: (ref: string) => call("POST", "/user/sessions/sign-out", { ref }),
  endOtherSessions: () => call("POST", "/user/sessions/sign-out-others"),
  loginSecondFactor: (form: SecondFactorCodeForm) => call("POST", "/auth/login/second-factor", form),
}

export type SecurityAnswer = Awaited<ReturnType<typeof securityApi.security>>
