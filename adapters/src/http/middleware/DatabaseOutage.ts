/**
 * While the database cannot be reached, a route that needs it answers 503 with `Retry-After` and
 * `{ message }` instead of a 500: a load balancer or a client can tell "try again shortly" from a bug.
 * The handlers turn database failures into defects (`Effect.orDie`), so the database's error is looked for
 * among a cause's failures and defects, and in the `cause` of an error that wraps it. Everything else
 * stays a 500 (SecurityHeaders.ts answers it). The health route answers the same 503 itself.
 */
import { Cause, Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import type { SqlError } from "effect/sql"
import { isDatabaseUnreachable } from "../../postgres/SqlErrors.ts"
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "../api/ApiErrors.ts"

/** How deep a chain of wrapped errors (`error.cause`) is followed. */
const MAX_WRAPPING = 5

const unreachableIn = (value: unknown): SqlError.SqlError | undefined => {
  let current = value
  for (let depth = 0; depth <= MAX_WRAPPING; depth++) {
    if (isDatabaseUnreachable(current)) return current
    if (typeof current !== "object" || current === null || !("cause" in current)) return undefined
    current = current.cause
  }
  return undefined
}

/** The database error of a cause that says the database cannot be reached, if it is one. */
export const unreachableDatabaseIn = (cause: Cause.Cause<unknown>): SqlError.SqlError | undefined => {
  for (const reason of cause.reasons) {
    const found = Cause.isFailReason(reason)
      ? unreachableIn(reason.error)
      : Cause.isDieReason(reason)
        ? unreachableIn(reason.defect)
        : undefined
    if (found !== undefined) return found
  }
  return undefined
}

/** The 503 every route answers while the database cannot be reached. */
export const serviceUnavailableResponse = () =>
  HttpServerResponse.jsonUnsafe(
    { message: SERVICE_UNAVAILABLE_MESSAGE },
    { status: 503, headers: { "retry-after": String(RETRY_AFTER_SECONDS) } },
  )

/**
 * The 503 for a request that failed because the database cannot be reached; undefined for any other
 * failure. Logged as a warning, without a stack trace: the app is fine, its database is away.
 */
export const answerDatabaseOutage = (cause: Cause.Cause<unknown>) => {
  const error = unreachableDatabaseIn(cause)
  if (error === undefined) return undefined
  const detail = error.reason.cause instanceof Error ? ` (${error.reason.cause.message})` : ""
  return Effect.as(
    Effect.logWarning(`The database cannot be reached; answered 503: ${error.message}${detail}`),
    serviceUnavailableResponse(),
  )
}
