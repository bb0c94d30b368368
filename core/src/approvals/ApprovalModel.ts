/**
 * Four eyes on admin money moves (issue 23): the commands a second admin approves, and a request's record.
 * The rules over them are in FourEyes.ts; the use cases in ApprovalService.ts.
 */
import { Schema } from "effect"
import { type FourEyesOperation, fourEyesOperations, fourEyesRuleOf } from "../access/AdminOperations.ts"
import { CurrencyType } from "../shared/Enums.ts"
import { MemberId } from "../shared/Ids.ts"

/**
 * Every admin command that may need a second admin, by the audit log's action name: the money-or-power
 * operations of the admin table (core/src/access/AdminOperations.ts) that may become a request.
 */
export const GatedCommands = fourEyesOperations as ReadonlyArray<FourEyesOperation>
export const GatedCommand = Schema.Literals(GatedCommands)
export type GatedCommand = FourEyesOperation

/** The money moves: a second admin only above the threshold of their currency (the table's `by-threshold`). */
export const MoneyCommands: ReadonlyArray<GatedCommand> = GatedCommands.filter(
  (c) => fourEyesRuleOf(c) === "by-threshold",
)

/**
 * The commands that change who acts or what members pay, or where they pay: a second admin whatever the
 * amount (the table's `always`).
 */
export const AlwaysCommands: ReadonlyArray<GatedCommand> = GatedCommands.filter(
  (c) => fourEyesRuleOf(c) === "always",
)

/**
 * pending → approved (executed once) | failed (approved, but the command refused when re-validated) |
 * rejected (by a second admin, or withdrawn by the requester) | expired (nobody decided in time).
 */
export const ApprovalStatuses = ["pending", "approved", "rejected", "expired", "failed"] as const
export const ApprovalStatus = Schema.Literals(ApprovalStatuses)
export type ApprovalStatus = typeof ApprovalStatus.Type

/** An amount in a currency's minor units (cents). */
export const ApprovalAmount = Schema.Struct({
  amountMinor: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  currency: CurrencyType,
})
export type ApprovalAmount = typeof ApprovalAmount.Type

/** An admin as the request names them: id, full name and email as the account read at the time. */
export const ApprovalAdmin = Schema.Struct({
  adminId: MemberId,
  name: Schema.String,
  email: Schema.String,
})
export type ApprovalAdmin = typeof ApprovalAdmin.Type

export const ApprovalRequest = Schema.Struct({
  requestId: Schema.String,
  command: GatedCommand,
  /** The command's parameters as given at request time: approving runs the command with exactly these. */
  params: Schema.Record(Schema.String, Schema.String),
  /** One line saying what the command does ("Record 250000 cents EUR as paid to mem_1"). */
  summary: Schema.String,
  /** The money moved, for money commands. */
  amount: Schema.optionalKey(ApprovalAmount),
  requestedBy: ApprovalAdmin,
  /** Epoch milliseconds. */
  requestedAt: Schema.Int,
  expiresAt: Schema.Int,
  status: ApprovalStatus,
  /** Who approved or rejected (absent while pending and for an expiry). */
  decidedBy: Schema.optionalKey(ApprovalAdmin),
  decidedAt: Schema.optionalKey(Schema.Int),
  /** A rejection's reason, or why the approved command was refused (failed). */
  reason: Schema.optionalKey(Schema.String),
  /** What the command answered when it ran (approved). */
  outcome: Schema.optionalKey(Schema.String),
})
export type ApprovalRequest = typeof ApprovalRequest.Type

/** What a command asks for when it needs a second admin. */
export interface ApprovalDraft {
  readonly command: GatedCommand
  readonly params: Readonly<Record<string, string>>
  readonly summary: string
  readonly amount?: ApprovalAmount
  readonly requestedBy: ApprovalAdmin
}

/** Which requests to list: every given field must match. */
export interface ApprovalFilter {
  readonly requestedBy?: MemberId
  readonly status?: ApprovalStatus
}

export const matchesApprovalFilter = (r: ApprovalRequest, filter: ApprovalFilter): boolean =>
  (filter.requestedBy === undefined || r.requestedBy.adminId === filter.requestedBy) &&
  (filter.status === undefined || r.status === filter.status)
