/**
 * The app processes' heartbeat rows on PostgreSQL (`app_processes`, migration 2800), for `landunits status`; when
 * a process beats and when it is forgotten is status/Heartbeat.ts's.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { APP_VERSION } from "../app/AppVersion.ts"
import { PROCESS_HOST, PROCESS_ID } from "../app/ProcessIdentity.ts"

export const AppProcessesPg = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return {
    /** This process seen now (its row inserted at the first beat), and rows not seen for a week removed. */
    beat: (drill: boolean) =>
      Effect.gen(function* () {
        yield* sql`
          INSERT INTO app_processes (process_id, host, pid, version, drill)
          VALUES (${PROCESS_ID}, ${PROCESS_HOST}, ${process.pid}, ${APP_VERSION}, ${drill})
          ON CONFLICT (process_id) DO UPDATE SET seen_at = now()`
        yield* sql`DELETE FROM app_processes WHERE seen_at < now() - interval '7 days'`
      }),
    /** This process's row removed (a clean shutdown). */
    remove: sql`DELETE FROM app_processes WHERE process_id = ${PROCESS_ID}`,
  }
})
