/**
 * Issue 22: a new buy in one statement (core's BuyJournal, BuyJournalPg).
 *
 * A buy made four statements, three of them inside its unit type's serial section: the lock with the reads
 * (`buy_reads_after_lock`), the write, COMMIT. The write does not depend on the totals, only the decision to keep
 * it does, so `record_buy` takes the lock, reads the key (a repeat answers its first result and writes nothing),
 * reads the unit type's kept totals, then writes the transfers, the balance rows (the guard and the totals'
 * triggers as before), the order and the key, extends the unit type's chain, and answers the totals it read
 * before writing with the order's sequence. Core then runs the same checks on those totals; a refusal fails the
 * command and its transaction rolls the write back. So a buy is BEGIN, this statement, COMMIT.
 *
 * The chain's links are computed here, from the head read under the lock, with the canonical encoding of each
 * transfer computed by the app (core's `canonicalTransfer`, the one definition of the encoding) and passed in:
 * link = SHA-256(bytes of the previous hash ‖ UTF-8 of the encoding) (`ledger_chain_link`). The head moves only
 * from the length read, as the app's appends move it (TransferChainHeadsPg's `headMoves`): an append that slipped
 * in between without the lock makes this statement fail rather than fork the chain.
 *
 * Each query after the lock takes its own snapshot (a VOLATILE function, READ COMMITTED), so it sees everything
 * the lock's previous holder committed. `buy_reads_after_lock` stays for now: during a rolling release, processes
 * of the previous version still call it after this migration ran; a later migration may drop it.
 *
 * Parameters: the lock (class, key), the unit type; the key (scope, key, request hash); the transfers, a JSON
 * array in append order of { transfer_id, order_id, unit_type, from_key, from_member, to_key, to_member, units,
 * at, canonical }, every one of the unit type; the balance changes, a JSON array of { unit_type, account_key,
 * member_id, bucket, units }; the order's columns and its record (without its sequence).
 *
 * Rows answered: the key's row when it exists (`request_hash`, `response`) and nothing else; otherwise one row per
 * bucket of the totals read before the write (`bucket`, `units`), then one row with the order's `sequence` and the
 * chain's length and head after the write.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION ledger_chain_link(prev text, canonical text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT encode(sha256(decode(prev, 'hex') || convert_to(canonical, 'UTF8')), 'hex')
    $$`
  yield* sql`
    CREATE FUNCTION record_buy(
      lock_class integer, lock_key integer, of_unit_type text,
      key_scope text, key_value text, key_hash text,
      transfers jsonb, balances jsonb,
      new_order_id text, new_member_id text, new_order_type text, new_order_status text,
      new_is_double_land boolean, new_created_at timestamptz, new_record jsonb)
    RETURNS TABLE (bucket text, units numeric, request_hash text, response jsonb, sequence bigint,
                   chain_length bigint, chain_head text)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    DECLARE
      from_length bigint;
      to_length bigint;
      at_head text;
      before_head text;
      link text;
      t record;
      seq bigint;
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, k.request_hash, k.response, NULL::bigint, NULL::bigint, NULL::text
        FROM idempotency_keys k WHERE k.scope = key_scope AND k.idempotency_key = key_value;
      IF FOUND THEN
        RETURN;
      END IF;
      RETURN QUERY
        SELECT b.bucket, b.units::numeric, NULL::text, NULL::jsonb, NULL::bigint, NULL::bigint, NULL::text
        FROM ledger_bucket_totals b WHERE b.unit_type = of_unit_type;
      SELECT h.length, h.head INTO from_length, at_head FROM ledger_chain_heads h WHERE h.chain = of_unit_type;
      IF NOT FOUND THEN
        from_length := 0;
        at_head := repeat('0', 64);
      END IF;
      to_length := from_length;
      before_head := at_head;
      FOR t IN
        SELECT x.* FROM jsonb_array_elements(transfers) WITH ORDINALITY AS e(value, i),
          jsonb_to_record(e.value) AS x(transfer_id text, order_id text, unit_type text, from_key text,
            from_member text, to_key text, to_member text, units integer, at bigint, canonical text)
        ORDER BY e.i
      LOOP
        IF t.unit_type IS DISTINCT FROM of_unit_type THEN
          RAISE EXCEPTION 'record_buy: a transfer of % in a buy of %', t.unit_type, of_unit_type;
        END IF;
        link := ledger_chain_link(at_head, t.canonical);
        INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, from_member, to_key, to_member,
                                      units, at, chain_index, prev_hash, hash)
        VALUES (t.transfer_id, t.order_id, t.unit_type, t.from_key, t.from_member, t.to_key, t.to_member,
                t.units, t.at, to_length + 1, at_head, link);
        before_head := at_head;
        at_head := link;
        to_length := to_length + 1;
      END LOOP;
      INSERT INTO ledger_balances (unit_type, account_key, member_id, bucket, units)
      SELECT c.unit_type, c.account_key, c.member_id, c.bucket, c.units
      FROM jsonb_to_recordset(balances) AS c(unit_type text, account_key text, member_id text, bucket text, units bigint)
      ON CONFLICT (unit_type, account_key) DO UPDATE SET units = ledger_balances.units + EXCLUDED.units;
      IF to_length > from_length THEN
        IF from_length = 0 THEN
          INSERT INTO ledger_chain_heads AS h (chain, length, head, prev)
          VALUES (of_unit_type, to_length, at_head, before_head)
          ON CONFLICT (chain) DO UPDATE SET length = EXCLUDED.length, head = EXCLUDED.head, prev = EXCLUDED.prev
          WHERE h.length = 0;
        ELSE
          UPDATE ledger_chain_heads AS h SET length = to_length, head = at_head, prev = before_head
          WHERE h.chain = of_unit_type AND h.length = from_length;
        END IF;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'A ledger append did not start from its chains'' heads (0 of 1 moved: % at %); nothing of it is committed',
            of_unit_type, from_length;
        END IF;
      END IF;
      INSERT INTO orders (order_id, member_id, order_type, unit_type, order_status, is_double_land, created_at, record)
      VALUES (new_order_id, new_member_id, new_order_type, of_unit_type, new_order_status, new_is_double_land,
              new_created_at, new_record)
      RETURNING orders.sequence INTO seq;
      INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
      VALUES (key_scope, key_value, key_hash, new_record || jsonb_build_object('sequence', seq));
      RETURN QUERY SELECT NULL::text, NULL::numeric, NULL::text, NULL::jsonb, seq, to_length, at_head;
    END $$`
})
