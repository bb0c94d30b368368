import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CurrentMember } from "../api/Authentication.ts"
import { clientAddress } from "./ClientAddress.ts"
import { clearSessionCookie, type SessionCookieOptions, setSessionCookie } from "./SessionCookie.ts"
import { UserBundles } from "./UserBundle.ts"

export const AuthHandlers = (cookies: SessionCookieOptions) =>
  HttpApiBuilder.group(
    Api,
    "auth",
    Effect.fn(function* (handlers) {
      const accounts = yield* AccountService
      const bundles = yield* UserBundles
      return handlers
        .handle("login", ({ payload }) =>
          Effect.gen(function* () {
            const signedIn = yield* accounts.login({ ...payload, address: yield* clientAddress })
            // A new session id at every sign-in (decisions.md).
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
          Effect.as(accounts.resetPassword({ token: params.token, password: payload.password }), {
            message: "Your password has been reset. You can log in now.",
          }),
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
