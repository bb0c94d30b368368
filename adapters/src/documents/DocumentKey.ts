/**
 * The key that encrypts KYC documents (AES-256-GCM): 32 bytes, from `DOCUMENT_KEY` (base64). Without it,
 * development generates a key on first start into `DATA_DIR/document.key` (mode 0600), reuses it after,
 * and the log says so. Production never does: a key that lives only in DATA_DIR is lost with that folder,
 * and every passport with it, so without DOCUMENT_KEY production refuses to start (ProductionSettings.ts).
 * The key id (a hash prefix) is stored with each document, so a wrong key is named, not guessed.
 *
 * Rotation (docs/security.md, "Rotating keys"): `DOCUMENT_KEY_PREVIOUS` holds earlier keys (base64, comma-separated)
 * beside the current one. Reads pick the key by the row's key id; writes always seal under DOCUMENT_KEY; and
 * `landunits documents rekey` (DocumentRekeyPg.ts) re-seals every row still under an earlier key, after which
 * DOCUMENT_KEY_PREVIOUS can be removed.
 */
import { createHash, randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { Config, Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { isProduction, type RequiredSecret, secretMissing } from "../settings/ProductionSecret.ts"

export class DocumentKeyInvalid extends Schema.TaggedError<DocumentKeyInvalid>()("DocumentKeyInvalid", {
  message: Schema.String,
}) {}

/** One AES-256 key and its id. */
export interface SealingKey {
  readonly keyId: string
  readonly key: Redacted.Redacted<Buffer>
}

/** The keyring: the current key (its fields, so a writer seals under it) and the earlier keys still readable. */
export interface DocumentKeyShape extends SealingKey {
  readonly previous: ReadonlyArray<SealingKey>
}

/** A keyring of `current` and `previous` (an earlier key equal to the current one is dropped). */
export const documentKeyring = (
  current: SealingKey,
  previous: ReadonlyArray<SealingKey> = [],
): DocumentKeyShape => ({
  keyId: current.keyId,
  key: current.key,
  previous: previous.filter(
    (k, i) => k.keyId !== current.keyId && previous.findIndex((o) => o.keyId === k.keyId) === i,
  ),
})

/** The key of the keyring whose id is `keyId`: the current one or an earlier one. */
export const keyById = (keyring: DocumentKeyShape, keyId: string): SealingKey | undefined =>
  keyId === keyring.keyId ? keyring : keyring.previous.find((k) => k.keyId === keyId)

export class DocumentKey extends Context.Service<DocumentKey, DocumentKeyShape>()(
  "@landunits/adapters/documents/DocumentKey",
) {}

export const KEY_BYTES = 32
export const DEV_KEY_FILE = "document.key"

export const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 12)

const parseKey = (base64: string, setting: string): Effect.Effect<SealingKey, DocumentKeyInvalid> =>
  Effect.suspend(() => {
    const text = base64.trim()
    const key = Buffer.from(text, "base64")
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== KEY_BYTES) {
      return Effect.fail(
        new DocumentKeyInvalid({
          message: `${setting} must be ${KEY_BYTES} random bytes in base64 (e.g. openssl rand -base64 32); it decodes to ${key.length} bytes`,
        }),
      )
    }
    return Effect.succeed({ keyId: keyIdOf(key), key: Redacted.make(key) })
  })

/** A keyring of the one key `base64` (DOCUMENT_KEY), with no earlier key. */
export const parseDocumentKey = (base64: string): Effect.Effect<DocumentKeyShape, DocumentKeyInvalid> =>
  Effect.map(parseKey(base64, "DOCUMENT_KEY"), (k) => documentKeyring(k))

/**
 * The earlier keys of DOCUMENT_KEY_PREVIOUS: base64 keys separated by commas (blanks around them ignored). A
 * malformed one is refused, naming its place in the list (never its value).
 */
export const parsePreviousDocumentKeys = (
  value: string,
): Effect.Effect<ReadonlyArray<SealingKey>, DocumentKeyInvalid> => {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")
  return Effect.forEach(parts, (part, i) =>
    parseKey(
      part,
      parts.length === 1
        ? "DOCUMENT_KEY_PREVIOUS"
        : `DOCUMENT_KEY_PREVIOUS (key ${i + 1} of ${parts.length})`,
    ),
  )
}

/** DOCUMENT_KEY, as production requires it (ProductionSettings.ts lists it, the layer below refuses without it). */
export const DOCUMENT_KEY_SECRET: RequiredSecret = {
  name: "DOCUMENT_KEY",
  purpose: "the key that encrypts KYC documents",
  howToMake: "openssl rand -base64 32",
  check: (value) => Effect.asVoid(parseDocumentKey(value)),
}

/** The development key of `dataDir`, created on first use. */
export const developmentKey = (dataDir: string): Effect.Effect<DocumentKeyShape, DocumentKeyInvalid> =>
  Effect.gen(function* () {
    const file = path.join(dataDir, DEV_KEY_FILE)
    if (fs.existsSync(file)) return yield* parseDocumentKey(fs.readFileSync(file, "utf8"))
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" })
    yield* Effect.logWarning(
      `Generated a development document key in ${file}. Production must set DOCUMENT_KEY (and back it up).`,
    )
    return yield* parseDocumentKey(fs.readFileSync(file, "utf8"))
  })

/**
 * DOCUMENT_KEY when set; else, in development only, the development key under DATA_DIR (default ./data); with the
 * earlier keys of DOCUMENT_KEY_PREVIOUS when set.
 */
export const layerDocumentKeyFromEnv = Layer.effect(DocumentKey)(
  Effect.gen(function* () {
    const configured = yield* Config.option(Config.String("DOCUMENT_KEY"))
    const previousSetting = yield* Config.option(Config.String("DOCUMENT_KEY_PREVIOUS"))
    const previous = Option.isSome(previousSetting)
      ? yield* parsePreviousDocumentKeys(previousSetting.value)
      : []
    if (Option.isSome(configured) && configured.value.trim() !== "")
      return documentKeyring(yield* parseDocumentKey(configured.value), previous)
    if (yield* isProduction) return yield* secretMissing(DOCUMENT_KEY_SECRET)
    const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault("./data"))
    return documentKeyring(yield* developmentKey(dataDir), previous)
  }),
)
