/**
 * `landunits db backup --to FILE`: a consistent snapshot of the database taken while the app serves, with its
 * manifest (adapters/src/backup/): the embedded database dumped by the app that serves it (asked on its admin
 * socket), or by this process when no app runs; a PostgreSQL server's database (DATABASE_URL) by pg_dump.
 * Names what the backup does not hold and must be kept beside it: the document and ledger signing keys.
 *
 * Infrastructure: calls the backup and database adapters itself (a dump of the storage, not a use case);
 * allowed in cli/test/ThinCommands.test.ts.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { BackupRefused } from "@landunits/adapters/backup/BackupErrors.ts"
import { type Snapshot, writeBackup } from "@landunits/adapters/backup/BackupFile.ts"
import type { BackupManifest } from "@landunits/adapters/backup/BackupManifest.ts"
import { dumpServedEmbedded, hasEmbeddedDatabase } from "@landunits/adapters/backup/EmbeddedBackup.ts"
import { dumpServer, scratchDir } from "@landunits/adapters/backup/ServerBackup.ts"
import { DEFAULT_DATA_DIR, layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { runningEmbeddedOwner } from "@landunits/adapters/postgres/EmbeddedPostgres.ts"
import { Effect } from "effect"
import { type Cli, layerStderrLogger } from "../../Admin.ts"
import { requestEmbeddedDump } from "../../EmbeddedBackupRequest.ts"
import { adminSocketPath } from "../../ServerReads.ts"
import { finish } from "../../support/BackupOutcome.ts"

/** Who took the dump: the running app, this process on the embedded database, or pg_dump. */
export type DumpedBy = "app" | "cli" | "pg_dump"

export interface BackupTaken {
  readonly file: string
  readonly bytes: number
  readonly manifest: BackupManifest
  readonly dumpedBy: DumpedBy
  /** How long the app's queries waited for the embedded dump (none for pg_dump, which blocks nobody). */
  readonly pausedMs: number | undefined
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

interface Taken {
  readonly snapshot: Snapshot
  readonly dumpedBy: DumpedBy
  readonly pausedMs: number
}

/** The embedded database of `dataDir`: through the app that serves it, else opened here. */
const embeddedSnapshot = (dataDir: string) =>
  Effect.gen(function* () {
    const answer = yield* Effect.promise(() => requestEmbeddedDump(adminSocketPath(dataDir)))
    if (answer?._tag === "Refused") return yield* new BackupRefused({ message: answer.message })
    if (answer?._tag === "Dumped") {
      const { facts, bytes } = answer
      const snapshot: Snapshot = {
        database: "embedded",
        takenAt: new Date(facts.takenAt),
        postgres: facts.postgres,
        migrations: facts.migrations,
        dump: { name: "pgdata.tar.gz", bytes },
      }
      return { snapshot, dumpedBy: "app", pausedMs: facts.pausedMs } as const satisfies Taken
    }
    const owner = runningEmbeddedOwner(dataDir)
    if (owner !== undefined)
      return yield* new BackupRefused({
        message: `process ${owner} serves the embedded database in ${path.resolve(dataDir)} but does not answer on ${adminSocketPath(dataDir)} (is it an app of an older version, or another CLI command?); run the backup again once it does, or stop it`,
      })
    if (!hasEmbeddedDatabase(dataDir))
      return yield* new BackupRefused({
        message: `there is no embedded database in ${path.resolve(dataDir)} (DATA_DIR) to back up`,
      })
    const dumped = yield* dumpServedEmbedded(dataDir).pipe(Effect.provide(layerEmbedded(dataDir)))
    return { snapshot: dumped, dumpedBy: "cli", pausedMs: dumped.pausedMs } as const satisfies Taken
  })

export const dbBackup = async (cli: Cli, o: { to: string }) => {
  const file = path.resolve(o.to)
  const url = process.env.DATABASE_URL?.trim()
  const dataDir = process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR
  const taken = Effect.gen(function* () {
    if (fs.existsSync(file))
      return yield* new BackupRefused({ message: `${file} already exists; name a new file for the backup` })
    if (url !== undefined && url !== "") {
      return yield* Effect.gen(function* () {
        const snapshot = yield* dumpServer(url, yield* scratchDir)
        const manifest = yield* writeBackup(file, snapshot)
        return { manifest, dumpedBy: "pg_dump" as const, pausedMs: undefined }
      }).pipe(Effect.provide(layerServer(url, 1)))
    }
    const { snapshot, dumpedBy, pausedMs } = yield* embeddedSnapshot(dataDir)
    const manifest = yield* writeBackup(file, snapshot)
    return { manifest, dumpedBy, pausedMs }
  }).pipe(
    Effect.map((t): BackupTaken => ({ ...t, file, bytes: fs.statSync(file).size })),
    Effect.scoped,
    Effect.provide(layerStderrLogger),
  )
  await finish(cli, Effect.runPromiseExit(taken), describe, (t) => t)
}

const describe = (t: BackupTaken): string => {
  const m = t.manifest
  const last = m.migrations.at(-1)
  const how =
    t.dumpedBy === "app"
      ? `through the running app (its queries waited ${t.pausedMs} ms for the dump)`
      : t.dumpedBy === "cli"
        ? "with no app running (opened here)"
        : "by pg_dump (custom format; the app served on meanwhile)"
  return [
    `Backed up the ${m.database === "embedded" ? "embedded database" : "PostgreSQL database"} to ${t.file} (${mb(t.bytes)}), ${how}.`,
    `Taken at ${m.takenAt} by Landunits ${m.appVersion} on ${m.postgres}; ${m.migrations.length} migrations applied${last === undefined ? "" : `, the last ${last.id}_${last.name}`}.`,
    ...m.files.map(
      (f) => `${f.name}: ${f.bytes} bytes, SHA-256 ${f.sha256} (the manifest inside the backup lists them)`,
    ),
    "Keep these too, apart from this backup (it holds neither):",
    ...m.keepAlso.map((k) => `  - ${k}`),
  ].join("\n")
}
