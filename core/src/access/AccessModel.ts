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
})
export type Actor = typeof Actor.Type

export const memberActor = (memberId: MemberId): Actor => ({ memberId, isAdmin: false })
export const adminActor = (memberId: MemberId): Actor => ({ memberId, isAdmin: true })

/** The owner of the data, or an admin. */
export const isOwnerOrAdmin = (actor: Actor, owner: MemberId): boolean =>
  actor.isAdmin || actor.memberId === owner
