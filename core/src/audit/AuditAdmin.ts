/** The admins' read of the audit log (`landunits audit show`, issue 37): newest first, filtered. */
import { Effect } from "effect"
import { DAY_MS, dayStart, wholeNumber } from "../access/AdminUseCase.ts"
import { memberNamed } from "../accounts/MembersAdmin.ts"
import { MemberId } from "../shared/Ids.ts"
import { AuditLog } from "./ports/AuditLog.ts"

/**
 * The entries by actor (an admin's email or id, or `os:<name>` for bootstrap work), action, subject, days (from
 * the start of `from` to the end of `to`, UTC), newest first, at most `limit`.
 */
export const showAudit = Effect.fn("AuditAdmin.show")(function* (filter: {
  readonly actor?: string | undefined
  readonly action?: string | undefined
  readonly subject?: string | undefined
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly limit: string
}) {
  const actor =
    filter.actor === undefined
      ? undefined
      : filter.actor.startsWith("os:")
        ? MemberId.make(filter.actor)
        : (yield* memberNamed(filter.actor)).memberId
  const from = filter.from === undefined ? undefined : yield* dayStart("--from", filter.from)
  const to = filter.to === undefined ? undefined : (yield* dayStart("--to", filter.to)) + DAY_MS
  const limit = yield* wholeNumber("--limit", filter.limit, 1)
  const entries = yield* (yield* AuditLog).list({
    ...(actor === undefined ? {} : { actor }),
    ...(filter.action === undefined ? {} : { action: filter.action }),
    ...(filter.subject === undefined ? {} : { subject: filter.subject }),
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  })
  return entries.toReversed().slice(0, limit)
})
