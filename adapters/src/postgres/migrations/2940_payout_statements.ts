/**
 * Issue 46, a sale's payout statements and a credit note's reason (core/src/invoices; postgres/InvoiceStorePg.ts;
 * docs/decisions/0068):
 * - `invoices.kind` also admits `payoutStatement`, numbered in the issuer's one sequence (`invoice_sequences`, as
 *   invoices and credit notes are: no new counter).
 * - `invoices.payout_id`: the payout a statement documents, set on statements only, and unique: a payout has one
 *   statement (a concurrent retry hits the index, rolls its savepoint back with its number, and reads the first).
 * Adding a column and changing a check rewrite no row, so the table's trigger refusing UPDATE never fires; a
 * credit note's reason lives in its `document` like the rest of what it prints.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE invoices DROP CONSTRAINT invoices_kind_check`
  yield* sql`
    ALTER TABLE invoices ADD CONSTRAINT invoices_kind_check
      CHECK (kind IN ('invoice', 'creditNote', 'payoutStatement'))`
  yield* sql`ALTER TABLE invoices ADD COLUMN payout_id text`
  yield* sql`
    ALTER TABLE invoices ADD CONSTRAINT invoices_payout_statement
      CHECK ((kind = 'payoutStatement') = (payout_id IS NOT NULL))`
  yield* sql`CREATE UNIQUE INDEX invoices_one_per_payout ON invoices (payout_id) WHERE payout_id IS NOT NULL`
})
