/**
 * Issue 24, session recording (spec §9): the recordings the browser's recorder (rrweb) sends, kept in our own
 * database (docs/decisions.md, "Session recording"). One row per recording, bound to the recording session that
 * started it (`session_key`, a hash of its cookie) and, once a signed-in member sends a batch, to the member;
 * its batches of events gzip-compressed, one row each, deleted with it (the retention job deletes recordings
 * RECORDING_RETENTION_DAYS after they started).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE recordings (
      recording_id   text PRIMARY KEY,
      session_key    text NOT NULL,
      member_id      text,
      paths          text[] NOT NULL DEFAULT '{}',
      started_at     bigint NOT NULL,
      last_at        bigint NOT NULL,
      batches        integer NOT NULL DEFAULT 0,
      events         integer NOT NULL DEFAULT 0,
      stored_bytes   bigint NOT NULL DEFAULT 0
    )`
  yield* sql`CREATE INDEX recordings_started ON recordings (started_at)`
  yield* sql`CREATE INDEX recordings_member ON recordings (member_id, started_at) WHERE member_id IS NOT NULL`
  yield* sql`
    CREATE TABLE recording_batches (
      recording_id   text NOT NULL REFERENCES recordings (recording_id) ON DELETE CASCADE,
      sequence       integer NOT NULL CHECK (sequence >= 0),
      path           text NOT NULL,
      received_at    bigint NOT NULL,
      event_count    integer NOT NULL CHECK (event_count > 0),
      events_gzip    bytea NOT NULL,
      PRIMARY KEY (recording_id, sequence)
    )`
})
