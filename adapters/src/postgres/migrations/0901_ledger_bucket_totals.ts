/**
 * Each unit type's ledger totals per bucket, kept as rows of their own, so that reading them costs the same
 * whatever the number of members. Before, the totals (the capacity check of every buy, under the unit type's
 * lock) summed every balance row of the unit type: about 20 ms a buy with 100,000 members holding it, which
 * would have capped one unit type's buys near 50 a second.
 *
 * A trigger on `ledger_balances` adds each balance row's change to its (unit type, bucket) total in the same
 * statement, so the totals move in the same transaction as the balances and can never disagree with them.
 * The total's row is written by every transfer of its unit type; those already queue for the unit type's
 * order-command lock (docs/ledger.md §8), which they take before writing, so the row adds no wait.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // An app process still on the previous version may be writing balances while this runs (a rolling
  // deploy). Holding writes off until the migration commits means none lands between the backfill's
  // snapshot and the trigger: each is either in the backfill or moves the totals through the trigger.
  yield* sql`LOCK TABLE ledger_balances IN SHARE ROW EXCLUSIVE MODE`
  yield* sql`
    CREATE TABLE ledger_bucket_totals (
      unit_type text NOT NULL,
      bucket    text NOT NULL,
      units     bigint NOT NULL,
      PRIMARY KEY (unit_type, bucket)
    )`
  yield* sql`
    INSERT INTO ledger_bucket_totals (unit_type, bucket, units)
    SELECT unit_type, bucket, sum(units) FROM ledger_balances GROUP BY unit_type, bucket`
  yield* sql`
    CREATE FUNCTION ledger_bucket_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE ledger_bucket_totals SET units = units - OLD.units
        WHERE unit_type = OLD.unit_type AND bucket = OLD.bucket;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO ledger_bucket_totals (unit_type, bucket, units) VALUES (NEW.unit_type, NEW.bucket, NEW.units)
        ON CONFLICT (unit_type, bucket) DO UPDATE SET units = ledger_bucket_totals.units + EXCLUDED.units;
      END IF;
      RETURN NULL;
    END $$`
  yield* sql`
    CREATE TRIGGER ledger_bucket_totals_follow AFTER INSERT OR UPDATE OR DELETE ON ledger_balances
    FOR EACH ROW EXECUTE FUNCTION ledger_bucket_totals_follow()`
  // The lock and the totals in one round trip (migration 0204), now from the kept totals.
  yield* sql`
    CREATE OR REPLACE FUNCTION ledger_totals_after_lock(lock_class integer, lock_key integer, of_unit_type text)
    RETURNS TABLE (bucket text, units numeric) LANGUAGE plpgsql VOLATILE AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(lock_class, lock_key);
      RETURN QUERY
        SELECT t.bucket, t.units::numeric FROM ledger_bucket_totals t WHERE t.unit_type = of_unit_type;
    END $$`
})
