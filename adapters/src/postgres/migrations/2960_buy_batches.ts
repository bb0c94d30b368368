/**
 * Issue 41: the buys of a unit type committed in batches (core's BuyBatches, BuyJournalPg; decision 0071).
 *
 * A batch is BEGIN, `open_buy_batch`, core's checks of each buy (with the price and the land's limits read once),
 * `record_buys`, COMMIT: the lock, the round trips and the WAL flush of a commit paid once for every buy of the
 * batch. The decision to keep each buy is core's, taken between the two statements, so no refusal is written and
 * none is taken back.
 *
 * `open_buy_batch(lock_class, lock_key, of_unit_type, keys)` takes the unit type's advisory lock (UnitOfWorkPg's key)
 * and answers, under it, the saved records of the keys asked for (a JSON array of { scope, key }: rows with
 * `key_scope`, `key_value`, `request_hash`, `response`), then the unit type's kept totals (rows with `bucket`,
 * `units`).
 *
 * `record_buys(lock_class, lock_key, of_unit_type, transfers, balances, orders)` takes the lock again (free: the
 * transaction holds it; a call without `open_buy_batch` before it still writes under the lock), then writes as
 * `record_buy` (migrations 2870, 2890) does for one buy, a set at a time: the transfers with their chain links from the
 * head read under the lock (each transfer's canonical encoding made by the app; the links computed one after another,
 * the rows inserted together), the balance rows (the guard of migration 0203 and the totals' triggers), the chain's
 * head moved only from the length read, then the orders and their keys, each key's response the order's record with
 * its sequence. `orders` is a JSON array, in the batch's order, of { order_id, member_id,
 * order_type, order_status, is_double_land, created_at, record, key_scope, key_value, key_hash }. Rows answered: one
 * per order (`order_id`, `sequence`) in that order, then one with the chain's length and head after the write.
 *
 * `record_buy_batch(lock_class, lock_key, of_unit_type, keys, transfers, balances, orders)` is the two in one statement,
 * on the guess that core will keep every buy (BuyJournal.recordBatch): the lock, the saved keys, the totals read
 * before the write, then, unless a key was saved (nothing is written then), `record_buys`' write and its rows. Core
 * judges after it; when it keeps fewer than were written, the transaction is rolled back and the batch judged first.
 *
 * `record_buy` stays: during a rolling release, processes of the previous version still call it.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION open_buy_batch(lock_class integer, lock_key integer, of_unit_type text, keys jsonb)
    RETURNS TABLE (bucket text, units numeric, key_scope text, key_value text, request_hash text, response jsonb)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      -- One index lookup per key (the subquery kept apart by OFFSET 0): a join on the keys would scan them all.
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, k.scope, k.idempotency_key, k.request_hash, k.response
        FROM jsonb_to_recordset(keys) AS w(scope text, key text)
        CROSS JOIN LATERAL (
          SELECT i.scope, i.idempotency_key, i.request_hash, i.response FROM idempotency_keys i
          WHERE i.scope = w.scope AND i.idempotency_key = w.key OFFSET 0) k;
      RETURN QUERY
        SELECT b.bucket, b.units::numeric, NULL::text, NULL::text, NULL::text, NULL::jsonb
        FROM ledger_bucket_totals b WHERE b.unit_type = of_unit_type;
    END $$`
  yield* sql`
    CREATE FUNCTION record_buys(
      lock_class integer, lock_key integer, of_unit_type text, transfers jsonb, balances jsonb, orders jsonb)
    RETURNS TABLE (order_id text, sequence bigint, chain_length bigint, chain_head text)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    DECLARE
      from_length bigint;
      to_length bigint;
      at_head text;
      before_head text;
      t record;
      prevs text[] := '{}';
      links text[] := '{}';
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      SELECT h.length, h.head INTO from_length, at_head FROM ledger_chain_heads h WHERE h.chain = of_unit_type;
      IF NOT FOUND THEN
        from_length := 0;
        at_head := repeat('0', 64);
      END IF;
      to_length := from_length;
      before_head := at_head;
      -- The links, one after another (each hashes the one before); the rows then in one INSERT.
      FOR t IN
        SELECT x.unit_type, x.canonical FROM jsonb_array_elements(transfers) WITH ORDINALITY AS e(value, i),
          jsonb_to_record(e.value) AS x(unit_type text, canonical text)
        ORDER BY e.i
      LOOP
        IF t.unit_type IS DISTINCT FROM of_unit_type THEN
          RAISE EXCEPTION 'record_buys: a transfer of % in a batch of %', t.unit_type, of_unit_type;
        END IF;
        prevs := prevs || at_head;
        before_head := at_head;
        at_head := ledger_chain_link(at_head, t.canonical);
        links := links || at_head;
        to_length := to_length + 1;
      END LOOP;
      INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, from_member, to_key, to_member,
                                    units, at, chain_index, prev_hash, hash, encoding, from_blind, to_blind)
      SELECT x.transfer_id, x.order_id, x.unit_type, x.from_key, x.from_member, x.to_key, x.to_member, x.units, x.at,
             from_length + e.i, prevs[e.i], links[e.i], COALESCE(x.encoding, 1), x.from_blind, x.to_blind
      FROM jsonb_array_elements(transfers) WITH ORDINALITY AS e(value, i),
        jsonb_to_record(e.value) AS x(transfer_id text, order_id text, unit_type text, from_key text,
          from_member text, to_key text, to_member text, units integer, at bigint,
          encoding smallint, from_blind text, to_blind text)
      ORDER BY e.i;
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
      -- The orders in one INSERT (their sequences in the batch's order), their keys in another.
      RETURN QUERY
        WITH given AS (
          SELECT e.i, x.* FROM jsonb_array_elements(orders) WITH ORDINALITY AS e(value, i),
            jsonb_to_record(e.value) AS x(order_id text, member_id text, order_type text, order_status text,
              is_double_land boolean, created_at timestamptz, record jsonb, key_scope text, key_value text,
              key_hash text)
        ), inserted AS (
          INSERT INTO orders AS o (order_id, member_id, order_type, unit_type, order_status, is_double_land,
                                   created_at, record)
          SELECT g.order_id, g.member_id, g.order_type, of_unit_type, g.order_status, g.is_double_land, g.created_at,
                 g.record
          FROM given g ORDER BY g.i
          RETURNING o.order_id, o.sequence
        ), keyed AS (
          INSERT INTO idempotency_keys (scope, idempotency_key, request_hash, response)
          SELECT g.key_scope, g.key_value, g.key_hash, g.record || jsonb_build_object('sequence', n.sequence)
          FROM given g JOIN inserted n ON n.order_id = g.order_id
        )
        SELECT n.order_id, n.sequence, NULL::bigint, NULL::text FROM inserted n;
      RETURN QUERY SELECT NULL::text, NULL::bigint, to_length, at_head;
    END $$`
  yield* sql`
    CREATE FUNCTION record_buy_batch(
      lock_class integer, lock_key integer, of_unit_type text, keys jsonb, transfers jsonb, balances jsonb,
      orders jsonb)
    RETURNS TABLE (bucket text, units numeric, key_scope text, key_value text, request_hash text, response jsonb,
                   order_id text, sequence bigint, chain_length bigint, chain_head text)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, k.scope, k.idempotency_key, k.request_hash, k.response,
               NULL::text, NULL::bigint, NULL::bigint, NULL::text
        FROM jsonb_to_recordset(keys) AS w(scope text, key text)
        CROSS JOIN LATERAL (
          SELECT i.scope, i.idempotency_key, i.request_hash, i.response FROM idempotency_keys i
          WHERE i.scope = w.scope AND i.idempotency_key = w.key OFFSET 0) k;
      -- A key already saved: nothing is written; the caller judges the batch on the totals and writes what it keeps.
      IF FOUND THEN
        RETURN QUERY
          SELECT b.bucket, b.units::numeric, NULL::text, NULL::text, NULL::text, NULL::jsonb,
                 NULL::text, NULL::bigint, NULL::bigint, NULL::text
          FROM ledger_bucket_totals b WHERE b.unit_type = of_unit_type;
        RETURN;
      END IF;
      RETURN QUERY
        SELECT b.bucket, b.units::numeric, NULL::text, NULL::text, NULL::text, NULL::jsonb,
               NULL::text, NULL::bigint, NULL::bigint, NULL::text
        FROM ledger_bucket_totals b WHERE b.unit_type = of_unit_type;
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, NULL::text, NULL::text, NULL::text, NULL::jsonb,
               r.order_id, r.sequence, r.chain_length, r.chain_head
        FROM record_buys(lock_class, lock_key, of_unit_type, transfers, balances, orders) AS r;
    END $$`
})
