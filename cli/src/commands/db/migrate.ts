/**
 * `landunits db migrate`: applies every pending schema migration and says which ran.
 *
 * Infrastructure: calls the migrations adapter itself (the schema, before the app's services can run);
 * allowed in cli/test/ThinCommands.test.ts.
 */
import { layerFromEnv } from "@landunits/adapters/postgres/Database.ts"
import { migrate } from "@landunits/adapters/postgres/Migrations.ts"
import { Effect } from "effect"
import { type Cli, layerStderrLogger } from "../../Admin.ts"
import { toJson } from "../../support/Output.ts"

export const dbMigrate = async (cli: Cli) => {
  const ran = await Effect.runPromise(
    migrate.pipe(Effect.provide(layerFromEnv), Effect.scoped, Effect.provide(layerStderrLogger)),
  )
  console.log(
    cli.options().json
      ? toJson({ ran: ran.map(([id, name]) => ({ id, name })) })
      : ran.length === 0
        ? "The schema is up to date: no migration to run."
        : `Ran ${ran.length} migration(s):\n${ran.map(([id, name]) => `  ${id} ${name}`).join("\n")}`,
  )
}
