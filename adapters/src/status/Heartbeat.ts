/**
 * Each app process's heartbeat in the database (`app_processes`, migration 2800), for `landunits status`: a row
 * inserted when the server starts, its `seen_at` set to the database's now() every HEARTBEAT_INTERVAL, and the
 * row deleted on a clean shutdown (SIGTERM). A process that dies leaves its row, seen ever longer ago: status
 * calls a process alive while it was seen within ALIVE_WITHIN, and rows not seen for a week are removed by the
 * next heartbeat of any process. A heartbeat that fails (the database is down) is logged; the next one retries.
 */
import { Duration, Effect, Layer, Schedule } from "effect"
import { AppProcessesPg } from "../postgres/AppProcessesPg.ts"
import { isDrill } from "../settings/RestoreDrill.ts"

export const HEARTBEAT_INTERVAL = Duration.seconds(15)
/** Three missed heartbeats and the process counts as gone. */
export const ALIVE_WITHIN = Duration.seconds(45)

export const HeartbeatLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const processes = yield* AppProcessesPg
    // A restore drill's process says so (RestoreDrill.ts), for `landunits status`.
    const drill = yield* isDrill
    const beat = processes
      .beat(drill)
      .pipe(Effect.catchCause((cause) => Effect.logWarning("The app process's heartbeat failed", cause)))
    yield* Effect.acquireRelease(beat, () =>
      processes.remove.pipe(
        Effect.catchCause((cause) =>
          Effect.logWarning("The app process's heartbeat row was not removed", cause),
        ),
      ),
    )
    yield* Effect.forkScoped(Effect.repeat(Effect.delay(beat, HEARTBEAT_INTERVAL), Schedule.forever))
  }),
)
