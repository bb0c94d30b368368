/**
 * `landunits db status`: which migrations are applied (and when) and which are pending, without changing anything.
 *
 * Infrastructure: reads the migrations table through the database adapter itself (postgres/MigrationStatesPg.ts);
 * allowed in cli/test/ThinCommands.test.ts.
 */
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { migrationStates } from "@landunits/adapters/postgres/MigrationStatesPg.ts"
import { Effect } from "effect"
import { type Cli, layerStderrLogger } from "../../Admin.ts"
import { table, toJson } from "../../support/Output.ts"

export const dbStatus = async (cli: Cli) => {
  const states = await Effect.runPromise(
    migrationStates.pipe(Effect.provide(layerFromEnv), Effect.scoped, Effect.provide(layerStderrLogger)),
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
