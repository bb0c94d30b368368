/** The schema migrations applied to the database at hand, in order (none when it was never migrated). */
import type { PGlite } from "@electric-sql/pglite"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { BackupFailed } from "../backup/BackupErrors.ts"
import type { AppliedMigration } from "../backup/BackupManifest.ts"
import { MIGRATIONS_TABLE } from "./Migrations.ts"

export const appliedMigrations = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [table] = yield* sql<{
    present: boolean
  }>`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`
  if (table?.present !== true) return [] as ReadonlyArray<AppliedMigration>
  const rows = yield* sql<{ migration_id: number; name: string }>`
    SELECT migration_id, name FROM ${sql(MIGRATIONS_TABLE)} ORDER BY migration_id`
  return rows.map((r): AppliedMigration => ({ id: Number(r.migration_id), name: r.name }))
}).pipe(
  Effect.mapError(
    (cause) =>
      new BackupFailed({ message: `The applied migrations could not be read: ${cause.message}`, cause }),
  ),
)

/** The database's PostgreSQL version (`server_version`). */
export const serverVersion = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ server_version: string }>`SHOW server_version`
  return row?.server_version ?? "unknown"
}).pipe(
  Effect.mapError(
    (cause) =>
      new BackupFailed({ message: `The database's version could not be read: ${cause.message}`, cause }),
  ),
)

/** The migrations applied to an opened PGlite database (a backup loaded before it is served). */
export const appliedMigrationsOfPglite = async (db: PGlite): Promise<ReadonlyArray<AppliedMigration>> => {
  const rows = await db.query<{ migration_id: number; name: string }>(
    "SELECT migration_id, name FROM landunits_migrations ORDER BY migration_id",
  )
  return rows.rows.map((r): AppliedMigration => ({ id: Number(r.migration_id), name: r.name }))
}
