/**
 * DocumentStore on PostgreSQL: each document encrypted with AES-256-GCM under the document key, with a
 * fresh 12-byte IV; the owner and document id are bound as additional data, so a ciphertext moved to
 * another row (or another member) fails authentication instead of being served. The table never holds
 * plaintext; a tampered or wrongly keyed document is a clear error, never bytes.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"
import type { KycDocument } from "@landunits/core/kyc/KycModel.ts"
import { DocumentStore } from "@landunits/core/kyc/ports/DocumentStore.ts"
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { Effect, Layer, Option, Redacted, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { DocumentKey, type DocumentKeyShape, keyById, type SealingKey } from "./DocumentKey.ts"

export class DocumentUnreadable extends Schema.TaggedError<DocumentUnreadable>()("DocumentUnreadable", {
  message: Schema.String,
}) {}

const aad = (owner: string, documentId: string) => Buffer.from(`${owner}\u0000${documentId}`, "utf8")

/** Seals `bytes` under `key` (a writer passes the keyring: its current key). */
export const encrypt = (key: SealingKey, owner: string, documentId: string, bytes: Uint8Array) => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", Redacted.value(key.key), iv)
  cipher.setAAD(aad(owner, documentId))
  const ciphertext = Buffer.concat([cipher.update(bytes), cipher.final()])
  return { iv, ciphertext, authTag: cipher.getAuthTag() }
}

/** Why a sealed row's key is not in the keyring, naming the row's key and the configured ones (never a key). */
export const unknownKeyMessage = (keyring: DocumentKeyShape, keyId: string) =>
  `it was encrypted under key ${keyId}, which is neither the configured DOCUMENT_KEY ${keyring.keyId}` +
  (keyring.previous.length === 0
    ? " nor in DOCUMENT_KEY_PREVIOUS (not set)"
    : ` nor in DOCUMENT_KEY_PREVIOUS (${keyring.previous.map((k) => k.keyId).join(", ")})`) +
  `: set the key ${keyId} in DOCUMENT_KEY_PREVIOUS`

/** Opens a sealed row with the keyring's key its key id names (the current key or an earlier one). */
export const decrypt = (
  keyring: DocumentKeyShape,
  owner: string,
  documentId: string,
  sealed: {
    readonly keyId: string
    readonly iv: Uint8Array
    readonly ciphertext: Uint8Array
    readonly authTag: Uint8Array
  },
): Effect.Effect<Uint8Array, DocumentUnreadable> =>
  Effect.try({
    try: () => {
      const key = keyById(keyring, sealed.keyId)
      if (key === undefined) throw new Error(unknownKeyMessage(keyring, sealed.keyId))
      const decipher = createDecipheriv("aes-256-gcm", Redacted.value(key.key), sealed.iv)
      decipher.setAAD(aad(owner, documentId))
      decipher.setAuthTag(sealed.authTag)
      return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]))
    },
    catch: (cause) =>
      new DocumentUnreadable({
        message: `Document ${documentId} of ${owner} cannot be read: ${cause instanceof Error ? cause.message : String(cause)}`,
      }),
  })

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
