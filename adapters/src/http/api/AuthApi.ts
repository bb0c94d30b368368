/** Signing in and out, email confirmation and password reset (spec §7, /auth). */
import {
  AccountNotFound,
  EmailNotConfirmedYet,
  InvalidCredentials,
  TokenInvalid,
} from "@landunits/core/accounts/AccountErrors.ts"
import { NewsletterForm } from "@landunits/core/members/MemberValidation.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { MessageAnswer, UserBundle } from "./Answers.ts"
import { TooManyAttemptsAnswer } from "./ApiErrors.ts"
import { Authentication } from "./Authentication.ts"

export const LoginPayload = Schema.Struct({
  email: Schema.String.check(Schema.isMinLength(1, { message: "Email is required" })),
  password: Schema.String.check(Schema.isMinLength(1, { message: "Password is required" })),
})

export const ResetPayload = Schema.Struct({
  password: Schema.String.check(
    Schema.isMinLength(6, { message: "Password must be at least 6 characters" }),
    Schema.isMaxLength(255, { message: "Password must be at most 255 characters" }),
    Schema.isPattern(/[A-Za-z]/, { message: "Password must contain at least one letter" }),
    Schema.isPattern(/\d/, { message: "Password must contain at least one number" }),
  ),
})

const Token = { token: Schema.String.check(Schema.isMinLength(1)) }

export class AuthApi extends HttpApiGroup.make("auth").add(
  HttpApiEndpoint.post("login", "/auth/login", {
    payload: LoginPayload,
    success: UserBundle,
    error: [InvalidCredentials, EmailNotConfirmedYet, TooManyAttemptsAnswer, AccountNotFound],
  }),
  HttpApiEndpoint.post("logout", "/auth/logout", { success: MessageAnswer }).middleware(Authentication),
  HttpApiEndpoint.post("forgot", "/auth/login/forgot", {
    payload: NewsletterForm,
    success: MessageAnswer,
    error: TooManyAttemptsAnswer,
  }),
  HttpApiEndpoint.post("reset", "/auth/login/reset/:token", {
    params: Token,
    payload: ResetPayload,
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
