/** How many sealed rows (KYC documents, data exports, TOTP secrets) each document key id seals, on PostgreSQL. */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

export const sealedRowsByKey = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ key_id: string; rows: string }>`
    SELECT key_id, count(*) AS rows FROM (
      SELECT key_id FROM kyc_documents UNION ALL SELECT key_id FROM data_exports
      UNION ALL SELECT key_id FROM totp_factors) AS sealed
    WHERE key_id IS NOT NULL GROUP BY key_id ORDER BY key_id`
  return rows.map((r) => ({ keyId: r.key_id, rows: Number(r.rows) }))
})
