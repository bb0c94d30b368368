/**
 * The double-entry ledger: append-only transfers, and one balance row per account kept in the same
 * transaction (so reads never sum the whole history). Member balances can never go below zero.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ledger_transfers (
      seq          bigserial PRIMARY KEY,
      transfer_id  text NOT NULL UNIQUE,
      order_id     text NOT NULL,
      unit_type    text NOT NULL,
      from_key     text NOT NULL,
      from_member  text,
      to_key       text NOT NULL,
      to_member    text,
      units        integer NOT NULL CHECK (units > 0),
      at           bigint NOT NULL,
      CHECK (from_key <> to_key)
    )`
  yield* sql`CREATE INDEX ledger_transfers_order ON ledger_transfers (order_id, seq)`
  yield* sql`CREATE INDEX ledger_transfers_from_member ON ledger_transfers (from_member, seq) WHERE from_member IS NOT NULL`
  yield* sql`CREATE INDEX ledger_transfers_to_member ON ledger_transfers (to_member, seq) WHERE to_member IS NOT NULL`
  yield* sql`
    CREATE TABLE ledger_balances (
      unit_type    text NOT NULL,
      account_key  text NOT NULL,
      member_id    text,
      bucket       text NOT NULL,
      units        bigint NOT NULL,
      opened       bigserial,
      PRIMARY KEY (unit_type, account_key),
      CONSTRAINT member_balance_not_negative CHECK (member_id IS NULL OR units >= 0)
    )`
  yield* sql`CREATE INDEX ledger_balances_member ON ledger_balances (member_id, opened) WHERE member_id IS NOT NULL`
  // The ledger is append-only: no update or delete of a transfer, ever.
  yield* sql`
    CREATE FUNCTION ledger_transfers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger_transfers is append-only';
    END $$`
  yield* sql`
    CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
    FOR EACH ROW EXECUTE FUNCTION ledger_transfers_append_only()`
})
