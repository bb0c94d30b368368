/** The audit entry of an applied pricing operation (PricingAdmin.ts): who, how, what changed, and the approval. */
import { Clock, Effect } from "effect"
import type { ActingAdmin, ApprovalFacts } from "../access/AdminOperationRunner.ts"
import { AuditLog } from "../audit/ports/AuditLog.ts"

export const audit = (
  acting: ActingAdmin,
  action: string,
  subject: string,
  details: Record<string, string>,
  facts: ApprovalFacts,
) =>
  Effect.gen(function* () {
    yield* (yield* AuditLog).append({
      actor: acting.admin.adminId,
      action,
      subject,
      details: { ...details, ...facts, via: acting.via, osUser: acting.osUser },
      at: yield* Clock.currentTimeMillis,
    })
  })
