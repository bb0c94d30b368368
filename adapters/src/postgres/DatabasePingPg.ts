/** The health check's question to the database (`SELECT 1`), as an effect run anew at each check. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export const databasePing = Effect.map(SqlClient.SqlClient, (sql) => sql`SELECT 1`)
