/** This process's connections in `pg_stat_activity`, by the application name it announces (observability/DatabasePoolMetrics.ts). */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { APPLICATION_NAME } from "../observability/DatabasePoolMetrics.ts"

/** This process's connections as the database sees them, but the one asking. */
export const readPoolConnections = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ open: number; in_use: number }>`
    SELECT count(*)::int AS open,
           count(*) FILTER (WHERE state IS DISTINCT FROM 'idle')::int AS in_use
    FROM pg_stat_activity
    WHERE application_name = ${APPLICATION_NAME} AND pid <> pg_backend_pid()`
  // The connection asking is open, and in use only for this statement.
  return { open: Number(row?.open ?? 0) + 1, inUse: Number(row?.in_use ?? 0) }
})
