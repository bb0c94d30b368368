/**
 * The Authentication middleware: the session cookie's session, if live, gives the handler its member (and
 * the account read with it, SignedInAccount). One round trip: the session and account are read together.
 */
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { Effect, Layer, Option, Redacted } from "effect"
import { notSignedIn } from "../api/ApiErrors.ts"
import { Authentication, CurrentMember } from "../api/Authentication.ts"
import { SignedInAccount } from "./SignedInAccount.ts"

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
