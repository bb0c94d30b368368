/**
 * Issue 21: signed ledger checkpoints (core/src/ledger/Checkpoint.ts, docs/ledger.md §10). One row per
 * checkpoint, numbered 1, 2, 3… with no gap: the signed fields (number, at, tree_size, merkle_root, chains,
 * key_id, signature), the signing key's public half (so a checkpoint signed by an earlier key stays checkable),
 * and where the next checkpoint resumes (last_seq, the seq of the tree's last leaf, and the Merkle frontier).
 * Append-only like ledger_transfers: a trigger refuses every UPDATE and DELETE.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ledger_checkpoints (
      number       bigint PRIMARY KEY CHECK (number > 0),
      at           bigint NOT NULL,
      tree_size    bigint NOT NULL CHECK (tree_size >= 0),
      merkle_root  text NOT NULL CHECK (merkle_root ~ '^[0-9a-f]{64}$'),
      chains       jsonb NOT NULL,
      key_id       text NOT NULL,
      signature    text NOT NULL CHECK (signature ~ '^[0-9a-f]{128}$'),
      public_key   text NOT NULL CHECK (public_key ~ '^[0-9a-f]{64}$'),
      last_seq     bigint NOT NULL CHECK (last_seq >= 0),
      frontier     jsonb NOT NULL
    )`
  yield* sql`
    CREATE FUNCTION ledger_checkpoints_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'ledger_checkpoints is append-only';
    END $$`
  yield* sql`
    CREATE TRIGGER ledger_checkpoints_append_only BEFORE UPDATE OR DELETE ON ledger_checkpoints
    FOR EACH ROW EXECUTE FUNCTION ledger_checkpoints_append_only()`
})
