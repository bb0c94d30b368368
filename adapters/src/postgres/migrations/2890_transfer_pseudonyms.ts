/**
 * Issue 37: ledger proofs name other members by pseudonym (docs/decisions/0050-ledger-proofs-name-other-members-by-pseudonym.md).
 *
 * A transfer's hash committed to its account keys, which hold member ids (`member:<memberId>:<bucket>`), so a
 * member's inclusion proof had to show the other member's id for the member to recompute it. New transfers are
 * chained with the v2 encoding (core's TransferChain.ts), which names each member account by a pseudonym,
 * SHA-256(blind ‖ "landunits-member-v2|" + memberId), with a fresh 32-byte blind per member account per transfer.
 * The row keeps what it always kept (the keys with the member ids, so balances, holdings and statements read as
 * before) and, beside them:
 *
 * - `encoding`: 1 or 2, which encoding its hash was computed with. Rows already there are v1, and keep their hashes:
 *   the chains and every signed checkpoint stay as they are. The default stays 1: during a rolling release a
 *   process of the previous version appends without this column (its own `LedgerStorePg`, and `record_buy`
 *   below without the new fields), hashing v1, and its rows must say so.
 * - `from_blind`, `to_blind`: each member account's blind in v2 (64 hex digits); null for a platform account and
 *   in v1. `ledger verify` recomputes the pseudonym from the key's member id and the blind, then the hash, so a
 *   changed member id, blind or encoding is named as an edited row.
 *
 * `record_buy` (migration 2870) takes the same arguments; each transfer of its JSON may now carry `encoding`,
 * `from_blind` and `to_blind` (the previous version's calls carry none: v1). Its canonical encoding is still made
 * by the app, in the transfer's encoding.
 *
 * Adding columns with a constant default rewrites no row; the CHECK reads every row once.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE ledger_transfers
      ADD COLUMN encoding smallint NOT NULL DEFAULT 1,
      ADD COLUMN from_blind text,
      ADD COLUMN to_blind text,
      ADD CONSTRAINT ledger_transfers_encoding CHECK (
        (encoding = 1 AND from_blind IS NULL AND to_blind IS NULL) OR
        (encoding = 2 AND (from_blind IS NULL) = (from_member IS NULL) AND (to_blind IS NULL) = (to_member IS NULL)))`
  yield* sql`
    CREATE OR REPLACE FUNCTION record_buy(
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
            from_member text, to_key text, to_member text, units integer, at bigint, canonical text,
            encoding smallint, from_blind text, to_blind text)
        ORDER BY e.i
      LOOP
        IF t.unit_type IS DISTINCT FROM of_unit_type THEN
          RAISE EXCEPTION 'record_buy: a transfer of % in a buy of %', t.unit_type, of_unit_type;
        END IF;
        link := ledger_chain_link(at_head, t.canonical);
        INSERT INTO ledger_transfers (transfer_id, order_id, unit_type, from_key, from_member, to_key, to_member,
                                      units, at, chain_index, prev_hash, hash, encoding, from_blind, to_blind)
        VALUES (t.transfer_id, t.order_id, t.unit_type, t.from_key, t.from_member, t.to_key, t.to_member,
                t.units, t.at, to_length + 1, at_head, link, COALESCE(t.encoding, 1), t.from_blind, t.to_blind);
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
