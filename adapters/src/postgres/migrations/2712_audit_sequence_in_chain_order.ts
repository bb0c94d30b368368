/**
 * Issue 21: an audit entry's `sequence` in the order of its place in the audit chain.
 *
 * `sequence` (bigserial) was drawn when the INSERT began, before the BEFORE INSERT trigger of migration 2709 took
 * the chain's head row (its UPDATE holds that row until commit). Two admins' commands writing audit entries at
 * the same moment could draw sequences 7 and 8 and then take chain places 8 and 7, and `ledger verify`, which reads
 * the log in sequence order, would name a sound log "reordered". Ledger transfers do not have this gap: their
 * appends to one chain already run one at a time under the unit type's order-command lock.
 *
 * The column no longer draws its sequence when the INSERT begins: the chain trigger draws it once it holds the head
 * row, so sequence order is chain order (and the numbers stay without gaps, as before). A row written with its
 * sequence given (a restore) keeps it.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE audit_log ALTER COLUMN sequence DROP DEFAULT`
  yield* sql`
    CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT idx, prev, next INTO NEW.chain_index, NEW.prev_hash, NEW.hash
      FROM ledger_chain_extend('audit', audit_entry_canonical(NEW));
      IF NEW.sequence IS NULL THEN
        NEW.sequence := nextval(pg_get_serial_sequence('audit_log', 'sequence'));
      END IF;
      RETURN NEW;
    END $$`
})
