/**
 * How a money-or-power admin operation runs (AdminOperations.ts has the classes): one path for every one of
 * them. The operation's use case is given as a handler, by name, in a record that must cover every operation
 * that may become a request (`OperationHandlers`: a missing one is a type error).
 *
 * `perform`: the handler prepares the parameters (validated and fixed: a price's base day, today when not
 * given); core's four-eyes gate decides by the operation's rule; either the change runs now, or it is filed as a
 * request with those parameters and nothing changes. `approve`: another admin approves; the same handler
 * applies the recorded parameters, inside the request's decision (ApprovalService.approve), as the approver.
 */
import { Clock, Effect, Schema } from "effect"
import type { ApprovalAdmin, ApprovalAmount, ApprovalRequest } from "../approvals/ApprovalModel.ts"
import { ApprovalService } from "../approvals/ApprovalService.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"
import { type FourEyesOperation, fourEyesRuleOf } from "./AdminOperations.ts"

export class AdminOperationRefused extends Schema.TaggedError<AdminOperationRefused>()(
  "AdminOperationRefused",
  { message: Schema.String },
  { httpApiStatus: 422 },
) {}

/** The admin acting, as the audit log records them: the account, and where from (the OS user of the shell). */
export interface ActingAdmin {
  readonly admin: ApprovalAdmin
  readonly via: string
  readonly osUser: string
}

/** The four-eyes facts an approved change's audit entry carries beside its own: both admins and both times. */
export type ApprovalFacts = Readonly<Record<string, string>>

export type OperationParams = Readonly<Record<string, string>>

/** What an operation would do, once its parameters are checked. */
export interface Prepared {
  /** The parameters as a request records them: approving applies exactly these. */
  readonly params: OperationParams
  /** One line saying what it does ("Set EUR → GBP on 2026-11-23 to 9.000000"). */
  readonly summary: string
  /** `by-threshold`: the money it moves. */
  readonly amount?: ApprovalAmount
  /** `when-raised`: the threshold asked for. */
  readonly newThreshold?: ApprovalAmount
  /** A question the admin answers before it acts or asks (replacing a bank account…). */
  readonly confirm?: string
  /** It was done already: applying answers the first result (an idempotent repeat), nobody needs to approve. */
  readonly repeat?: boolean
}

export interface OperationHandler<A = unknown> {
  readonly prepare: (params: OperationParams) => Effect.Effect<Prepared, unknown, unknown>
  /** Re-validates and applies `params` as `acting`, with `facts` in its audit entry. */
  readonly apply: (
    acting: ActingAdmin,
    params: OperationParams,
    facts: ApprovalFacts,
  ) => Effect.Effect<A, unknown, unknown>
  /** Before an approved request applies: refuses what happened meanwhile (a payout paid). */
  readonly recheck?: (params: OperationParams) => Effect.Effect<void, unknown, unknown>
  /** The line its result prints, and a request's outcome. */
  readonly outcome: (a: A) => string
}

// biome-ignore lint/suspicious/noExplicitAny: each handler has its own result type
export type OperationHandlers = Readonly<Record<FourEyesOperation, OperationHandler<any>>>

export type Performed =
  | { readonly _tag: "Done"; readonly value: unknown; readonly line: string }
  | { readonly _tag: "Requested"; readonly request: ApprovalRequest }

const auditAs = (acting: ActingAdmin, action: string, subject: string, details: Record<string, string>) =>
  Effect.gen(function* () {
    yield* (yield* AuditLog).append({
      actor: acting.admin.adminId,
      action,
      subject,
      details: { ...details, via: acting.via, osUser: acting.osUser },
      at: yield* Clock.currentTimeMillis,
    })
  })

/** Both admins and both times, beside the change's own audit details. */
export const approvalFacts = (
  request: ApprovalRequest,
  approver: ApprovalAdmin,
  at: number,
): ApprovalFacts => ({
  approvalRequest: request.requestId,
  requestedBy: request.requestedBy.email,
  requestedAt: new Date(request.requestedAt).toISOString(),
  approvedBy: approver.email,
  approvedAt: new Date(at).toISOString(),
})

/**
 * Runs `name` with `params` as `acting`: at once when the gate allows it (below the threshold, one admin…),
 * otherwise files a request (audited `approvals.request`) and changes nothing. `ask` puts the handler's
 * question to the admin (the CLI's --yes or terminal).
 */
export const perform = (
  handlers: OperationHandlers,
  acting: ActingAdmin,
  name: FourEyesOperation,
  params: OperationParams,
  ask: (question: string) => Effect.Effect<void, unknown, unknown>,
): Effect.Effect<Performed, unknown, unknown> =>
  Effect.gen(function* () {
    const handler = handlers[name]
    const prepared = yield* handler.prepare(params)
    const applyNow = Effect.map(handler.apply(acting, prepared.params, {}), (value) => ({
      _tag: "Done" as const,
      value,
      line: handler.outcome(value),
    }))
    if (prepared.repeat === true) return yield* applyNow
    if (prepared.confirm !== undefined) yield* ask(prepared.confirm)
    const approvals = yield* ApprovalService
    const decision = yield* approvals.gate({
      command: name,
      ...(prepared.amount === undefined ? {} : { amount: prepared.amount }),
      ...(prepared.newThreshold === undefined ? {} : { newThreshold: prepared.newThreshold }),
    })
    if (decision._tag === "Direct") return yield* applyNow
    const request = yield* approvals.request({
      command: name,
      params: prepared.params,
      summary: prepared.summary,
      ...(prepared.amount === undefined ? {} : { amount: prepared.amount }),
      requestedBy: acting.admin,
    })
    yield* auditAs(acting, "approvals.request", `approval:${request.requestId}`, {
      command: request.command,
      rule: fourEyesRuleOf(name),
      summary: request.summary,
      why: decision.why,
      requestedBy: request.requestedBy.email,
      requestedAt: new Date(request.requestedAt).toISOString(),
      ...(request.amount === undefined
        ? {}
        : { amountMinor: String(request.amount.amountMinor), currency: request.amount.currency }),
    })
    return { _tag: "Requested" as const, request }
  })

/**
 * Another admin approves `requestId`: its operation's handler applies the recorded parameters as the approver,
 * in the decision's transaction; a refusal marks the request failed with the reason. Audited
 * `approvals.approve` or `approvals.fail`.
 */
export const approve = (handlers: OperationHandlers, acting: ActingAdmin, requestId: string) =>
  Effect.gen(function* () {
    const approvals = yield* ApprovalService
    const at = yield* Clock.currentTimeMillis
    const decided = yield* approvals.approve(requestId, acting.admin, (request) =>
      Effect.gen(function* () {
        const handler = handlers[request.command]
        if (handler.recheck !== undefined) yield* handler.recheck(request.params)
        const value = yield* handler.apply(acting, request.params, approvalFacts(request, acting.admin, at))
        return handler.outcome(value)
      }),
    )
    yield* auditAs(
      acting,
      decided.status === "approved" ? "approvals.approve" : "approvals.fail",
      `approval:${requestId}`,
      {
        command: decided.command,
        summary: decided.summary,
        requestedBy: decided.requestedBy.email,
        requestedAt: new Date(decided.requestedAt).toISOString(),
        approvedBy: acting.admin.email,
        approvedAt: new Date(decided.decidedAt ?? at).toISOString(),
        ...(decided.reason === undefined ? {} : { reason: decided.reason }),
      },
    )
    if (decided.status === "failed") {
      return yield* new AdminOperationRefused({
        message: `${decided.reason ?? "the command refused"}. Request ${requestId} is marked failed.`,
      })
    }
    return decided
  })
