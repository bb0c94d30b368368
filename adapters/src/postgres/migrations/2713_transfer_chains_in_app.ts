/**
 * Issue 21: the transfer chains extended by the app, not by a trigger.
 *
 * Migration 2709 chained each ledger transfer in a BEFORE INSERT trigger: a PL/pgSQL call, the canonical
 * encoding and SHA-256 in SQL, and an UPDATE of the chain's head row, for every row. On the order path that cost
 * about a tenth of the buys a second (docs/benchmarks.md). The app now computes each link with core's
 * `chainHash` (the one definition of the encoding, TransferChain.ts) from the head it read under the unit type's
 * order-command lock, writes `chain_index`, `prev_hash` and `hash` with the insert, and moves the head in the
 * same statement, guarded by the length it read (LedgerStorePg's `appendCtes`): an append that did not start
 * from the chain's head writes nothing.
 *
 * `buy_reads_after_lock` also answers the unit type's chain head, so a buy needs no read of its own for it.
 * The audit log keeps its trigger (admin commands are few, and its sequence is drawn there: migration 2712).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`DROP TRIGGER ledger_transfers_chain ON ledger_transfers`
  yield* sql`DROP FUNCTION ledger_transfers_chain()`
  yield* sql`DROP FUNCTION ledger_transfer_canonical(ledger_transfers)`
  yield* sql`DROP FUNCTION buy_reads_after_lock(integer, integer, text, text, text)`
  // One row per bucket, then the key's row if there is one, then the chain's head if it has one (a row whose
  // `chain_length` is not null).
  yield* sql`
    CREATE FUNCTION buy_reads_after_lock(
      lock_class integer, lock_key integer, of_unit_type text, key_scope text, key_value text)
    RETURNS TABLE (bucket text, units numeric, request_hash text, response jsonb, chain_length bigint, chain_head text)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT t.bucket, t.units::numeric, NULL::text, NULL::jsonb, NULL::bigint, NULL::text
        FROM ledger_bucket_totals t WHERE t.unit_type = of_unit_type;
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, k.request_hash, k.response, NULL::bigint, NULL::text
        FROM idempotency_keys k WHERE k.scope = key_scope AND k.idempotency_key = key_value;
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, NULL::text, NULL::jsonb, h.length, h.head
        FROM ledger_chain_heads h WHERE h.chain = of_unit_type;
    END $$`
})
