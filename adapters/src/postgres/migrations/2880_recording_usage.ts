/**
 * Session recording's storage budget (docs/security.md, "Session recording"): what was stored per UTC day, per
 * client address (`scope` 'address:<address>') and for the whole installation (`scope` 'installation'), in bytes
 * of compressed batch data, and the recordings started. Core's RecordingService reads it before a batch and adds
 * to it after; the retention job forgets the days before today.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE recording_usage (
      day       integer NOT NULL,
      scope     text NOT NULL,
      bytes     bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
      started   integer NOT NULL DEFAULT 0 CHECK (started >= 0),
      PRIMARY KEY (day, scope)
    )`
})
