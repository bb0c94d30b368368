import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { Session } from "../AccountModel.ts"

/** Port: server-side sessions. `get` answers a session only before its expiry (`now` given by the caller). */
export class SessionStore extends Context.Service<
  SessionStore,
  {
    readonly create: (session: Session) => Effect.Effect<void>
    readonly get: (sessionId: string, now: number) => Effect.Effect<Option.Option<Session>>
    readonly remove: (sessionId: string) => Effect.Effect<void>
    /** Signs the member out everywhere (after a password reset or change). */
    readonly removeAllOf: (memberId: MemberId) => Effect.Effect<void>
  }
>()("@landunits/core/accounts/ports/SessionStore") {
  static readonly layerMemory = Layer.sync(SessionStore)(() => {
    const sessions = new Map<string, Session>()
    return {
      create: (session) =>
        Effect.sync(() => {
          sessions.set(session.sessionId, session)
        }),
      get: (sessionId, now) =>
        Effect.sync(() =>
          Option.filter(Option.fromNullishOr(sessions.get(sessionId)), (s) => s.expiresAt > now),
        ),
      remove: (sessionId) =>
        Effect.sync(() => {
          sessions.delete(sessionId)
        }),
      removeAllOf: (memberId) =>
        Effect.sync(() => {
          for (const [id, s] of sessions) if (s.memberId === memberId) sessions.delete(id)
        }),
    }
  })
}
