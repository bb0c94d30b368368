/**
 * A member's own data (issue 23): export requests with their archive (encrypted under the document key, as KYC
 * documents are: it holds them decrypted), and closed accounts with the days their records are purged.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE data_exports (
      export_id     text PRIMARY KEY,
      member_id     text NOT NULL,
      status        text NOT NULL CHECK (status IN ('building', 'ready', 'failed', 'expired')),
      requested_at  bigint NOT NULL,
      ready_at      bigint,
      expires_at    bigint,
      file_name     text,
      size          integer,
      lease_until   bigint NOT NULL DEFAULT 0,
      detail        text,
      key_id        text,
      iv            bytea,
      auth_tag      bytea,
      ciphertext    bytea
    )`
  yield* sql`CREATE INDEX data_exports_member ON data_exports (member_id, requested_at)`
  yield* sql`CREATE INDEX data_exports_status ON data_exports (status, requested_at)`
  yield* sql`
    CREATE TABLE account_closures (
      member_id          text PRIMARY KEY,
      closed_at          bigint NOT NULL,
      closed_by          text NOT NULL CHECK (closed_by IN ('member', 'admin')),
      kyc_purge_at       bigint NOT NULL,
      records_purge_at   bigint NOT NULL,
      kyc_purged_at      bigint,
      records_purged_at  bigint
    )`
})
