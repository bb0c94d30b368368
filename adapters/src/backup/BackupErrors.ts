/** Why a backup or a restore did not happen: each says what to do, and nothing is left half done. */
import { Schema } from "effect"

/** The backup file does not match its manifest (a file's size or SHA-256), or is not a Landunits backup. */
export class BackupDamaged extends Schema.TaggedError<BackupDamaged>()("BackupDamaged", {
  message: Schema.String,
}) {}

/** The restore's target already holds a database: restore only into an empty DATA_DIR or database. */
export class RestoreTargetNotEmpty extends Schema.TaggedError<RestoreTargetNotEmpty>()(
  "RestoreTargetNotEmpty",
  { message: Schema.String },
) {}

/** The backup cannot be taken or restored here as things are (no pg_dump, the wrong kind of database…). */
export class BackupRefused extends Schema.TaggedError<BackupRefused>()("BackupRefused", {
  message: Schema.String,
}) {}

/** The database or a tool failed while the backup or restore ran. */
export class BackupFailed extends Schema.TaggedError<BackupFailed>()("BackupFailed", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect()),
}) {}
