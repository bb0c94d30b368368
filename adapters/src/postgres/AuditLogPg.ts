/** AuditLog on PostgreSQL: `sequence` numbers entries in append order; a trigger keeps the table append-only. */
import type { AuditEntry } from "@landunits/core/audit/AuditModel.ts"
import { AuditLog } from "@landunits/core/audit/ports/AuditLog.ts"
import { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

interface AuditRow {
  readonly sequence: string | number
  readonly actor: string
  readonly action: string
  readonly subject: string
  readonly details: Record<string, string>
  readonly at: string | number
}

const toEntry = (row: AuditRow): AuditEntry => ({
  sequence: Number(row.sequence),
  actor: MemberId.make(row.actor),
  action: row.action,
  subject: row.subject,
  details: row.details,
  at: Number(row.at),
})

export const AuditLogPg = Layer.effect(AuditLog)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return AuditLog.of({
      append: (draft) =>
        sql<AuditRow>`
          INSERT INTO audit_log (actor, action, subject, details, at)
          VALUES (${draft.actor}, ${draft.action}, ${draft.subject}, ${JSON.stringify(draft.details)}::jsonb, ${draft.at})
          RETURNING sequence, actor, action, subject, details, at`.pipe(
          Effect.map((rows) => toEntry(rows[0]!)),
          Effect.orDie,
        ),
      list: (filter) => {
        const clauses = [
          ...(filter.actor === undefined ? [] : [sql`actor = ${filter.actor}`]),
          ...(filter.action === undefined ? [] : [sql`action = ${filter.action}`]),
          ...(filter.subject === undefined ? [] : [sql`subject = ${filter.subject}`]),
          ...(filter.from === undefined ? [] : [sql`at >= ${filter.from}`]),
          ...(filter.to === undefined ? [] : [sql`at < ${filter.to}`]),
        ]
        const where = clauses.length === 0 ? sql`true` : sql.and(clauses)
        return sql<AuditRow>`
          SELECT sequence, actor, action, subject, details, at FROM audit_log WHERE ${where} ORDER BY sequence`.pipe(
          Effect.map((rows) => rows.map(toEntry)),
          Effect.orDie,
        )
      },
    })
  }),
)
