/** Recognising the database's answers that are domain outcomes or worth a retry, not failures. */
import { SqlError } from "effect/sql"

const reasonOf = (error: unknown): string | undefined =>
  SqlError.isSqlError(error) ? error.reason._tag : undefined

/** A unique constraint refused a second row with the same key. */
export const isUniqueViolation = (error: unknown): error is SqlError.SqlError =>
  reasonOf(error) === "UniqueViolation"

/** A serialization failure or a deadlock: the whole transaction may simply be run again. */
export const isRetryableConflict = (error: unknown): error is SqlError.SqlError =>
  reasonOf(error) === "SerializationError" || reasonOf(error) === "DeadlockError"
