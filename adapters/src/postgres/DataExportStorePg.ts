/**
 * DataExportStore on PostgreSQL (table `data_exports`, migration 2850). An archive holds the member's KYC documents
 * decrypted, so it is stored as the documents are: AES-256-GCM under the document key, the member and the export
 * bound as additional data (documents/DocumentSealing.ts). Builders take an export with a lease
 * (`FOR UPDATE SKIP LOCKED`), so two app processes never build the same one.
 */

import type { DataExport, DataExportStatus } from "@landunits/core/privacy/PrivacyModel.ts"
import { DataExportStore } from "@landunits/core/privacy/ports/DataExportStore.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { MemberId as MemberIdSchema } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { DocumentKey } from "../documents/DocumentKey.ts"
import { decrypt, encrypt } from "../documents/DocumentSealing.ts"

interface ExportRow {
  readonly export_id: string
  readonly member_id: string
  readonly status: DataExportStatus
  readonly requested_at: string | number
  readonly ready_at: string | number | null
  readonly expires_at: string | number | null
  readonly file_name: string | null
  readonly size: number | null
}

const COLUMNS = "export_id, member_id, status, requested_at, ready_at, expires_at, file_name, size"

const toExport = (r: ExportRow): DataExport => ({
  exportId: r.export_id,
  memberId: MemberIdSchema.make(r.member_id),
  status: r.status,
  requestedAt: Number(r.requested_at),
  ...(r.ready_at === null ? {} : { readyAt: Number(r.ready_at) }),
  ...(r.expires_at === null ? {} : { expiresAt: Number(r.expires_at) }),
  ...(r.file_name === null ? {} : { fileName: r.file_name }),
  ...(r.size === null ? {} : { size: r.size }),
})

/** The id an archive is sealed under (bound as additional data with its member). */
export const sealedId = (exportId: string) => `data-export:${exportId}`

export const DataExportStorePg = Layer.effect(DataExportStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const key = yield* DocumentKey
    return DataExportStore.of({
      insert: (e) =>
        sql`
          INSERT INTO data_exports (export_id, member_id, status, requested_at)
          VALUES (${e.exportId}, ${e.memberId}, ${e.status}, ${e.requestedAt})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      get: (exportId) =>
        sql.unsafe<ExportRow>(`SELECT ${COLUMNS} FROM data_exports WHERE export_id = $1`, [exportId]).pipe(
          Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toExport)),
          Effect.orDie,
        ),
      listOf: (memberId: MemberId) =>
        sql
          .unsafe<ExportRow>(
            `SELECT ${COLUMNS} FROM data_exports WHERE member_id = $1 ORDER BY requested_at DESC, export_id DESC`,
            [memberId],
          )
          .pipe(
            Effect.map((rows) => rows.map(toExport)),
            Effect.orDie,
          ),
      claimNext: (now, leaseUntil) =>
        sql
          .unsafe<ExportRow>(
            `UPDATE data_exports SET lease_until = $2
             WHERE export_id = (
               SELECT export_id FROM data_exports WHERE status = 'building' AND lease_until <= $1
               ORDER BY requested_at, export_id LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING ${COLUMNS}`,
            [now, leaseUntil],
          )
          .pipe(
            Effect.map((rows) => Option.map(Option.fromNullishOr(rows[0]), toExport)),
            Effect.orDie,
          ),
      complete: (ready, archive) => {
        const sealed = encrypt(key, ready.memberId, sealedId(ready.exportId), archive)
        return sql`
          UPDATE data_exports SET status = 'ready', ready_at = ${ready.readyAt ?? null},
            expires_at = ${ready.expiresAt ?? null}, file_name = ${ready.fileName ?? null}, size = ${archive.length},
            key_id = ${key.keyId}, iv = ${sealed.iv}, auth_tag = ${sealed.authTag}, ciphertext = ${sealed.ciphertext}
          WHERE export_id = ${ready.exportId} AND status = 'building'`.pipe(Effect.asVoid, Effect.orDie)
      },
      fail: (exportId, detail) =>
        sql`UPDATE data_exports SET status = 'failed', detail = ${detail.slice(0, 500)} WHERE export_id = ${exportId}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      archive: (exportId) =>
        sql<{
          member_id: string
          key_id: string | null
          iv: Uint8Array | null
          auth_tag: Uint8Array | null
          ciphertext: Uint8Array | null
        }>`SELECT member_id, key_id, iv, auth_tag, ciphertext FROM data_exports
           WHERE export_id = ${exportId} AND status = 'ready'`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => {
            const row = rows[0]
            if (
              row === undefined ||
              row.key_id === null ||
              row.iv === null ||
              row.auth_tag === null ||
              row.ciphertext === null
            ) {
              return Effect.succeed(Option.none())
            }
            return decrypt(key, row.member_id, sealedId(exportId), {
              keyId: row.key_id,
              iv: row.iv,
              authTag: row.auth_tag,
              ciphertext: row.ciphertext,
            }).pipe(Effect.orDie, Effect.map(Option.some))
          }),
        ),
      expire: (now) =>
        sql<{ export_id: string }>`
          UPDATE data_exports SET status = 'expired', key_id = NULL, iv = NULL, auth_tag = NULL, ciphertext = NULL
          WHERE status = 'ready' AND expires_at <= ${now} RETURNING export_id`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie,
        ),
      removeAllOf: (memberId) =>
        sql`DELETE FROM data_exports WHERE member_id = ${memberId}`.pipe(Effect.asVoid, Effect.orDie),
    })
  }),
)
