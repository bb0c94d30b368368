/**
 * The session use cases (AccountService.ts): the member's live sessions, ending one, the others or the current
 * one, and the session a request carries, judged by the session rules (SessionAdmission.ts).
 */
import { Clock, Effect, Option } from "effect"
import type { MemberId } from "../shared/Ids.ts"
import { SessionStore } from "./ports/SessionStore.ts"
import { SignedInAccounts } from "./ports/SignedInAccounts.ts"
import { admitSession } from "./SessionAdmission.ts"

/** A session as its member sees it in settings. */
export interface SessionView {
  readonly ref: string
  readonly device: string
  readonly createdAt: number
  readonly lastSeenAt: number
  readonly current: boolean
}

export const makeAccountSessions = Effect.gen(function* () {
  const sessions = yield* SessionStore
  const signedIn = yield* SignedInAccounts
  const now = Clock.currentTimeMillis

  const sessionsOf = Effect.fn("AccountService.sessionsOf")(function* (
    memberId: MemberId,
    currentSessionId: string,
  ) {
    const current = yield* sessions.get(currentSessionId, yield* now)
    const currentRef = Option.isSome(current) ? current.value.ref : undefined
    return (yield* sessions.listOf(memberId, yield* now)).map((s) => ({
      ref: s.ref ?? "",
      device: s.device ?? "Unknown device",
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt ?? s.createdAt,
      current: s.ref !== undefined && s.ref === currentRef,
    }))
  })

  const endSession = (memberId: MemberId, ref: string) => sessions.removeByRef(memberId, ref)

  const endOtherSessions = (memberId: MemberId, currentSessionId: string) =>
    sessions.removeOthers(memberId, currentSessionId)

  const logout = (sessionId: string) => sessions.remove(sessionId)

  const currentSession = Effect.fn("AccountService.currentSession")(function* (sessionId: string) {
    // One read of the session with its account (SignedInAccounts), judged by the session rules.
    const at = yield* now
    return yield* admitSession(sessions, sessionId, yield* signedIn.find(sessionId, at), at)
  })
  return { sessionsOf, endSession, endOtherSessions, logout, currentSession }
})
