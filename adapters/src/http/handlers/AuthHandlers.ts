import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { PasskeyService } from "@landunits/core/secondfactor/PasskeyService.ts"
import { SecondFactorMessages, SignInStepExpired } from "@landunits/core/secondfactor/SecondFactorErrors.ts"
import { SecondFactorService } from "@landunits/core/secondfactor/SecondFactorService.ts"
import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { clientAddress } from "./ClientAddress.ts"
import { relyingParty } from "./RelyingParty.ts"
import {
  clearSessionCookie,
  clearSignInStepCookie,
  type SessionCookieOptions,
  SIGN_IN_STEP_COOKIE,
  setSessionCookie,
  setSignInStepCookie,
} from "./SessionCookie.ts"
import { answerOrigin, signInDevice } from "./SignInDevice.ts"

/** The half-signed-in step's token from its cookie, or SignInStepExpired. */
export const signInStepToken = Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
  const token = request.cookies[SIGN_IN_STEP_COOKIE] ?? ""
  return token === ""
    ? Effect.fail(new SignInStepExpired({ message: SecondFactorMessages.signInStepExpired }))
    : Effect.succeed(token)
})

import { UserBundles } from "./UserBundle.ts"

export const AuthHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "auth",
    Effect.fn(function* (handlers) {
      const accounts = yield* AccountService
      const bundles = yield* UserBundles
      const factors = yield* SecondFactorService
      const passkeys = yield* PasskeyService
      return handlers
        .handle("login", ({ payload }) =>
          Effect.gen(function* () {
            const device = yield* signInDevice(cookies)
            const signedIn = yield* accounts.login({ ...payload, address: yield* clientAddress, device })
            // A new session id at every sign-in (decisions.md).
            yield* setSessionCookie(cookies, signedIn.session)
            return yield* bundles.of(signedIn.account, signedIn.firstLogin)
          }).pipe(
            // A second factor is due: no session, only the short-lived step in an HttpOnly cookie.
            Effect.catchTag("SecondFactorPending", (pending) =>
              Effect.gen(function* () {
                yield* setSignInStepCookie(cookies, pending.pendingToken)
                return {
                  secondFactorRequired: true as const,
                  message: pending.message,
                  expiresAt: pending.expiresAt,
                }
              }),
            ),
          ),
        )
        .handle("loginSecondFactor", ({ payload }) =>
          Effect.gen(function* () {
            const pendingToken = yield* signInStepToken
            const origin = yield* answerOrigin
            const signedIn = yield* accounts.completeSignIn({
              pendingToken,
              address: yield* clientAddress,
              device: yield* signInDevice(cookies),
              check: (memberId) => factors.verifyCode({ memberId, code: payload.code, origin }),
            })
            yield* clearSignInStepCookie(cookies)
            yield* setSessionCookie(cookies, signedIn.session)
            return yield* bundles.of(signedIn.account, signedIn.firstLogin)
          }),
        )
        .handle("loginPasskeyOptions", () =>
          Effect.gen(function* () {
            const pendingToken = yield* signInStepToken
            const memberId = yield* accounts.pendingMember(pendingToken)
            const options = yield* passkeys.authenticationOptions({
              memberId,
              purpose: "sign-in",
              secret: pendingToken,
              rp: yield* relyingParty,
            })
            return { options }
          }),
        )
        .handle("loginPasskey", ({ payload }) =>
          Effect.gen(function* () {
            const pendingToken = yield* signInStepToken
            const rp = yield* relyingParty
            const origin = yield* answerOrigin
            const signedIn = yield* accounts.completeSignIn({
              pendingToken,
              address: yield* clientAddress,
              device: yield* signInDevice(cookies),
              check: (memberId) =>
                passkeys.verify({
                  memberId,
                  purpose: "sign-in",
                  secret: pendingToken,
                  rp,
                  response: payload.response,
                  origin,
                }),
            })
            yield* clearSignInStepCookie(cookies)
            yield* setSessionCookie(cookies, signedIn.session)
            return yield* bundles.of(signedIn.account, signedIn.firstLogin)
          }),
        )
        .handle("logout", () =>
          Effect.gen(function* () {
            const member = yield* CurrentMember
            yield* accounts.logout(member.sessionId)
            yield* clearSessionCookie(cookies)
            return { message: "You are signed out." }
          }),
        )
        .handle("forgot", ({ payload }) =>
          Effect.map(
            Effect.flatMap(clientAddress, (address) =>
              accounts.forgotPassword({ email: payload.email, address }),
            ),
            (message) => ({ message }),
          ),
        )
        .handle("reset", ({ params, payload }) =>
          Effect.as(
            Effect.flatMap(clientAddress, (address) =>
              accounts.resetPassword({ token: params.token, password: payload.password, address }),
            ),
            { message: "Your password has been reset. You can log in now." },
          ),
        )
        .handle("confirmation", ({ params }) =>
          Effect.as(accounts.confirmEmail(params.token), {
            message: "Your email is confirmed. You can log in now.",
          }),
        )
        .handle("verifyPasswordToken", ({ params }) =>
          Effect.as(accounts.verifyResetToken(params.token), { message: "The link is valid." }),
        )
        .handle("sendConfirmation", ({ payload }) =>
          Effect.flatMap(clientAddress, (address) =>
            Effect.map(accounts.resendConfirmation(payload.email, address), (message) => ({ message })),
          ),
        )
    }),
  )
