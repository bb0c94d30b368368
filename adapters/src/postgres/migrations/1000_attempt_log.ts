/**
 * The sign-in throttle's table becomes the attempt log of every rate limit (core's limits/AttemptLog): sign-in
 * attempts and the emails the public routes send, counted per key in the database so that every app process
 * sees the same counts.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE login_attempts RENAME TO attempt_log`
  yield* sql`ALTER INDEX login_attempts_key RENAME TO attempt_log_key`
})
