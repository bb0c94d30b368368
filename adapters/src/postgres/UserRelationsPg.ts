/** How many tables, views and sequences a database holds outside PostgreSQL's own schemas (none when empty). */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export const userRelationCount = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ count: number }>`
    SELECT count(*)::int AS count FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`
  return row?.count ?? 0
})
