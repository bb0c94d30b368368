/**
 * Issue 24, prices over time: every schedule a unit type has had (base price, base date, growth), with when it
 * was set, so that a day's price can be told as it was on that day after an admin changed the schedule.
 * `unit_prices` keeps only the schedule in force; `PricingSettingsPg.setUnit` appends here in the same
 * transaction whenever the schedule changes.
 *
 * The table starts from what is known: each `pricing set-price` the audit log recorded (with its instant and the
 * schedule it set), then, for a unit type priced without one (the demo seed, a restore), its schedule in force as
 * set on its base date (the day from which it has priced). Append-only, as the audit log.
 *
 * It was first numbered 2740, below 2800, which had already shipped: an installation that had applied 2800 would
 * never have run it (ids only grow). Renumbered 2801, it does nothing where the table is already there (an
 * installation that ran it as 2740).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const present = yield* sql`SELECT to_regclass('price_schedule_changes') IS NOT NULL AS present`
  if (present[0]?.present === true) return
  yield* sql`
    CREATE TABLE price_schedule_changes (
      id                        bigserial PRIMARY KEY,
      unit_type                 text NOT NULL,
      base_price                bigint NOT NULL CHECK (base_price > 0),
      base_date                 date NOT NULL,
      growth_per_year_percent   numeric NOT NULL CHECK (growth_per_year_percent >= 0),
      changed_at                bigint NOT NULL
    )`
  yield* sql`CREATE INDEX price_schedule_changes_unit ON price_schedule_changes (unit_type, changed_at, id)`
  yield* sql`
    INSERT INTO price_schedule_changes (unit_type, base_price, base_date, growth_per_year_percent, changed_at)
    SELECT a.after->>'unitType', (a.after->>'basePrice')::bigint, (a.after->>'baseDate')::date,
           (a.after->>'growthPerYearPercent')::numeric, a.at
    FROM (SELECT (details->>'after')::jsonb AS after, at, sequence FROM audit_log
          WHERE action = 'pricing.setPrice' AND details ? 'after') a
    WHERE a.after ? 'unitType' AND a.after ? 'basePrice'
    ORDER BY a.at, a.sequence`
  yield* sql`
    INSERT INTO price_schedule_changes (unit_type, base_price, base_date, growth_per_year_percent, changed_at)
    SELECT p.unit_type, p.base_price, p.base_date, p.growth_per_year_percent,
           (extract(epoch FROM p.base_date::timestamp) * 1000)::bigint
    FROM unit_prices p
    WHERE NOT EXISTS (SELECT 1 FROM price_schedule_changes c WHERE c.unit_type = p.unit_type)`
  yield* sql`
    CREATE FUNCTION price_schedule_changes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'price_schedule_changes is append-only';
    END $$`
  yield* sql`
    CREATE TRIGGER price_schedule_changes_append_only BEFORE UPDATE OR DELETE ON price_schedule_changes
    FOR EACH ROW EXECUTE FUNCTION price_schedule_changes_append_only()`
})
