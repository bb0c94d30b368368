/** Recognising the database's answers that are domain outcomes or worth a retry, not failures. */
import { SqlError } from "effect/sql"

const reasonOf = (error: unknown): string | undefined =>
  SqlError.isSqlError(error) ? error.reason._tag : undefined

/** A unique constraint refused a second row with the same key. */
export const isUniqueViolation = (error: unknown): error is SqlError.SqlError =>
  reasonOf(error) === "UniqueViolation"

/**
 * The SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown (a smart or fast
 * stop), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, in recovery) and
 * 53300 too_many_connections (no connection slot free). The driver classifies them as UnknownError.
 */
const SERVER_AWAY_STATES: ReadonlySet<string> = new Set(["57P01", "57P02", "57P03", "53300"])

const sqlStateOf = (cause: unknown): unknown =>
  typeof cause === "object" && cause !== null && "code" in cause ? cause.code : undefined

/**
 * The database cannot be reached right now: no connection (refused, reset, closed, or the connect timed
 * out: the driver's ConnectionError) or a server shutting down, crashed, starting or full. Worth answering
 * "try again shortly"; a bad query, a constraint or a permission is never this.
 */
export const isDatabaseUnreachable = (error: unknown): error is SqlError.SqlError => {
  if (!SqlError.isSqlError(error)) return false
  const state = sqlStateOf(error.reason.cause)
  return (
    error.reason._tag === "ConnectionError" || (typeof state === "string" && SERVER_AWAY_STATES.has(state))
  )
}
