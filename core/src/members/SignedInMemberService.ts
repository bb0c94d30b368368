import { Clock, Context, Effect, Layer, type Option } from "effect"
import { SessionStore } from "../accounts/ports/SessionStore.ts"
import { admitSession } from "../accounts/SessionAdmission.ts"
import { type SignedInMember, SignedInMembers } from "./ports/SignedInMembers.ts"

/**
 * The signed-in member with their own records, for the request that shows them (GET /user): one read
 * (SignedInMembers) where AccountService.currentSession and the record reads after it would take three, judged by
 * the same session rules (SessionAdmission: a disabled member's sessions are over; last seen kept to a few minutes).
 * Nothing is kept between requests, so a logout or a disable shows at once on every process.
 */
export class SignedInMemberService extends Context.Service<
  SignedInMemberService,
  { readonly current: (sessionId: string) => Effect.Effect<Option.Option<SignedInMember>> }
>()("@landunits/core/members/SignedInMemberService") {
  static readonly layer = Layer.effect(SignedInMemberService)(
    Effect.gen(function* () {
      const members = yield* SignedInMembers
      const sessions = yield* SessionStore
      return SignedInMemberService.of({
        current: Effect.fn("SignedInMemberService.current")(function* (sessionId) {
          const at = yield* Clock.currentTimeMillis
          return yield* admitSession(sessions, sessionId, yield* members.find(sessionId, at), at)
        }),
      })
    }),
  )
}
