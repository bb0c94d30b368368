/**
 * `landunits db restore FILE`: a backup of `db backup` checked whole against its manifest (every file's size and
 * SHA-256), then restored into an empty DATA_DIR (the embedded database; no app running on it) or an empty
 * database (DATABASE_URL, by pg_restore in one transaction). A target that holds a database is refused, and so
 * is a backup made by a newer version of the app (one with migrations this version does not know).
 * With `--drill` the copy is marked as a restore drill's (adapters/src/settings/RestoreDrill.ts, adapters/src/postgres/RestoreDrillMarkPg.ts): the app starts on it
 * only with DRILL=1, and then signs no checkpoint, sends no email and runs no job.
 *
 * Infrastructure: calls the backup and database adapters itself (the storage restored, before the app's
 * services can run); allowed in cli/test/ThinCommands.test.ts.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { BackupRefused } from "@landunits/adapters/backup/BackupErrors.ts"
import { openBackup } from "@landunits/adapters/backup/BackupFile.ts"
import type { AppliedMigration, BackupManifest } from "@landunits/adapters/backup/BackupManifest.ts"
import { restoreEmbedded } from "@landunits/adapters/backup/EmbeddedBackup.ts"
import { restoreServer, scratchDir } from "@landunits/adapters/backup/ServerBackup.ts"
import { DEFAULT_DATA_DIR, layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { MIGRATIONS_DIRECTORY } from "@landunits/adapters/postgres/Migrations.ts"
import { markAsDrill } from "@landunits/adapters/postgres/RestoreDrillMarkPg.ts"
import { Effect } from "effect"
import { type Cli, layerStderrLogger } from "../../Admin.ts"
import { finish } from "../../support/BackupOutcome.ts"

export interface Restored {
  readonly file: string
  readonly into: string
  readonly manifest: BackupManifest
  readonly migrations: ReadonlyArray<AppliedMigration>
  readonly drill: boolean
}

/** The migrations this version of the app ships. */
const knownMigrationIds = () =>
  new Set(
    fs.readdirSync(MIGRATIONS_DIRECTORY).flatMap((f) => {
      const m = /^(\d+)_[^.]+\.ts$/.exec(f)
      return m === null ? [] : [Number(m[1])]
    }),
  )

const redacted = (url: string) => {
  const u = new URL(url)
  if (u.password !== "") u.password = "***"
  return u.toString()
}

export const dbRestore = async (
  cli: Cli,
  file: string,
  options: { readonly drill: boolean } = { drill: false },
) => {
  const from = path.resolve(file)
  const url = process.env.DATABASE_URL?.trim()
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || DEFAULT_DATA_DIR)
  const restored = Effect.gen(function* () {
    const backup = yield* openBackup(from)
    const known = knownMigrationIds()
    const newer = backup.manifest.migrations.filter((m) => !known.has(m.id))
    if (newer.length > 0)
      return yield* new BackupRefused({
        message: `${from} was made by a newer version of Landunits (${backup.manifest.appVersion}; migrations ${newer.map((m) => `${m.id}_${m.name}`).join(", ")} are unknown here); restore it with that version or newer`,
      })
    if (url !== undefined && url !== "") {
      const migrations = yield* restoreServer(url, backup, yield* scratchDir).pipe(
        Effect.tap(() => (options.drill ? markAsDrill(from) : Effect.void)),
        Effect.provide(layerServer(url, 1)),
      )
      return { file: from, into: redacted(url), manifest: backup.manifest, migrations, drill: options.drill }
    }
    const migrations = yield* restoreEmbedded(dataDir, backup)
    if (options.drill) yield* markAsDrill(from).pipe(Effect.provide(layerEmbedded(dataDir)))
    return { file: from, into: dataDir, manifest: backup.manifest, migrations, drill: options.drill }
  }).pipe(Effect.scoped, Effect.provide(layerStderrLogger))
  await finish(
    cli,
    Effect.runPromiseExit(restored),
    (r: Restored) =>
      [
        `Restored ${r.file} (taken ${r.manifest.takenAt} by Landunits ${r.manifest.appVersion}) into ${r.into}: ${r.migrations.length} migrations applied; every file matched the manifest.`,
        "Before starting the app on it, set the keys this backup does not hold:",
        ...r.manifest.keepAlso.map((k) => `  - ${k}`),
        "Then run landunits ledger verify on it. The app applies any newer migration when it starts.",
        ...(r.drill
          ? [
              "Marked as a restore drill: start the app on it with DRILL=1 (it refuses otherwise); it then signs no ledger checkpoint, sends no email and runs no job.",
            ]
          : []),
      ].join("\n"),
    (r) => r,
  )
}
