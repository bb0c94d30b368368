/**
 * The audit log's entries: every admin action, with who, when and what (decisions.md, Members, KYC, roles).
 */
import { Schema } from "effect"
import { MemberId } from "../shared/Ids.ts"

/** Actions written by the contexts of this package. Other contexts add their own `context.verb` names. */
export const AuditAction = {
  kycApproved: "kyc.approve",
  kycRejected: "kyc.reject",
  kycDocumentRead: "kyc.document.read",
  voteCreated: "governance.vote.create",
  voteClosed: "governance.vote.close",
  agentApproved: "community.agent.approve",
  agentRejected: "community.agent.reject",
  ideaStatusSet: "community.idea.setStatus",
} as const

/** What an admin did, before the log numbers it. */
export const AuditDraft = Schema.Struct({
  /** The admin (or member) who acted. */
  actor: MemberId,
  /** `context.verb`, e.g. "kyc.approve". */
  action: Schema.String.check(Schema.isMinLength(1)),
  /** What was acted on, e.g. "member:mem_1", "vote:vote_2". */
  subject: Schema.String.check(Schema.isMinLength(1)),
  /** Free-form facts of the action (the reason given, the new status…), as text. */
  details: Schema.Record(Schema.String, Schema.String),
  /** Epoch milliseconds, from Effect's Clock. */
  at: Schema.Int,
})
export type AuditDraft = typeof AuditDraft.Type

/** An appended entry: the draft and its position in the log (1, 2, 3…, assigned by the store). */
export const AuditEntry = Schema.Struct({
  ...AuditDraft.fields,
  sequence: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
})
export type AuditEntry = typeof AuditEntry.Type

/** Every field is optional; the entries kept match all the fields given. `from` inclusive, `to` exclusive. */
export const AuditFilter = Schema.Struct({
  actor: Schema.optionalKey(MemberId),
  action: Schema.optionalKey(Schema.String),
  subject: Schema.optionalKey(Schema.String),
  from: Schema.optionalKey(Schema.Int),
  to: Schema.optionalKey(Schema.Int),
})
export type AuditFilter = typeof AuditFilter.Type

export const matchesAuditFilter = (entry: AuditEntry, filter: AuditFilter): boolean =>
  (filter.actor === undefined || entry.actor === filter.actor) &&
  (filter.action === undefined || entry.action === filter.action) &&
  (filter.subject === undefined || entry.subject === filter.subject) &&
  (filter.from === undefined || entry.at >= filter.from) &&
  (filter.to === undefined || entry.at < filter.to)

/** The subject names used in audit entries. */
export const auditSubject = {
  member: (id: string) => `member:${id}`,
  vote: (id: string) => `vote:${id}`,
  agentApplication: (id: string) => `agentApplication:${id}`,
  idea: (id: string) => `idea:${id}`,
} as const
