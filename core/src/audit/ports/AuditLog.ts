import { Context, Effect, Layer } from "effect"
import { type AuditDraft, type AuditEntry, type AuditFilter, matchesAuditFilter } from "../AuditModel.ts"

/**
 * Port: the append-only audit log. `append` numbers the entry (1, 2, 3… in append order) and returns it;
 * there is no update and no delete. `list` answers the matching entries oldest first.
 */
export class AuditLog extends Context.Service<
  AuditLog,
  {
    readonly append: (draft: AuditDraft) => Effect.Effect<AuditEntry>
    readonly list: (filter: AuditFilter) => Effect.Effect<ReadonlyArray<AuditEntry>>
  }
>()("@landunits/core/audit/ports/AuditLog") {
  /** In memory: the reference implementation for the PostgreSQL adapter's contract tests. */
  static readonly layerMemory = Layer.effect(AuditLog)(
    Effect.sync(() => {
      const entries: Array<AuditEntry> = []
      return AuditLog.of({
        append: (draft) =>
          Effect.sync(() => {
            const entry: AuditEntry = {
              ...draft,
              details: { ...draft.details },
              sequence: entries.length + 1,
            }
            entries.push(entry)
            return entry
          }),
        list: (filter) => Effect.sync(() => entries.filter((e) => matchesAuditFilter(e, filter))),
      })
    }),
  )
}
