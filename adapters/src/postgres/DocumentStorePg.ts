/**
 * DocumentStore on PostgreSQL (`kyc_documents`): each document sealed by documents/DocumentSealing.ts under the
 * document key, the owner and document id bound as additional data. The table never holds plaintext; a tampered
 * or wrongly keyed document is a clear error, never bytes.
 */
import type { KycDocument } from "@landunits/core/kyc/KycModel.ts"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { DocumentKey } from "../documents/DocumentKey.ts"
import { decrypt, encrypt } from "../documents/DocumentSealing.ts"

interface DocumentRow {
  readonly document_id: string
  readonly file_name: string
  readonly file_type: KycDocument["fileType"]
  readonly size: number
  readonly key_id: string
  readonly iv: Uint8Array
  readonly auth_tag: Uint8Array
  readonly ciphertext: Uint8Array
}

const describe = (
  row: Pick<DocumentRow, "document_id" | "file_name" | "file_type" | "size">,
): KycDocument => ({
  documentId: row.document_id,
  fileName: row.file_name,
  fileType: row.file_type,
  size: row.size,
})

export const DocumentStorePg = Layer.effect(DocumentStore)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const key = yield* DocumentKey
    return DocumentStore.of({
      put: (owner, document, bytes) => {
        const sealed = encrypt(key, owner, document.documentId, bytes)
        return sql`
          INSERT INTO kyc_documents (owner, document_id, file_name, file_type, size, key_id, iv, auth_tag, ciphertext)
          VALUES (${owner}, ${document.documentId}, ${document.fileName}, ${document.fileType}, ${document.size},
                  ${key.keyId}, ${sealed.iv}, ${sealed.authTag}, ${sealed.ciphertext})
          ON CONFLICT (owner, document_id) DO UPDATE SET
            file_name = EXCLUDED.file_name, file_type = EXCLUDED.file_type, size = EXCLUDED.size,
            key_id = EXCLUDED.key_id, iv = EXCLUDED.iv, auth_tag = EXCLUDED.auth_tag, ciphertext = EXCLUDED.ciphertext`.pipe(
          Effect.asVoid,
          Effect.orDie,
        )
      },
      get: (owner: MemberId, documentId) =>
        sql<DocumentRow>`
          SELECT document_id, file_name, file_type, size, key_id, iv, auth_tag, ciphertext
          FROM kyc_documents WHERE owner = ${owner} AND document_id = ${documentId}`.pipe(
          Effect.orDie,
          Effect.flatMap((rows) => {
            const row = rows[0]
            if (row === undefined) return Effect.succeed(Option.none())
            return decrypt(key, owner, documentId, {
              keyId: row.key_id,
              iv: row.iv,
              authTag: row.auth_tag,
              ciphertext: row.ciphertext,
            }).pipe(
              // A document that fails authentication is a broken invariant (tampering or a lost key): a defect
              // the operator must see, never bytes served to a member.
              Effect.orDie,
              Effect.map((bytes) => Option.some({ document: describe(row), bytes })),
            )
          }),
        ),
      list: (owner) =>
        sql<DocumentRow>`
          SELECT document_id, file_name, file_type, size FROM kyc_documents WHERE owner = ${owner} ORDER BY seq`.pipe(
          Effect.map((rows) => rows.map(describe)),
          Effect.orDie,
        ),
    })
  }),
)
