import { Clock, Effect } from "effect"
import type { MemberId } from "../shared/Ids.ts"
import type { AuditEntry } from "./AuditModel.ts"
import { AuditLog } from "./ports/AuditLog.ts"

/** Writes one audit entry stamped with the Clock's time: who (`actor`), what (`action`, `details`), on what. */
export const recordAudit = Effect.fn("Audit.record")(function* (
  actor: MemberId,
  action: string,
  subject: string,
  details: Readonly<Record<string, string>> = {},
): Effect.fn.Return<AuditEntry, never, AuditLog> {
  const log = yield* AuditLog
  const at = yield* Clock.currentTimeMillis
  return yield* log.append({ actor, action, subject, details: { ...details }, at })
})
