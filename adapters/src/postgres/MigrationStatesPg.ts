/**
 * Each migration this version ships, and when it was applied to the database at hand (undefined: pending), in id
 * order: what `landunits db status` shows (cli/src/commands/db/status.ts). Read-only; a database never migrated has
 * every migration pending.
 */
import * as fs from "node:fs"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { MIGRATIONS_DIRECTORY, MIGRATIONS_TABLE } from "./Migrations.ts"

export interface MigrationState {
  readonly id: number
  readonly name: string
  readonly appliedAt: string | undefined
}

export const migrationStates = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const exists = yield* sql<{
    present: boolean
  }>`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`
  const applied =
    exists[0]?.present === true
      ? yield* sql<{ migration_id: number; applied: string }>`
          SELECT migration_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS applied
          FROM ${sql(MIGRATIONS_TABLE)}`
      : []
  const at = new Map(applied.map((r) => [Number(r.migration_id), r.applied]))
  return fs
    .readdirSync(MIGRATIONS_DIRECTORY)
    .flatMap((file) => {
      const m = /^(\d+)_([^.]+)\.ts$/.exec(file)
      return m === null ? [] : [{ id: Number(m[1]), name: m[2]!, appliedAt: at.get(Number(m[1])) }]
    })
    .sort((a, b) => a.id - b.id) satisfies ReadonlyArray<MigrationState>
})
