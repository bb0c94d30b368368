/**
 * The admin CLI's commands, counted in the database (`admin_command_counts`, migration 2900): each command that
 * runs adds one to its operation's row for its outcome (cli/src/Admin.ts), and the metrics' scrape reads the
 * counts (`landunits_admin_commands_total`, observability/ScrapeReads.ts). The CLI is a process of a few seconds with no
 * metrics port, so its counts are kept where every app process can read them.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** How an admin command ended: done, filed for a second admin, refused, waiting for --yes, or a bug. */
export type AdminCommandOutcome = "ok" | "awaiting-approval" | "refused" | "confirmation-required" | "defect"

/** Adds one to `operation`'s count for `outcome`; never fails (a count is not worth a command's answer). */
export const countAdminCommand = (operation: string, outcome: AdminCommandOutcome) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql`
      INSERT INTO admin_command_counts (operation, outcome, count) VALUES (${operation}, ${outcome}, 1)
      ON CONFLICT (operation, outcome) DO UPDATE SET count = admin_command_counts.count + 1, last_at = now()`,
  ).pipe(
    Effect.asVoid,
    Effect.catchCause((cause) => Effect.logDebug("The admin command was not counted", cause)),
  )

export interface AdminCommandCount {
  readonly operation: string
  readonly outcome: string
  readonly count: number
}

/** Every operation's counts by outcome. */
export const readAdminCommandCounts = Effect.flatMap(
  SqlClient.SqlClient,
  (sql) => sql<{ operation: string; outcome: string; count: string }>`
    SELECT operation, outcome, count FROM admin_command_counts ORDER BY operation, outcome`,
).pipe(
  Effect.map(
    (rows): ReadonlyArray<AdminCommandCount> =>
      rows.map((r) => ({ operation: r.operation, outcome: r.outcome, count: Number(r.count) })),
  ),
)
