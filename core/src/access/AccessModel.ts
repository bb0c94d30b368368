/**
 * Who is asking. Every use case that reads or changes a member's data takes the Actor; the composition root
 * (HTTP session, CLI sign-in) builds it. Admins are members with the admin role (decisions.md); community
 * agents are not a role of the Actor but a fact kept by the community context (AgentStore).
 */
import { Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"

export const Actor = Schema.Struct({
  memberId: MemberId,
  isAdmin: Schema.Boolean,
  /**
   * The session the member acts on (the HTTP composition root sets it from the session cookie). Absent for the
   * CLI and in-process callers: a member's step-up (MemberGuard) is then never met, so without a session a
   * member with a second factor cannot move Units out or change their security.
   */
  sessionId: Schema.optionalKey(Schema.String),
})
export type Actor = typeof Actor.Type

export const memberActor = (memberId: MemberId, sessionId?: string): Actor =>
  sessionId === undefined ? { memberId, isAdmin: false } : { memberId, isAdmin: false, sessionId }
export const adminActor = (memberId: MemberId): Actor => ({ memberId, isAdmin: true })

/** The owner of the data, or an admin. */
export const isOwnerOrAdmin = (actor: Actor, owner: MemberId): boolean =>
  actor.isAdmin || actor.memberId === owner
