/**
 * Forward-only, versioned schema migrations. Each file of `./migrations` is named `<id>_<name>.ts` and its
 * default export is an Effect that changes the schema through the SqlClient. They run in id order, each
 * once, inside one transaction that holds an exclusive lock on the migrations table, so several app
 * processes starting together migrate exactly once.
 *
 * Ids only grow: a migration added later must have a higher id than every one already shipped.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Layer } from "effect"
import * as Migrator from "effect/sql/Migrator"

export const MIGRATIONS_TABLE = "landunits_migrations"
export const MIGRATIONS_DIRECTORY = fileURLToPath(new URL("./migrations", import.meta.url))

const isMigrationFile = (file: string) => /^\d+_[^.]+\.ts$/.test(file)

/** The migration files, keyed by file name, each imported only when it has to run. */
const migrationFiles = (): Record<string, () => Promise<unknown>> =>
  Object.fromEntries(
    fs
      .readdirSync(MIGRATIONS_DIRECTORY)
      .filter(isMigrationFile)
      .map((file) => [file, () => import(path.join(MIGRATIONS_DIRECTORY, file))]),
  )

const migrator = Migrator.make({})

/** Runs every pending migration; answers the ids and names it ran. */
export const migrate = Effect.suspend(() =>
  migrator({ loader: Migrator.fromGlob(migrationFiles()), table: MIGRATIONS_TABLE }),
).pipe(Effect.withSpan("Migrations.migrate"))

/** Migrates when built: put it under every layer that reads or writes the schema. */
export const layerMigrated = Layer.effectDiscard(migrate)
