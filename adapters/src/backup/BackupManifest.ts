/**
 * `manifest.json`, the first file of every backup (BackupArchive.ts): which app version took it, from which
 * kind of database, with which schema migrations applied, when, and the size and SHA-256 of every other file.
 */
import { Schema } from "effect"

export const BACKUP_FORMAT = "landunits-backup/1"
export const MANIFEST_FILE = "manifest.json"
/** The embedded database's files, as PGlite dumps them (a gzipped tar of its data directory). */
export const EMBEDDED_DUMP_FILE = "pgdata.tar.gz"
/** A PostgreSQL server's database, as `pg_dump --format=custom` writes it. */
export const SERVER_DUMP_FILE = "database.pgdump"

export const BackupDatabase = Schema.Literals(["embedded", "server"])
export type BackupDatabase = typeof BackupDatabase.Type

export const AppliedMigration = Schema.Struct({ id: Schema.Number, name: Schema.String })
export type AppliedMigration = typeof AppliedMigration.Type

export const BackupFileSum = Schema.Struct({
  name: Schema.String,
  bytes: Schema.Number,
  sha256: Schema.String,
})
export type BackupFileSum = typeof BackupFileSum.Type

export const BackupManifest = Schema.Struct({
  format: Schema.Literal(BACKUP_FORMAT),
  database: BackupDatabase,
  appVersion: Schema.String,
  /** ISO 8601, UTC: when the snapshot was taken. */
  takenAt: Schema.String,
  /** What made the dump: "PGlite 0.5.14 (PostgreSQL 17.x)" or "pg_dump (PostgreSQL) 15.x of PostgreSQL 15.x". */
  postgres: Schema.String,
  migrations: Schema.Array(AppliedMigration),
  files: Schema.Array(BackupFileSum),
  /** What the backup does not hold and must be kept beside it (the document and ledger signing keys). */
  keepAlso: Schema.Array(Schema.String),
})
export type BackupManifest = typeof BackupManifest.Type

/** The keys a backup never holds: without the first no KYC document can be read; without the second no new checkpoint continues the published series. */
export const KEEP_ALSO: ReadonlyArray<string> = [
  "DOCUMENT_KEY (in development: DATA_DIR/document.key): without it no KYC document in this backup can be read",
  "LEDGER_SIGNING_KEY (in development: DATA_DIR/ledger-signing.key): without it no new ledger checkpoint continues the published series",
]
