/**
 * What a new buy reads under its unit type's lock, in one round trip (core's LockedReads): the lock, the
 * unit type's kept totals (migrations 0901, 0902) and the record saved under the buy's idempotency key.
 * Before, the key was a statement of its own. Each read after the lock is a query of its own in a VOLATILE
 * function, so it takes its snapshot after the lock is granted (READ COMMITTED) and sees everything the
 * lock's previous holder committed, as a separate statement would.
 *
 * One row per bucket (`request_hash` and `response` null), then the key's row if there is one (`bucket`
 * null).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION buy_reads_after_lock(
      lock_class integer, lock_key integer, of_unit_type text, key_scope text, key_value text)
    RETURNS TABLE (bucket text, units numeric, request_hash text, response jsonb)
    LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT t.bucket, t.units::numeric, NULL::text, NULL::jsonb
        FROM ledger_bucket_totals t WHERE t.unit_type = of_unit_type;
      RETURN QUERY
        SELECT NULL::text, NULL::numeric, k.request_hash, k.response
        FROM idempotency_keys k WHERE k.scope = key_scope AND k.idempotency_key = key_value;
    END $$`
})
