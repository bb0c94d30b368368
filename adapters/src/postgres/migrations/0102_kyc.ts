/**
 * Members' KYC details and status, and their documents. Documents are stored here, in the database,
 * encrypted (AES-256-GCM) by the application: the table holds only ciphertext, IV and tag.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE kyc_records (
      member_id   text PRIMARY KEY,
      kyc_status  text NOT NULL,
      record      jsonb NOT NULL,
      updated_at  bigint NOT NULL
    )`
  yield* sql`CREATE INDEX kyc_records_status ON kyc_records (kyc_status, updated_at)`
  yield* sql`
    CREATE TABLE kyc_documents (
      owner        text NOT NULL,
      document_id  text NOT NULL,
      seq          bigserial,
      file_name    text NOT NULL,
      file_type    text NOT NULL,
      size         integer NOT NULL,
      key_id       text NOT NULL,
      iv           bytea NOT NULL,
      auth_tag     bytea NOT NULL,
      ciphertext   bytea NOT NULL,
      PRIMARY KEY (owner, document_id)
    )`
})
