/**
 * A unit type's order-command lock and its ledger totals in one round trip. The function takes the
 * transaction-scoped advisory lock, then reads the totals with a query of its own: a VOLATILE function
 * takes a fresh snapshot for each query it runs (READ COMMITTED), so the read sees everything the lock's
 * previous holder committed, exactly as a separate statement after the lock would.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION ledger_totals_after_lock(lock_class integer, lock_key integer, of_unit_type text)
    RETURNS TABLE (bucket text, units numeric) LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT b.bucket, sum(b.units)::numeric FROM ledger_balances b
        WHERE b.unit_type = of_unit_type GROUP BY b.bucket;
    END $$`
})
