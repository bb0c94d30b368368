/**
 * Issue 28, `landunits status`: which app processes are alive, and how each scheduled job last ran.
 * - `app_processes`: one row per running app process, inserted at its start, its `seen_at` moved every
 *   HEARTBEAT_INTERVAL (adapters/src/status/Heartbeat.ts) and the row deleted on a clean shutdown; a process that
 *   died leaves its row, seen ever longer ago. Times are the database's own (`now()`), so the hosts' clocks
 *   do not matter.
 * - `job_runs`: one row per job (the last run of any process): when it started and finished, ok or failed,
 *   a one-line detail, and the interval it runs at (so `status` can tell an overdue job).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE app_processes (
      process_id  text PRIMARY KEY,
      host        text NOT NULL,
      pid         integer NOT NULL,
      version     text NOT NULL,
      started_at  timestamptz NOT NULL DEFAULT now(),
      seen_at     timestamptz NOT NULL DEFAULT now()
    )`
  yield* sql`
    CREATE TABLE job_runs (
      job          text PRIMARY KEY,
      started_at   timestamptz NOT NULL,
      finished_at  timestamptz NOT NULL,
      outcome      text NOT NULL CHECK (outcome IN ('ok', 'failed')),
      detail       text NOT NULL,
      every_ms     bigint NOT NULL CHECK (every_ms > 0),
      process_id   text
    )`
})
