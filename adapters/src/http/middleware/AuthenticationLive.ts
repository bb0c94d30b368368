/** The Authentication middleware: the session cookie's session, if live, gives the handler its member. */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { Effect, Layer, Option, Redacted } from "effect"
import { notSignedIn } from "../api/ApiErrors.ts"
import { Authentication, CurrentMember } from "../api/Authentication.ts"

export const AuthenticationLive = Layer.effect(Authentication)(
  Effect.gen(function* () {
    const accounts = yield* AccountService
    return Authentication.of({
      session: (httpEffect, { credential }) =>
        Effect.gen(function* () {
          const sessionId = Redacted.value(credential)
          if (sessionId === "") return yield* notSignedIn()
          const found = yield* accounts.currentSession(sessionId)
          if (Option.isNone(found)) return yield* notSignedIn()
          return yield* Effect.provideService(httpEffect, CurrentMember, {
            memberId: found.value.account.memberId,
            sessionId,
            role: found.value.account.role,
          })
        }),
    })
  }),
)
