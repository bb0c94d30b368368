/** The append-only audit log of admin (and member) actions: who, when, what. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE audit_log (
      sequence  bigserial PRIMARY KEY,
      actor     text NOT NULL,
      action    text NOT NULL,
      subject   text NOT NULL,
      details   jsonb NOT NULL,
      at        bigint NOT NULL
    )`
  yield* sql`CREATE INDEX audit_log_actor ON audit_log (actor, sequence)`
  yield* sql`CREATE INDEX audit_log_subject ON audit_log (subject, sequence)`
  yield* sql`CREATE INDEX audit_log_at ON audit_log (at)`
  yield* sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END $$`
  yield* sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`
})
