/**
 * The member's own security (issue 23): the second factor (authenticator app, recovery codes, passkeys), the
 * step-up before a sensitive change, and the member's sessions. Signed-in routes; the sign-in step of the
 * second factor is in AuthApi.
 */
import { PasswordRequired } from "@landunits/core/access/AccessErrors.ts"
import { CurrentPasswordProof } from "@landunits/core/access/MemberProof.ts"
import { AccountNotFound } from "@landunits/core/accounts/AccountErrors.ts"
import {
  SecondFactorConflict,
  SecondFactorInvalid,
  SecondFactorRequired,
  SessionNotFound,
} from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { SecondFactorStatus } from "@landunits/core/secondfactor/SecondFactorModel.ts"
import {
  PasskeyAnswerForm,
  PasskeyRegistrationForm,
  SecondFactorCodeForm,
  TotpCodeForm,
  WebAuthnJsonSchema,
} from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MessageAnswer } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"
import { Authentication } from "./Authentication.ts"

export const SessionView = Schema.Struct({
  ref: Schema.String,
  device: Schema.String,
  createdAt: Schema.Int,
  lastSeenAt: Schema.Int,
  current: Schema.Boolean,
})

export const SecurityAnswer = Schema.Struct({
  secondFactor: SecondFactorStatus,
  sessions: Schema.Array(SessionView),
})
export type SecurityAnswer = typeof SecurityAnswer.Type

export const RecoveryCodesAnswer = Schema.Struct({
  message: Schema.String,
  /** Shown this once: only their hashes are kept. */
  recoveryCodes: Schema.Array(Schema.String),
})

/** The options a browser's navigator.credentials call takes (with a fresh challenge, kept by the server). */
export const WebAuthnOptionsAnswer = Schema.Struct({ options: WebAuthnJsonSchema })

export class SecurityApi extends HttpApiGroup.make("security")
  .add(
    HttpApiEndpoint.get("security", "/user/security", { success: SecurityAnswer, error: AccountNotFound }),
    HttpApiEndpoint.post("beginTotp", "/user/second-factor/totp/begin", {
      payload: CurrentPasswordProof,
      success: Schema.Struct({ secret: Schema.String, uri: Schema.String }),
      error: [
        SecondFactorConflict,
        SecondFactorRequired,
        PasswordRequired,
        TooManyAttemptsAnswer,
        AccountNotFound,
      ],
    }),
    HttpApiEndpoint.post("confirmTotp", "/user/second-factor/totp/confirm", {
      payload: TotpCodeForm,
      success: RecoveryCodesAnswer,
      error: [SecondFactorConflict, SecondFactorInvalid, SecondFactorRequired, TooManyAttemptsAnswer],
    }),
    HttpApiEndpoint.post("removeTotp", "/user/second-factor/totp/remove", {
      success: MessageAnswer,
      error: [SecondFactorConflict, SecondFactorRequired],
    }),
    HttpApiEndpoint.post("recoveryCodes", "/user/second-factor/recovery-codes", {
      success: RecoveryCodesAnswer,
      error: [SecondFactorConflict, SecondFactorRequired],
    }),
    HttpApiEndpoint.post("stepUp", "/user/second-factor/step-up", {
      payload: SecondFactorCodeForm,
      success: MessageAnswer,
      error: [SecondFactorInvalid, TooManyAttemptsAnswer],
    }),
    HttpApiEndpoint.post("passkeyOptions", "/user/second-factor/passkeys/options", {
      success: WebAuthnOptionsAnswer,
      error: [SecondFactorRequired, AccountNotFound],
    }),
    HttpApiEndpoint.post("registerPasskey", "/user/second-factor/passkeys", {
      payload: PasskeyRegistrationForm,
      success: RecoveryCodesAnswer,
      error: [SecondFactorInvalid, SecondFactorRequired, PasswordRequired, TooManyAttemptsAnswer],
    }),
    HttpApiEndpoint.post("removePasskey", "/user/second-factor/passkeys/remove", {
      payload: Schema.Struct({ credentialId: Schema.String.check(Schema.isMinLength(1)) }),
      success: MessageAnswer,
      error: [SecondFactorConflict, SecondFactorRequired],
    }),
    HttpApiEndpoint.post("stepUpPasskeyOptions", "/user/second-factor/step-up/passkey/options", {
      success: WebAuthnOptionsAnswer,
      error: SecondFactorConflict,
    }),
    HttpApiEndpoint.post("stepUpPasskey", "/user/second-factor/step-up/passkey", {
      payload: PasskeyAnswerForm,
      success: MessageAnswer,
      error: [SecondFactorInvalid, TooManyAttemptsAnswer],
    }),
    HttpApiEndpoint.post("endSession", "/user/sessions/sign-out", {
      payload: Schema.Struct({ ref: Schema.String.check(Schema.isMinLength(1)) }),
      success: MessageAnswer,
      error: SessionNotFound,
    }),
    HttpApiEndpoint.post("endOtherSessions", "/user/sessions/sign-out-others", { success: MessageAnswer }),
  )
  .middleware(Authentication) {}
