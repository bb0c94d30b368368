/** The mark of a restore drill's copy on PostgreSQL (`restore_drill`, migration 2900; settings/RestoreDrill.ts). */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const TABLE = "restore_drill"

/**
 * Marks the database as a drill's copy of `backup` (the table is made when a backup predates it), and forgets the
 * original's app processes the backup holds: their heartbeats are production's, not the drill's.
 */
export const markAsDrill = (backup: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`
      CREATE TABLE IF NOT EXISTS restore_drill (
        marked_at  timestamptz NOT NULL DEFAULT now(),
        backup     text NOT NULL
      )`
    yield* sql`INSERT INTO restore_drill (backup) VALUES (${backup})`
    const [processes] = yield* sql<{
      present: boolean
    }>`SELECT to_regclass('app_processes') IS NOT NULL AS present`
    if (processes?.present === true) yield* sql`DELETE FROM app_processes`
  })

/** The backup this database is a drill's copy of, if it is one. */
export const drillMark = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [table] = yield* sql<{ present: boolean }>`SELECT to_regclass(${TABLE}) IS NOT NULL AS present`
  if (table?.present !== true) return undefined
  const [mark] = yield* sql<{ backup: string }>`SELECT backup FROM restore_drill ORDER BY marked_at LIMIT 1`
  return mark?.backup
})
