/**
 * Issue 41: one batch of new buys across unit types (core's BuyBatches, BuyJournalPg; decision 0076). Buys of four
 * unit types arriving together were four batches, each paying a transaction's fixed costs (BEGIN, the statement's,
 * COMMIT's WAL flush); now they are one transaction and one statement.
 *
 * `record_buy_batches(lock_class, batches)` runs `record_buy_batch` (migration 2960) for each part of `batches`, a
 * JSON array of { unit_type, lock_key, keys, transfers, balances, orders } (each as `record_buy_batch` takes them, one
 * part per unit type), in the order of `lock_key`: every process takes the unit types' locks in that one order
 * (UnitOfWorkPg's `lockOrder`), whatever order the parts were given in, so two batches cannot deadlock. Each part's
 * rows are `record_buy_batch`'s, with `of_unit_type` naming the part.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE FUNCTION record_buy_batches(lock_class integer, batches jsonb)
    RETURNS TABLE (of_unit_type text, bucket text, units numeric, key_scope text, key_value text,
                   request_hash text, response jsonb, order_id text, sequence bigint, chain_length bigint,
                   chain_head text)
    LANGUAGE plpgsql VOLATILE AS $$
    #variable_conflict use_column
    DECLARE
      part record;
    BEGIN
      FOR part IN
        SELECT x.unit_type, x.lock_key, x.keys, x.transfers, x.balances, x.orders
        FROM jsonb_to_recordset(batches) AS x(unit_type text, lock_key integer, keys jsonb, transfers jsonb,
                                               balances jsonb, orders jsonb)
        ORDER BY x.lock_key
      LOOP
        RETURN QUERY
          SELECT part.unit_type, r.bucket, r.units, r.key_scope, r.key_value, r.request_hash, r.response,
                 r.order_id, r.sequence, r.chain_length, r.chain_head
          FROM record_buy_batch(lock_class, part.lock_key, part.unit_type, part.keys, part.transfers,
                                part.balances, part.orders) AS r;
      END LOOP;
    END $$`
})
