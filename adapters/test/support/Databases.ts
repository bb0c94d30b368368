/**
 * The databases every adapter contract suite runs against: the embedded PGlite (always) and the PostgreSQL
 * server named by DATABASE_URL (when set; otherwise reported as not run, by name). Each suite gets a fresh
 * database of its own, dropped afterwards, so suites never see each other's rows.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import type { PgClient } from "@effect/sql-pg"
import { migratedDataDir, scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Layer } from "effect"
import type { SqlClient } from "effect/sql"
import { layerEmbedded, layerServer } from "../../src/postgres/Database.ts"

export interface DatabaseTarget {
  readonly name: "PGlite" | "PostgreSQL"
  readonly layer: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, unknown>
}

/**
 * `empty`: the database starts with nothing in it, not even the migrations' tables (for a test of the migrations
 * themselves); by default it starts migrated and empty, a copy of the run's template (DatabaseTemplates.ts).
 */
export interface FromNothing {
  readonly empty?: boolean
}

export const serverUrl = (): string | undefined => {
  const url = process.env.DATABASE_URL?.trim()
  return url === undefined || url === "" ? undefined : url
}

/**
 * A fresh PGlite data directory, removed when the layer is released: a copy of the run's migrated, empty one
 * (test-support's DatabaseTemplates.ts).
 */
export const pgliteTarget = ({ empty = false }: FromNothing = {}): DatabaseTarget => ({
  name: "PGlite",
  layer: Layer.unwrap(
    Effect.acquireRelease(
      Effect.sync(() =>
        empty ? fs.mkdtempSync(path.join(os.tmpdir(), "landunits-pglite-")) : migratedDataDir(),
      ),
      (dir) => Effect.sync(() => fs.rmSync(dir, { recursive: true, force: true })),
    ).pipe(Effect.map(layerEmbedded)),
  ),
})

/** A fresh database on the PostgreSQL server, dropped when the layer is released. */
export const serverTarget = (
  url: string,
  maxConnections?: number,
  from: FromNothing = {},
): DatabaseTarget => ({
  name: "PostgreSQL",
  layer: Layer.unwrap(
    scopedServerDatabase(url, from).pipe(Effect.map((database) => layerServer(database, maxConnections))),
  ),
})

/** Every database a contract suite runs on here, and the names of those it cannot. */
export const databaseTargets = (
  from: FromNothing = {},
): {
  readonly run: ReadonlyArray<DatabaseTarget>
  readonly notRun: ReadonlyArray<string>
} => {
  const url = serverUrl()
  return url === undefined
    ? { run: [pgliteTarget(from)], notRun: ["PostgreSQL (DATABASE_URL is not set)"] }
    : { run: [pgliteTarget(from), serverTarget(url, undefined, from)], notRun: [] }
}
