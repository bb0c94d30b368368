/**
 * Issue 46, a buy's purchase-order reference (core's BuyReview.ts `PurchaseOrderReferenceField`): kept in the
 * order's record as `buy.purchaseOrderReference`, like the rest of the buy part. The database holds it to the
 * field's rules as well, so no writer can store what the invoice cannot print: 1 to 64 characters, none of them a
 * control character (a tab or a line break). Orders placed before have none; the check reads one row at a time
 * and its scan of the table is the migration's only cost.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    ALTER TABLE orders ADD CONSTRAINT orders_purchase_order_reference CHECK (
      record #>> '{buy,purchaseOrderReference}' IS NULL
      OR (
        char_length(record #>> '{buy,purchaseOrderReference}') BETWEEN 1 AND 64
        AND record #>> '{buy,purchaseOrderReference}' !~ '[[:cntrl:]]'
      )
    )`
})
