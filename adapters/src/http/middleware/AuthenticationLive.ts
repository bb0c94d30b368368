/**
 * The Authentication middleware: the session cookie's session, if live, gives the handler its member (and
 * the account read with it, SignedInAccount). One round trip: the session and account are read together.
 * A refusal (no cookie, or a session that ended) answers 401 and, when the request carried the signed-in
 * marker, ends the marker too (handlers/SessionCookie.ts), so the web app stops asking for the user.
 */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { SIGNED_IN_COOKIE_NAME } from "@landunits/core/shared/Constants.ts"
import { Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { notSignedIn } from "../api/ApiErrors.ts"
import { Authentication, CurrentMember } from "../api/Authentication.ts"
import { clearSignedInMarker, type SessionCookieOptions } from "../handlers/SessionCookie.ts"
import { SignedInAccount } from "./SignedInAccount.ts"

/** Built with the cookie options, so that a refusal can end the signed-in marker with the same attributes. */
export const AuthenticationLive = (cookies: SessionCookieOptions) =>
  Layer.effect(Authentication)(
    Effect.gen(function* () {
      const accounts = yield* AccountService
      const refuse = Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        if (request.cookies[SIGNED_IN_COOKIE_NAME] !== undefined) yield* clearSignedInMarker(cookies)
        return yield* notSignedIn()
      })
      return Authentication.of({
        session: (httpEffect, { credential }) =>
          Effect.gen(function* () {
            const sessionId = Redacted.value(credential)
            if (sessionId === "") return yield* refuse
            const found = yield* accounts.currentSession(sessionId)
            if (Option.isNone(found)) return yield* refuse
            const { account } = found.value
            return yield* httpEffect.pipe(
              Effect.provideService(CurrentMember, {
                memberId: account.memberId,
                sessionId,
                role: account.role,
              }),
              Effect.provideService(SignedInAccount, Option.some(account)),
            )
          }),
      })
    }),
  )
