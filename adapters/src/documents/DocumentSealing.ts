/**
 * The sealing of documents (and of the other sealed rows: data exports, TOTP secrets): AES-256-GCM under the
 * document key, with a fresh 12-byte IV; the owner and document id are bound as additional data, so a ciphertext
 * moved to another row (or another member) fails authentication instead of being served. A tampered or wrongly
 * keyed document is a clear error, never bytes. The tables are written by postgres/DocumentStorePg.ts and its kin.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto"
import { Effect, Redacted, Schema } from "effect"
import { type DocumentKeyShape, keyById, type SealingKey } from "./DocumentKey.ts"

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
