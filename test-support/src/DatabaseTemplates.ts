/**
 * Migrated, empty databases to start tests from, made once per run instead of once per suite.
 *
 * A new embedded database (PGlite's initdb, then every migration) takes seconds on 2 cores; a copy of one made
 * earlier takes a fraction of a second, and a database server's `CREATE DATABASE … TEMPLATE` copies one in one
 * statement. The adapters' and the CLI's projects run this as their global setup (vitest.workspace.ts): it makes a
 * migrated embedded database in a folder of its own and, when DATABASE_URL names a server, a migrated template
 * database there (both at once, and once for the run: the second project's setup reuses the first's), and hands
 * both to the test files (`inject`). A test that is about a first start or about the
 * migrations themselves keeps starting from nothing.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { PgClient } from "@effect/sql-pg"
import { layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { embeddedPgDir } from "@landunits/adapters/postgres/EmbeddedDataDir.ts"
import { layerMigrated } from "@landunits/adapters/postgres/Migrations.ts"
import { Effect, Layer, ManagedRuntime, Redacted, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { inject } from "vitest"
import type { TestProject } from "vitest/node"
import { withDatabase } from "./DatabaseUrl.ts"

declare module "vitest" {
  export interface ProvidedContext {
    /** A DATA_DIR holding a migrated, empty embedded database, closed; "" when the global setup did not run. */
    readonly embeddedTemplate: string
    /** A migrated, empty database on DATABASE_URL's server, to `CREATE DATABASE … TEMPLATE`; "" when none. */
    readonly serverTemplate: string
  }
}

const serverUrlOf = (): string | undefined => {
  const url = process.env.DATABASE_URL?.trim()
  return url === undefined || url === "" ? undefined : url
}

/** Runs `statement` on the server of `url` (its own database), on one connection closed afterwards. */
const onServer = (url: string, statement: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(statement)
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 })))

/** Opens the database of `layer`, migrates it and closes it. */
const migrate = async (layer: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown>) => {
  const runtime = ManagedRuntime.make(Layer.provideMerge(layerMigrated, layer))
  await runtime.context()
  await runtime.dispose()
}

interface Templates {
  /** The migrated embedded database's DATA_DIR. */
  readonly embedded: string
  /** The migrated template database on DATABASE_URL's server; "" without one. */
  readonly server: string
  /** Removes both. */
  readonly remove: () => Promise<void>
}

/** Makes the two templates at once (PGlite's migrations run in this process, the server's in the server). */
const makeTemplates = async (): Promise<Templates> => {
  const embedded = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-template-"))
  const url = serverUrlOf()
  const template = `lu_template_${process.pid}`
  const onTheServer = async () => {
    if (url === undefined) return
    await Effect.runPromise(onServer(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`))
    await Effect.runPromise(onServer(url, `CREATE DATABASE ${template}`))
    await migrate(layerServer(withDatabase(url, template), 1))
  }
  await Promise.all([migrate(layerEmbedded(embedded)), onTheServer()])
  return {
    embedded,
    server: url === undefined ? "" : template,
    remove: async () => {
      fs.rmSync(embedded, { recursive: true, force: true })
      if (url !== undefined)
        await Effect.runPromise(
          onServer(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).pipe(Effect.ignore),
        )
    },
  }
}

/**
 * The run's templates, made by the first project whose global setup asks and shared by the others (each project
 * loads this module on its own, so they meet on globalThis); removed when the last of them tears down.
 */
const shared = globalThis as { landunitsTemplates?: { made: Promise<Templates>; users: number } }

/** The global setup: the run's two templates, and what lets them go when the run ends. */
export default async function makeDatabaseTemplates(project: TestProject): Promise<() => Promise<void>> {
  shared.landunitsTemplates ??= { made: makeTemplates(), users: 0 }
  const run = shared.landunitsTemplates
  run.users += 1
  const templates = await run.made
  project.provide("embeddedTemplate", templates.embedded)
  project.provide("serverTemplate", templates.server)
  return async () => {
    run.users -= 1
    if (run.users > 0) return
    delete shared.landunitsTemplates
    await templates.remove()
  }
}

/**
 * What the run's global setup provided under `name`; undefined outside a Vitest worker (a benchmark, a script),
 * where `inject` throws: there, databases start empty and are migrated by their user.
 */
const injected = (name: "embeddedTemplate" | "serverTemplate"): string | undefined => {
  try {
    return inject(name)
  } catch {
    return undefined
  }
}

/**
 * A new DATA_DIR (under the system's temp folder, named `prefix…`) holding a copy of the run's migrated, empty
 * embedded database; an empty one where the global setup did not run.
 */
export const migratedDataDir = (prefix = "landunits-pglite-"): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  const template = injected("embeddedTemplate")
  if (template !== undefined && template !== "")
    fs.cpSync(embeddedPgDir(template), embeddedPgDir(dir), { recursive: true })
  return dir
}

/**
 * `CREATE DATABASE name` on the server of `url`, from the run's migrated template when there is one (unless
 * `empty`). Several files copy it at once; the server refuses a copy while another session is connected to the
 * template, which only the global setup ever is, so a refusal is retried.
 */
const createServerDatabase = (url: string, name: string, empty: boolean) => {
  const template = injected("serverTemplate")
  const statement =
    empty || template === undefined || template === ""
      ? `CREATE DATABASE ${name}`
      : `CREATE DATABASE ${name} TEMPLATE ${template}`
  return onServer(url, statement).pipe(Effect.retry({ times: 50, schedule: Schedule.spaced("100 millis") }))
}

/** A server database of a test's own: its URL, and what drops it. */
export interface ServerDatabase {
  readonly url: string
  readonly drop: Effect.Effect<void>
}

/**
 * A new database on the server of `url`, uniquely named: a copy of the run's migrated, empty template, or with
 * nothing in it, not even the migrations' tables, when `empty` (a test of a first start or of the migrations).
 */
export const newServerDatabase = (
  url: string,
  { empty = false }: { readonly empty?: boolean } = {},
): Effect.Effect<ServerDatabase, unknown> => {
  const name = `lu_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  return createServerDatabase(url, name, empty).pipe(
    Effect.as({
      url: withDatabase(url, name),
      drop: onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).pipe(Effect.ignore),
    }),
  )
}

/** `newServerDatabase`, dropped when the scope closes; answers its URL. */
export const scopedServerDatabase = (url: string, options: { readonly empty?: boolean } = {}) =>
  Effect.acquireRelease(newServerDatabase(url, options), (database) => database.drop).pipe(
    Effect.map((database) => database.url),
  )
