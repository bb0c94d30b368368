/**
 * Writing a backup file (its manifest and its dump, BackupArchive.ts) and opening one for a restore: the
 * manifest read and every file's size and SHA-256 checked against it first, so a damaged or altered backup is
 * refused before anything is restored.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Schema } from "effect"
import { APP_VERSION } from "../app/AppVersion.ts"
import {
  type ArchiveEntry,
  type ArchiveSource,
  archiveSourceSize,
  listArchive,
  readEntry,
  sha256Of,
  writeArchive,
} from "./BackupArchive.ts"
import { BackupDamaged, BackupFailed } from "./BackupErrors.ts"
import {
  type AppliedMigration,
  BACKUP_FORMAT,
  type BackupDatabase,
  BackupManifest,
  KEEP_ALSO,
  MANIFEST_FILE,
} from "./BackupManifest.ts"

/** What was snapshotted, before it is written. */
export interface Snapshot {
  readonly database: BackupDatabase
  readonly takenAt: Date
  readonly postgres: string
  readonly migrations: ReadonlyArray<AppliedMigration>
  readonly dump: ArchiveSource
}

/**
 * Writes the backup to `file`: first as `file.partial`, renamed once whole, so an interrupted backup never
 * leaves a file that looks like one. Answers its manifest.
 */
export const writeBackup = (file: string, snapshot: Snapshot) =>
  Effect.tryPromise({
    try: async () => {
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        database: snapshot.database,
        appVersion: APP_VERSION,
        takenAt: snapshot.takenAt.toISOString(),
        postgres: snapshot.postgres,
        migrations: snapshot.migrations,
        files: [
          {
            name: snapshot.dump.name,
            bytes: archiveSourceSize(snapshot.dump),
            sha256: sha256Of(snapshot.dump),
          },
        ],
        keepAlso: KEEP_ALSO,
      }
      const target = path.resolve(file)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      const partial = `${target}.partial`
      try {
        await writeArchive(
          partial,
          [
            { name: MANIFEST_FILE, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
            snapshot.dump,
          ],
          snapshot.takenAt.getTime(),
        )
        fs.renameSync(partial, target)
      } finally {
        fs.rmSync(partial, { force: true })
      }
      return manifest
    },
    catch: (cause) =>
      new BackupFailed({
        message: `The backup could not be written to ${file}: ${cause instanceof Error ? cause.message : String(cause)}`,
        cause,
      }),
  })

/** A backup whose every file matched its manifest. */
export interface OpenedBackup {
  readonly file: string
  readonly manifest: BackupManifest
  /** Each file of the backup file, by name. */
  readonly entries: ReadonlyMap<string, ArchiveEntry>
}

const decodeManifest = Schema.decodeUnknownSync(Schema.fromJsonString(BackupManifest))

/** Opens `file` and checks it whole: refused as BackupDamaged when anything does not match. */
export const openBackup = (file: string) =>
  Effect.gen(function* () {
    const damaged = (why: string) => new BackupDamaged({ message: `Refused: ${file} ${why}` })
    if (!fs.existsSync(file)) return yield* damaged("does not exist")
    const listed = yield* Effect.tryPromise({
      try: () => listArchive(file),
      catch: (cause) => damaged(`cannot be read: ${String(cause)}`),
    })
    if (typeof listed === "string") return yield* damaged(`is not a whole backup: ${listed}`)
    const first = listed[0]
    if (first?.name !== MANIFEST_FILE)
      return yield* damaged(`is not a Landunits backup (no ${MANIFEST_FILE})`)
    const manifest = yield* Effect.tryPromise({
      try: async () => decodeManifest((await readEntry(file, MANIFEST_FILE)).toString("utf8")),
      catch: () => damaged(`has a ${MANIFEST_FILE} that is not a Landunits backup manifest`),
    })
    const entries = new Map(listed.map((e) => [e.name, e]))
    for (const expected of manifest.files) {
      const entry = entries.get(expected.name)
      if (entry === undefined) return yield* damaged(`lacks ${expected.name}, which its manifest lists`)
      if (entry.size !== expected.bytes)
        return yield* damaged(
          `is damaged: ${expected.name} has ${entry.size} bytes, its manifest says ${expected.bytes}`,
        )
      if (entry.sha256 !== expected.sha256)
        return yield* damaged(
          `is damaged: ${expected.name}'s SHA-256 is ${entry.sha256}, its manifest says ${expected.sha256}`,
        )
    }
    return { file, manifest, entries } satisfies OpenedBackup
  })
