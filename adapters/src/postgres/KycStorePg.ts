/** KycStore on PostgreSQL: one row per member, the record as JSONB beside its status (the admin queue's index). */
import type { KycRecord } from "@landunits/core/kyc/KycRecord.ts"
import { KycStore } from "@landunits/core/kyc/ports/KycStore.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

export const KycStorePg = Layer.effect(KycStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return KycStore.of({
      get: (memberId) =>
        sql<{ record: KycRecord }>`SELECT record FROM kyc_records WHERE member_id = ${memberId}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]?.record)),
          Effect.orDie,
        ),
      save: (record) =>
        sql`
          INSERT INTO kyc_records (member_id, kyc_status, record, updated_at)
          VALUES (${record.memberId}, ${record.kycInfo.kycStatus}, ${JSON.stringify(record)}::jsonb, ${record.updatedAt})
          ON CONFLICT (member_id) DO UPDATE
          SET kyc_status = EXCLUDED.kyc_status, record = EXCLUDED.record, updated_at = EXCLUDED.updated_at`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      listByStatus: (status) =>
        sql<{ record: KycRecord }>`
          SELECT record FROM kyc_records WHERE kyc_status = ${status} ORDER BY updated_at, member_id`.pipe(
          Effect.map((rows) => rows.map((r) => r.record)),
          Effect.orDie,
        ),
    })
  }),
)
