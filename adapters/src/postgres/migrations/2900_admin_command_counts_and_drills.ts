/**
 * Issue 39:
 * - `admin_command_counts`: how many times each admin command ran, by outcome (ok, refused, …), counted by the
 *   admin CLI after each command and read by the metrics' scrape (`landunits_admin_commands_total`): the CLI is
 *   a short-lived process with no metrics port of its own, so its counts live where every process can read them.
 * - `app_processes.drill`: a process started as a restore drill (DRILL=1: signs nothing, sends no email, runs no
 *   job), so `landunits status` says so;
 * - `restore_drill`: a database restored as a drill's copy (`db restore --drill`), on which the app starts only as a
 *   drill (adapters/src/settings/RestoreDrill.ts). Made `IF NOT EXISTS`: `db restore --drill` makes it in a copy of a
 *   backup older than this migration.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE admin_command_counts (
      operation  text NOT NULL,
      outcome    text NOT NULL,
      count      bigint NOT NULL DEFAULT 0 CHECK (count >= 0),
      last_at    timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (operation, outcome)
    )`
  yield* sql`ALTER TABLE app_processes ADD COLUMN drill boolean NOT NULL DEFAULT false`
  yield* sql`
    CREATE TABLE IF NOT EXISTS restore_drill (
      marked_at  timestamptz NOT NULL DEFAULT now(),
      backup     text NOT NULL
    )`
})
