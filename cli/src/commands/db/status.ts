/**
 * `landunits db status`: which migrations are applied (and when) and which are pending, without changing anything.
 *
 * Infrastructure: reads the migrations table through the database adapter itself; allowed in
 * cli/test/ThinCommands.test.ts.
 */
import * as fs from "node:fs"
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { MIGRATIONS_DIRECTORY, MIGRATIONS_TABLE } from "@landunits/adapters/postgres/Migrations.ts"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { type Cli, layerStderrLogger } from "../../Admin.ts"
import { table, toJson } from "../../support/Output.ts"

export interface MigrationState {
  readonly id: number
  readonly name: string
  readonly appliedAt: string | undefined
}

const status = Effect.gen(function* () {
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

export const dbStatus = async (cli: Cli) => {
  const states = await Effect.runPromise(
    status.pipe(Effect.provide(layerFromEnv), Effect.scoped, Effect.provide(layerStderrLogger)),
  )
  const pending = states.filter((s) => s.appliedAt === undefined).length
  console.log(
    cli.options().json
      ? toJson({ migrations: states, pending })
      : `${table(
          states.map((s) => ({ ...s, appliedAt: s.appliedAt ?? "pending" })),
          ["id", "name", "appliedAt"],
          "No migrations.",
        )}\n${pending === 0 ? "The schema is up to date." : `${pending} migration(s) pending: run landunits db migrate`}`,
  )
}
