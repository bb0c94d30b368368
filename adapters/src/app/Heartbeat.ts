/**
 * Each app process's heartbeat in the database (`app_processes`, migration 2800), for `landunits status`: a row
 * inserted when the server starts, its `seen_at` set to the database's now() every HEARTBEAT_INTERVAL, and the
 * row deleted on a clean shutdown (SIGTERM). A process that dies leaves its row, seen ever longer ago: status
 * calls a process alive while it was seen within ALIVE_WITHIN, and rows not seen for a week are removed by the
 * next heartbeat of any process. A heartbeat that fails (the database is down) is logged; the next one retries.
 */
import { Duration, Effect, Layer, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { APP_VERSION } from "./AppVersion.ts"
import { PROCESS_HOST, PROCESS_ID } from "./ProcessIdentity.ts"
import { isDrill } from "./RestoreDrill.ts"

export const HEARTBEAT_INTERVAL = Duration.seconds(15)
/** Three missed heartbeats and the process counts as gone. */
export const ALIVE_WITHIN = Duration.seconds(45)

export const HeartbeatLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    // A restore drill's process says so (RestoreDrill.ts), for `landunits status`.
    const drill = yield* isDrill
    const beat = Effect.gen(function* () {
      yield* sql`
        INSERT INTO app_processes (process_id, host, pid, version, drill)
        VALUES (${PROCESS_ID}, ${PROCESS_HOST}, ${process.pid}, ${APP_VERSION}, ${drill})
        ON CONFLICT (process_id) DO UPDATE SET seen_at = now()`
      yield* sql`DELETE FROM app_processes WHERE seen_at < now() - interval '7 days'`
    }).pipe(Effect.catchCause((cause) => Effect.logWarning("The app process's heartbeat failed", cause)))
    yield* Effect.acquireRelease(beat, () =>
      sql`DELETE FROM app_processes WHERE process_id = ${PROCESS_ID}`.pipe(
        Effect.catchCause((cause) =>
          Effect.logWarning("The app process's heartbeat row was not removed", cause),
        ),
      ),
    )
    yield* Effect.forkScoped(Effect.repeat(Effect.delay(beat, HEARTBEAT_INTERVAL), Schedule.forever))
  }),
)
