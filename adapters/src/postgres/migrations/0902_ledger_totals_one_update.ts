/**
 * The kept ledger totals' trigger (migration 0901) in one statement for the usual change: a balance row
 * whose units move within its (unit type, bucket) adds the difference to its total with one UPDATE, where
 * it took two (take the old units off, add the new ones on). Every order command changes two balance rows or
 * more under its unit type's lock, so this shortens the section that buys of one unit type wait for.
 * A row that moves to another unit type or bucket, an insert and a delete keep the two-step path.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE OR REPLACE FUNCTION ledger_bucket_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND NEW.unit_type = OLD.unit_type AND NEW.bucket = OLD.bucket THEN
        IF NEW.units <> OLD.units THEN
          UPDATE ledger_bucket_totals SET units = units + (NEW.units - OLD.units)
          WHERE unit_type = NEW.unit_type AND bucket = NEW.bucket;
        END IF;
        RETURN NULL;
      END IF;
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
})
