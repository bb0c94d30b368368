/**
 * Four eyes on admin money moves in the CLI (core/src/approvals, docs/operations.md "Four eyes"): a gated
 * command asks core's gate; when a second admin is needed it files a request with the parameters it would run
 * with, audits it, and answers `AwaitingApproval` (printed by runCommand, exit code 3) instead of acting.
 * `landunits approvals approve` later runs the same command's `apply` with those parameters as the approver.
 */
import type {
  ApprovalAdmin,
  ApprovalAmount,
  ApprovalRequest,
  GatedCommand,
} from "@landunits/core/approvals/ApprovalModel.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { Effect } from "effect"
import { type AdminOperator, audit } from "./Operator.ts"

/** A gated command's answer when it became a request: nothing was changed yet. */
export class AwaitingApproval {
  readonly request: ApprovalRequest
  constructor(request: ApprovalRequest) {
    this.request = request
  }
}

/** The four-eyes facts an approved command's audit entry carries beside its own: both admins and both times. */
export type ApprovalFacts = Readonly<Record<string, string>>

/** An admin as a request names them. */
export const approvalAdminOf = (operator: AdminOperator): ApprovalAdmin => ({
  adminId: operator.orderActor.adminId,
  name: operator.orderActor.name,
  email: operator.orderActor.email,
})

/** What a gated command would do, as the request records it. */
export interface GatedSpec {
  readonly command: GatedCommand
  /** The parameters `apply` needs, as text: approving runs the command with exactly these. */
  readonly params: Readonly<Record<string, string>>
  readonly summary: string
  readonly amount?: ApprovalAmount
  readonly newThreshold?: ApprovalAmount
}

/**
 * Runs `apply` at once when core's gate allows it (below the threshold, a single-admin installation…);
 * otherwise files a request a second admin approves, audited as `approvals.request`, and answers it.
 */
export const fourEyes = <A, E, R>(operator: AdminOperator, spec: GatedSpec, apply: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const approvals = yield* ApprovalService
    const decision = yield* approvals.gate({
      command: spec.command,
      ...(spec.amount === undefined ? {} : { amount: spec.amount }),
      ...(spec.newThreshold === undefined ? {} : { newThreshold: spec.newThreshold }),
    })
    if (decision._tag === "Direct") return yield* apply
    const request = yield* approvals.request({
      command: spec.command,
      params: spec.params,
      summary: spec.summary,
      ...(spec.amount === undefined ? {} : { amount: spec.amount }),
      requestedBy: approvalAdminOf(operator),
    })
    yield* audit(operator, "approvals.request", `approval:${request.requestId}`, {
      command: request.command,
      summary: request.summary,
      why: decision.why,
      requestedBy: request.requestedBy.email,
      requestedAt: new Date(request.requestedAt).toISOString(),
      ...(request.amount === undefined
        ? {}
        : { amountMinor: String(request.amount.amountMinor), currency: request.amount.currency }),
    })
    return new AwaitingApproval(request)
  })

/** The line a filed request prints. */
export const awaitingLine = (request: ApprovalRequest) =>
  `Awaiting a second admin: request ${request.requestId} (${request.summary}). ` +
  `Another admin approves it with: landunits approvals approve ${request.requestId}`
