/**
 * Issue 42: the proof of liabilities (core/src/ledger/LiabilitiesTree.ts, docs/ledger/13-proof-of-liabilities.md).
 * A v2 checkpoint states each unit type's liabilities root and totals (`liabilities`, signed) and keeps its salt
 * key beside it (`liabilities_salt_key`, never published; decision 0072). Both are null in checkpoints taken
 * before (v1). The table stays append-only: its trigger refuses every UPDATE and DELETE.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE ledger_checkpoints ADD COLUMN liabilities jsonb`
  yield* sql`
    ALTER TABLE ledger_checkpoints ADD COLUMN liabilities_salt_key text
      CHECK (liabilities_salt_key ~ '^[0-9a-f]{64}$')`
})
