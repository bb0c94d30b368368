/**
 * Issue 21: hash chains over the ledger's transfers (one chain per unit type) and over the admin audit log (one
 * chain), as core/src/ledger/TransferChain.ts defines them: each row gets its place (`chain_index`), the hash
 * before it (`prev_hash`) and its own (`hash` = SHA-256 of prev_hash's bytes ‖ the row's canonical encoding).
 *
 * The database extends the chains itself, in a BEFORE INSERT trigger: whatever appends a row, the row is
 * chained, in the same statement and transaction. Each chain's length and head are a row of
 * `ledger_chain_heads`, locked (FOR UPDATE) while a row is added, so appends to one chain are serial; for
 * ledger transfers they already are, under the order command's lock on the unit type. Rows appended before
 * this migration are chained here, in their order (seq, sequence).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ledger_chain_heads (
      chain   text PRIMARY KEY,
      length  bigint NOT NULL,
      head    text NOT NULL,
      prev    text NOT NULL
    )`
  // The next link of a chain: its index, the hash before it, and its hash; the head moves on. One UPDATE (its
  // row lock is the chain's), whose SET reads the old head: prev keeps it for RETURNING.
  yield* sql`
    CREATE FUNCTION ledger_chain_extend(chain_name text, canonical text, OUT idx bigint, OUT prev text, OUT next text)
    LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ledger_chain_heads AS h
      SET length = h.length + 1, prev = h.head,
          head = encode(sha256(decode(h.head, 'hex') || convert_to(canonical, 'UTF8')), 'hex')
      WHERE h.chain = chain_name
      RETURNING h.length, h.prev, h.head INTO idx, prev, next;
      IF NOT FOUND THEN
        INSERT INTO ledger_chain_heads (chain, length, head, prev)
        VALUES (chain_name, 0, repeat('0', 64), repeat('0', 64))
        ON CONFLICT (chain) DO NOTHING;
        UPDATE ledger_chain_heads AS h
        SET length = h.length + 1, prev = h.head,
            head = encode(sha256(decode(h.head, 'hex') || convert_to(canonical, 'UTF8')), 'hex')
        WHERE h.chain = chain_name
        RETURNING h.length, h.prev, h.head INTO idx, prev, next;
      END IF;
    END $$`
  for (const table of ["ledger_transfers", "audit_log"]) {
    yield* sql`ALTER TABLE ${sql(table)} ADD COLUMN chain_index bigint, ADD COLUMN prev_hash text, ADD COLUMN hash text`
  }
  // The canonical encodings (TransferChain.ts: canonicalTransfer, canonicalAudit).
  yield* sql`
    CREATE FUNCTION ledger_transfer_canonical(t ledger_transfers) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT concat_ws('|', 'landunits-transfer-v1', t.transfer_id, t.order_id, t.unit_type, t.from_key, t.to_key,
        t.units::text, t.at::text)
    $$`
  yield* sql`
    CREATE FUNCTION audit_entry_canonical(e audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT concat_ws('|', 'landunits-audit-v1', e.actor, e.action, e.subject, e.at::text, e.details::text)
    $$`
  yield* sql`
    CREATE FUNCTION ledger_transfers_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT idx, prev, next INTO NEW.chain_index, NEW.prev_hash, NEW.hash
      FROM ledger_chain_extend(NEW.unit_type, ledger_transfer_canonical(NEW));
      RETURN NEW;
    END $$`
  yield* sql`
    CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT idx, prev, next INTO NEW.chain_index, NEW.prev_hash, NEW.hash
      FROM ledger_chain_extend('audit', audit_entry_canonical(NEW));
      RETURN NEW;
    END $$`
  // What was appended before: chained in its order, the append-only guards set aside for this one update.
  yield* sql`ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only`
  yield* sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`
  yield* sql`
    DO $$
    DECLARE r record; x record;
    BEGIN
      FOR r IN SELECT * FROM ledger_transfers ORDER BY seq LOOP
        SELECT * INTO x FROM ledger_chain_extend(r.unit_type, ledger_transfer_canonical(r));
        UPDATE ledger_transfers SET chain_index = x.idx, prev_hash = x.prev, hash = x.next WHERE seq = r.seq;
      END LOOP;
      FOR r IN SELECT * FROM audit_log ORDER BY sequence LOOP
        SELECT * INTO x FROM ledger_chain_extend('audit', audit_entry_canonical(r));
        UPDATE audit_log SET chain_index = x.idx, prev_hash = x.prev, hash = x.next WHERE sequence = r.sequence;
      END LOOP;
    END $$`
  yield* sql`ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_append_only`
  yield* sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`
  yield* sql`
    CREATE TRIGGER ledger_transfers_chain BEFORE INSERT ON ledger_transfers
    FOR EACH ROW EXECUTE FUNCTION ledger_transfers_chain()`
  yield* sql`
    CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_chain()`
})
