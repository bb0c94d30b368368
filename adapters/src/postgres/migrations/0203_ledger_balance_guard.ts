/**
 * Member balances are guarded by a trigger that looks at the row as it ends up, instead of a CHECK: a
 * CHECK is also tested on the row an INSERT … ON CONFLICT DO UPDATE proposes (the delta alone), which
 * forced appends to open accounts and update them in separate statements. With the trigger, an append is
 * one statement. A balance below zero aborts the statement with SQLSTATE 23514 and names the account in
 * DETAIL ("unit_type|account_key|units").
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE ledger_balances DROP CONSTRAINT member_balance_not_negative`
  yield* sql`
    CREATE FUNCTION ledger_member_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.member_id IS NOT NULL AND NEW.units < 0 THEN
        RAISE EXCEPTION 'ledger balance below zero'
          USING ERRCODE = '23514', DETAIL = NEW.unit_type || '|' || NEW.account_key || '|' || NEW.units;
      END IF;
      RETURN NULL;
    END $$`
  yield* sql`
    CREATE TRIGGER ledger_member_balance_guard AFTER INSERT OR UPDATE ON ledger_balances
    FOR EACH ROW EXECUTE FUNCTION ledger_member_balance_guard()`
})
