/**
 * Backing up and restoring the embedded database (PGlite under DATA_DIR/pg) with PGlite's own dump of its data
 * directory (`dumpDataDir`: a tar, gzipped here): docs/decisions.md, "Backups of the embedded database".
 *
 * Only the process that serves the database holds it, so the dump is taken there: by the running app when the
 * CLI asks on its admin socket (cli/src/AdminSocket.ts), or by the CLI when no app runs (it then serves the
 * directory itself for the while). PGlite takes the dump between two statements, holding its one backend, so
 * the copy is the database as of one moment; a transaction still open then is not in it (PostgreSQL's crash
 * recovery rolls it back when the copy is opened), and every transaction committed before is. The app's
 * queries wait meanwhile: `pausedMs` says how long.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { promisify } from "node:util"
import * as zlib from "node:zlib"
import { PGlite } from "@electric-sql/pglite"
import { Effect } from "effect"
import { appliedMigrations, appliedMigrationsOfPglite, serverVersion } from "../postgres/AppliedMigrations.ts"
import { embeddedPgDir, hasEmbeddedDatabase } from "../postgres/EmbeddedDataDir.ts"
import { runningEmbeddedOwner, servedEmbedded } from "../postgres/EmbeddedPostgres.ts"
import { makePrivate, PRIVATE_DIR_MODE } from "../security/PrivateDataDir.ts"
import { readEntry } from "./BackupArchive.ts"
import { BackupFailed, BackupRefused, RestoreTargetNotEmpty } from "./BackupErrors.ts"
import type { OpenedBackup, Snapshot } from "./BackupFile.ts"
import { EMBEDDED_DUMP_FILE } from "./BackupManifest.ts"

const gzip = promisify(zlib.gzip)

/** A dump of the embedded database, and how long the app's queries waited for it. */
export interface EmbeddedSnapshot extends Snapshot {
  readonly pausedMs: number
}

const failed = (what: string) => (cause: unknown) =>
  new BackupFailed({ message: `${what}: ${cause instanceof Error ? cause.message : String(cause)}`, cause })

/**
 * In the process that serves `dataDir`'s embedded database: its migrations (read through `SqlClient`, a
 * client like any other, so they never run inside another client's transaction) and then its files.
 */
export const dumpServedEmbedded = (dataDir: string) =>
  Effect.gen(function* () {
    const db = servedEmbedded(dataDir)
    if (db === undefined)
      return yield* new BackupRefused({
        message: `This process does not serve the embedded database of ${path.resolve(dataDir)}`,
      })
    const migrations = yield* appliedMigrations
    const version = yield* serverVersion
    const takenAt = new Date()
    const started = performance.now()
    // Uncompressed inside PGlite's lock (gzip there would hold the app's queries ten times longer), then
    // gzipped on libuv's threads while the app serves on (docs/decisions.md, "Backups").
    const blob = yield* Effect.tryPromise({
      try: () => db.dumpDataDir("none"),
      catch: failed("PGlite could not dump the embedded database"),
    })
    const pausedMs = Math.round(performance.now() - started)
    const bytes = yield* Effect.tryPromise({
      try: async () => gzip(new Uint8Array(await blob.arrayBuffer())),
      catch: failed("The dump could not be compressed"),
    })
    return {
      database: "embedded",
      takenAt,
      postgres: `PGlite (PostgreSQL ${version})`,
      migrations,
      dump: { name: EMBEDDED_DUMP_FILE, bytes },
      pausedMs,
    } satisfies EmbeddedSnapshot
  })

export { hasEmbeddedDatabase }

/**
 * Restores an embedded backup into `dataDir`, which must hold no database and be served by no process;
 * answers the migrations the restored database has. On failure nothing is left in DATA_DIR/pg.
 */
export const restoreEmbedded = (dataDir: string, backup: OpenedBackup) =>
  Effect.gen(function* () {
    const root = path.resolve(dataDir)
    if (backup.manifest.database !== "embedded")
      return yield* new BackupRefused({
        message: `Refused: ${backup.file} is a backup of a PostgreSQL server's database; restore it with DATABASE_URL set to an empty database`,
      })
    const owner = runningEmbeddedOwner(root)
    if (owner !== undefined)
      return yield* new RestoreTargetNotEmpty({
        message: `Refused: process ${owner} serves the embedded database in ${root}; restore only into an empty DATA_DIR, with no app running on it`,
      })
    const pgDir = embeddedPgDir(root)
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0)
      return yield* new RestoreTargetNotEmpty({
        message: `Refused: ${pgDir} already holds a database; restore only into an empty DATA_DIR (move this one away first)`,
      })
    const entry = backup.entries.get(EMBEDDED_DUMP_FILE)
    if (entry === undefined)
      return yield* new BackupRefused({ message: `Refused: ${backup.file} holds no ${EMBEDDED_DUMP_FILE}` })
    return yield* Effect.tryPromise({
      try: async () => {
        fs.mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE })
        const db = await PGlite.create({
          dataDir: pgDir,
          loadDataDir: new Blob([await readEntry(backup.file, entry.name)]),
        })
        // PGlite writes a loaded database's files readable by everyone: DATA_DIR is private (PrivateDataDir.ts).
        makePrivate(pgDir)
        try {
          return await appliedMigrationsOfPglite(db)
        } finally {
          await db.close()
        }
      },
      catch: (cause) => {
        fs.rmSync(pgDir, { recursive: true, force: true })
        return failed(`The backup could not be restored into ${pgDir}`)(cause)
      },
    })
  })
