/**
 * The rules every signed-in request applies to the session it read, whatever was read with it (the account alone,
 * SignedInAccounts; or the member's records too, SignedInMembers): a disabled member's sessions are over, and the
 * session's last-seen time is written at most every LAST_SEEN_RESOLUTION_MS (not on every request).
 */
import { Effect, Option } from "effect"
import type { Account, Session } from "./AccountModel.ts"
import type { SessionStore } from "./ports/SessionStore.ts"

/** A session's last-seen time is written at most this often (not on every request). */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60_000

export const admitSession = Effect.fnUntraced(function* <
  A extends { readonly session: Session; readonly account: Account },
>(sessions: SessionStore["Service"], sessionId: string, found: Option.Option<A>, at: number) {
  const live = Option.filter(found, (f) => f.account.disabledAt === undefined)
  if (Option.isSome(live)) {
    const seen = live.value.session.lastSeenAt ?? live.value.session.createdAt
    if (at - seen >= LAST_SEEN_RESOLUTION_MS) yield* sessions.touch(sessionId, at)
  }
  return live
})
