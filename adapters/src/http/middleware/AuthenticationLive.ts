/**
 * The Authentication middleware: the session cookie's session, if live, gives the handler its member (and
 * the account read with it, SignedInAccount). One round trip: the session and account are read together; on an
 * endpoint marked WithOwnRecords (GET /user) the member's own records are read in that same statement and handed
 * over too (SignedInOwnRecords).
 * A refusal (no cookie, or a session that ended) answers 401 and, when the request carried the signed-in
 * marker, ends the marker too (handlers/SessionCookie.ts), so the web app stops asking for the user.
 */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import type { OwnRecords } from "@landunits/core/members/ports/SignedInMembers.ts"
import { SignedInMemberService } from "@landunits/core/members/SignedInMemberService.ts"
import { SIGNED_IN_COOKIE_NAME } from "@landunits/core/shared/Constants.ts"
import { Context, Effect, Layer, Option, Redacted } from "effect"
import { HttpServerRequest } from "effect/http"
import { notSignedIn } from "../api/ApiErrors.ts"
import { Authentication, CurrentMember, WithOwnRecords } from "../api/Authentication.ts"
import { clearSignedInMarker, type SessionCookieOptions } from "../handlers/SessionCookie.ts"
import { SignedInAccount, SignedInOwnRecords } from "./SignedInAccount.ts"

/** Built with the cookie options, so that a refusal can end the signed-in marker with the same attributes. */
export const AuthenticationLive = (cookies: SessionCookieOptions) =>
  Layer.effect(Authentication)(
    Effect.gen(function* () {
      const accounts = yield* AccountService
      const members = yield* SignedInMemberService
      const refuse = Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        if (request.cookies[SIGNED_IN_COOKIE_NAME] !== undefined) yield* clearSignedInMarker(cookies)
        return yield* notSignedIn()
      })
      /** The session's account, and the member's own records when the endpoint shows them: one read either way. */
      const signedIn = (sessionId: string, withRecords: boolean) =>
        withRecords
          ? Effect.map(
              members.current(sessionId),
              Option.map(({ account, records }) => ({ account, records: Option.some(records) })),
            )
          : Effect.map(
              accounts.currentSession(sessionId),
              Option.map(({ account }) => ({ account, records: Option.none<OwnRecords>() })),
            )
      return Authentication.of({
        session: (httpEffect, { credential, endpoint }) =>
          Effect.gen(function* () {
            const sessionId = Redacted.value(credential)
            if (sessionId === "") return yield* refuse
            const found = yield* signedIn(
              sessionId,
              Context.getOrElse(endpoint.annotations, WithOwnRecords, () => false),
            )
            if (Option.isNone(found)) return yield* refuse
            const { account, records } = found.value
            return yield* httpEffect.pipe(
              Effect.provideService(CurrentMember, {
                memberId: account.memberId,
                sessionId,
                role: account.role,
              }),
              Effect.provideService(SignedInAccount, Option.some(account)),
              Effect.provideService(SignedInOwnRecords, records),
            )
          }),
      })
    }),
  )
