/**
 * Issue 21: each order's timeline. An order's record (`orders.record`, JSONB) held `statusHistory`, the statuses
 * it entered and when; it now holds `timeline` (core/src/orders/OrderTimeline.ts): each status change with the
 * status it left, who made it and why. New orders write it; this gives the orders stored before it the timeline
 * their history already tells: the same instants and statuses, each entry's `from` the status before it, and an
 * `Unknown` actor ("recorded before timelines") with no reason, since nobody recorded who acted.
 *
 * The first results that idempotency keys keep (`idempotency_keys.response`) hold orders too (a command's order,
 * `{ order, payouts }`, `{ order, instructions }`, a job's list): a repeated command answers them as they are,
 * so they are given their timeline the same way. An order is an object with `orderType` and `statusHistory`;
 * payouts keep their own `statusHistory` (they have no `orderType`). Records that have a timeline already are
 * left as they are, so running this twice changes nothing.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  // The timeline of a statusHistory array: [{ at, from?, to, actor: { _tag: "Unknown" } }], in its order.
  yield* sql`
    CREATE OR REPLACE FUNCTION landunits_timeline_of(history jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE AS $$
      SELECT coalesce(jsonb_agg(e.entry ORDER BY e.i), '[]'::jsonb)
      FROM (
        SELECT h.i, jsonb_build_object('at', h.change->'at', 'to', h.change->'status',
                                       'actor', jsonb_build_object('_tag', 'Unknown'))
                    || CASE WHEN lag(h.change->'status') OVER (ORDER BY h.i) IS NULL THEN '{}'::jsonb
                            ELSE jsonb_build_object('from', lag(h.change->'status') OVER (ORDER BY h.i)) END
                    AS entry
        FROM jsonb_array_elements(history) WITH ORDINALITY AS h(change, i)
      ) AS e
    $$`
  // Every order found in a JSON value (the value itself, or nested in objects and arrays) with its timeline.
  yield* sql`
    CREATE OR REPLACE FUNCTION landunits_with_timelines(value jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE AS $$
    DECLARE
      result jsonb := value;
    BEGIN
      IF jsonb_typeof(value) = 'array' THEN
        SELECT coalesce(jsonb_agg(landunits_with_timelines(a.item) ORDER BY a.i), '[]'::jsonb) INTO result
        FROM jsonb_array_elements(value) WITH ORDINALITY AS a(item, i);
      ELSIF jsonb_typeof(value) = 'object' THEN
        IF value->'orderType' IS NOT NULL AND jsonb_typeof(value->'statusHistory') = 'array'
           AND value->'timeline' IS NULL THEN
          result := (value - 'statusHistory')
                    || jsonb_build_object('timeline', landunits_timeline_of(value->'statusHistory'));
        END IF;
        SELECT coalesce(jsonb_object_agg(o.key, landunits_with_timelines(o.item)), '{}'::jsonb) INTO result
        FROM jsonb_each(result) AS o(key, item);
      END IF;
      RETURN result;
    END $$`
  yield* sql`
    UPDATE orders SET record = landunits_with_timelines(record)
    WHERE record->'statusHistory' IS NOT NULL`
  yield* sql`
    UPDATE idempotency_keys SET response = landunits_with_timelines(response)
    WHERE strpos(response::text, '"statusHistory"') > 0`
  yield* sql`DROP FUNCTION landunits_with_timelines(jsonb)`
  yield* sql`DROP FUNCTION landunits_timeline_of(jsonb)`
})
