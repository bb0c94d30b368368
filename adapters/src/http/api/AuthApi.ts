/** Signing in and out, email confirmation and password reset (spec §7, /auth). */
import {
  AccountNotFound,
  EmailNotConfirmedYet,
  InvalidCredentials,
  TokenInvalid,
} from "@landunits/core/accounts/AccountErrors.ts"
import { NewsletterForm } from "@landunits/core/members/MemberValidation.ts"
import { ResetPasswordRequest } from "@landunits/core/members/PasswordRule.ts"
import {
  SecondFactorConflict,
  SecondFactorInvalid,
  SignInStepExpired,
} from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import {
  PasskeyAnswerForm,
  SecondFactorCodeForm,
  WebAuthnJsonSchema,
} from "@landunits/core/secondfactor/SecondFactorValidation.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MessageAnswer, UserBundle } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"
import { Authentication } from "./Authentication.ts"

export const LoginPayload = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1, { message: "Email is required" })),
  password: Schema.String.check(Schema.isMinLength(1, { message: "Password is required" })),
})

/**
 * The password was right and the member has a second factor: no session yet. The half-signed-in step lives in
 * an HttpOnly cookie for 5 minutes; POST /auth/login/second-factor (or the passkey routes) completes it.
 */
export const SecondFactorChallenge = Schema.Struct({
  secondFactorRequired: Schema.Literal(true),
  message: Schema.String,
  /** Epoch ms the step ends. */
  expiresAt: Schema.Int,
})
export type SecondFactorChallenge = typeof SecondFactorChallenge.Type

const Token = { token: Schema.String.check(Schema.isMinLength(1)) }

export class AuthApi extends HttpApiGroup.make("auth").add(
  HttpApiEndpoint.post("login", "/auth/login", {
    payload: LoginPayload,
    success: [UserBundle, SecondFactorChallenge],
    error: [InvalidCredentials, EmailNotConfirmedYet, TooManyAttemptsAnswer, AccountNotFound],
  }),
  HttpApiEndpoint.post("loginSecondFactor", "/auth/login/second-factor", {
    payload: SecondFactorCodeForm,
    success: UserBundle,
    error: [SecondFactorInvalid, SignInStepExpired, TooManyAttemptsAnswer, AccountNotFound],
  }),
  HttpApiEndpoint.post("loginPasskeyOptions", "/auth/login/passkey/options", {
    success: Schema.Struct({ options: WebAuthnJsonSchema }),
    error: [SignInStepExpired, SecondFactorConflict],
  }),
  HttpApiEndpoint.post("loginPasskey", "/auth/login/passkey", {
    payload: PasskeyAnswerForm,
    success: UserBundle,
    error: [SecondFactorInvalid, SignInStepExpired, TooManyAttemptsAnswer, AccountNotFound],
  }),
  HttpApiEndpoint.post("logout", "/auth/logout", { success: MessageAnswer }).middleware(Authentication),
  HttpApiEndpoint.post("forgot", "/auth/login/forgot", {
    payload: NewsletterForm,
    success: MessageAnswer,
    error: TooManyAttemptsAnswer,
  }),
  HttpApiEndpoint.post("reset", "/auth/login/reset/:token", {
    params: Token,
    payload: ResetPasswordRequest,
    success: MessageAnswer,
    error: TokenInvalid,
  }),
  HttpApiEndpoint.get("confirmation", "/auth/confirmation/:token", {
    params: Token,
    success: MessageAnswer,
    error: TokenInvalid,
  }),
  HttpApiEndpoint.get("verifyPasswordToken", "/auth/verify_password_token/:token", {
    params: Token,
    success: MessageAnswer,
    error: TokenInvalid,
  }),
  HttpApiEndpoint.post("sendConfirmation", "/auth/send-confirmation", {
    payload: NewsletterForm,
    success: MessageAnswer,
    error: TooManyAttemptsAnswer,
  }),
) {}
