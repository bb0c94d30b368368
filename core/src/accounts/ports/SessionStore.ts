import { Context, Effect, Layer, Option } from "effect"
import type { MemberId } from "../../shared/Ids.ts"
import type { Session } from "../AccountModel.ts"

/**
 * Port: server-side sessions. `get` answers a session only before its expiry (`now` given by the caller).
 * A session is found by its secret id (the cookie) or, by its owner in settings, by its public `ref`.
 */
export class SessionStore extends Context.Service<
  SessionStore,
  {
    readonly create: (session: Session) => Effect.Effect<void>
    readonly get: (sessionId: string, now: number) => Effect.Effect<Option.Option<Session>>
    readonly remove: (sessionId: string) => Effect.Effect<void>
    /** Signs the member out everywhere (after a password reset or change). */
    readonly removeAllOf: (memberId: MemberId) => Effect.Effect<void>
    /** The member's live sessions, the most recently seen first. */
    readonly listOf: (memberId: MemberId, now: number) => Effect.Effect<ReadonlyArray<Session>>
    /** Ends every session of the member but `keep` (settings' "sign out all others"). */
    readonly removeOthers: (memberId: MemberId, keep: string) => Effect.Effect<void>
    /** Ends the member's session with this public ref; answers whether there was one. */
    readonly removeByRef: (memberId: MemberId, ref: string) => Effect.Effect<boolean>
    /** Records a request on the session (its last seen time). */
    readonly touch: (sessionId: string, now: number) => Effect.Effect<void>
    /** Records a second factor given on the session (sign-in or step-up). */
    readonly markSecondFactor: (sessionId: string, now: number) => Effect.Effect<void>
  }
>()("@landunits/core/accounts/ports/SessionStore") {
  static readonly layerMemory = Layer.sync(SessionStore)(() => {
    const sessions = new Map<string, Session>()
    const update = (sessionId: string, change: (s: Session) => Session) =>
      Effect.sync(() => {
        const found = sessions.get(sessionId)
        if (found !== undefined) sessions.set(sessionId, change(found))
      })
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
      listOf: (memberId, now) =>
        Effect.sync(() =>
          [...sessions.values()]
            .filter((s) => s.memberId === memberId && s.expiresAt > now)
            .sort((a, b) => (b.lastSeenAt ?? b.createdAt) - (a.lastSeenAt ?? a.createdAt)),
        ),
      removeOthers: (memberId, keep) =>
        Effect.sync(() => {
          for (const [id, s] of sessions) if (s.memberId === memberId && id !== keep) sessions.delete(id)
        }),
      removeByRef: (memberId, ref) =>
        Effect.sync(() => {
          for (const [id, s] of sessions) {
            if (s.memberId === memberId && s.ref === ref) return sessions.delete(id)
          }
          return false
        }),
      touch: (sessionId, now) => update(sessionId, (s) => ({ ...s, lastSeenAt: now })),
      markSecondFactor: (sessionId, now) => update(sessionId, (s) => ({ ...s, secondFactorAt: now })),
    }
  })
}
