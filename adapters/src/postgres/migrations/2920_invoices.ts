/**
 * Issue 46, invoices and credit notes (core/src/invoices; postgres/InvoiceStorePg.ts):
 * - `invoice_sequences`: one counter row per issuer, the last number issued. Issuing updates it in the issuing
 *   transaction (an upsert returning the new number), so concurrent issues queue on the row and a rolled-back one
 *   gives its number back: numbers are unique and gap-free.
 * - `invoices`: every document issued (invoice or credit note), keyed by (issuer, number), its whole content in
 *   `document` as issued. An order has at most one invoice; an invoice at most one credit note.
 * - `invoices_immutable`: a trigger refusing every UPDATE and DELETE of an issued document (a correction is a credit
 *   note). TRUNCATE, a statement the tests' reset uses on emptied databases, fires no row trigger.
 * - `invoice_issuer` (one row) and `invoice_tax_treatments` (one per currency): the admin's settings
 *   (InvoiceSettingsPg.ts), copied into each document as it is issued.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE invoice_sequences (
      issuer_id    text PRIMARY KEY,
      last_number  integer NOT NULL CHECK (last_number > 0)
    )`
  yield* sql`
    CREATE TABLE invoices (
      issuer_id   text NOT NULL,
      number      integer NOT NULL CHECK (number > 0),
      kind        text NOT NULL CHECK (kind IN ('invoice', 'creditNote')),
      order_id    text NOT NULL,
      member_id   text NOT NULL,
      credits     integer,
      issued_at   timestamptz NOT NULL,
      document    jsonb NOT NULL,
      PRIMARY KEY (issuer_id, number),
      CHECK ((kind = 'creditNote') = (credits IS NOT NULL)),
      FOREIGN KEY (issuer_id, credits) REFERENCES invoices (issuer_id, number)
    )`
  yield* sql`CREATE UNIQUE INDEX invoices_one_per_order ON invoices (order_id) WHERE kind = 'invoice'`
  yield* sql`CREATE UNIQUE INDEX invoices_one_credit_note ON invoices (issuer_id, credits) WHERE credits IS NOT NULL`
  yield* sql`CREATE INDEX invoices_member ON invoices (member_id, issued_at)`
  yield* sql`CREATE INDEX invoices_issued_at ON invoices (issued_at)`
  yield* sql`
    CREATE FUNCTION invoices_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'an issued invoice never changes: % of invoice %/% refused (issue a credit note instead)',
        TG_OP, OLD.issuer_id, OLD.number
        USING ERRCODE = 'restrict_violation';
    END
    $$`
  yield* sql`
    CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
    FOR EACH ROW EXECUTE FUNCTION invoices_refuse_change()`
  yield* sql`
    CREATE TABLE invoice_issuer (
      singleton  boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      details    jsonb NOT NULL
    )`
  yield* sql`
    CREATE TABLE invoice_tax_treatments (
      currency   text PRIMARY KEY,
      treatment  jsonb NOT NULL
    )`
})
