/**
 * The key that encrypts KYC documents (AES-256-GCM): 32 bytes, from `DOCUMENT_KEY` (base64). Without it,
 * development generates a key on first start into `DATA_DIR/document.key` (mode 0600), reuses it after,
 * and the log says so. Production never does: a key that lives only in DATA_DIR is lost with that folder,
 * and every passport with it, so without DOCUMENT_KEY production refuses to start (ProductionSettings.ts).
 * The key id (a hash prefix) is stored with each document, so a wrong key is named, not guessed.
 */
import { createHash, randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { Config, Context, Effect, Layer, Option, Redacted, Schema } from "effect"
import { isProduction, requiredSecret, secretMissing } from "../app/ProductionSettings.ts"

export class DocumentKeyInvalid extends Schema.TaggedError<DocumentKeyInvalid>()("DocumentKeyInvalid", {
  message: Schema.String,
}) {}

export interface DocumentKeyShape {
  readonly keyId: string
  readonly key: Redacted.Redacted<Buffer>
}

export class DocumentKey extends Context.Service<DocumentKey, DocumentKeyShape>()(
  "@landunits/adapters/documents/DocumentKey",
) {}

export const KEY_BYTES = 32
export const DEV_KEY_FILE = "document.key"

export const keyIdOf = (key: Buffer) => createHash("sha256").update(key).digest("hex").slice(0, 12)

export const parseDocumentKey = (base64: string): Effect.Effect<DocumentKeyShape, DocumentKeyInvalid> =>
  Effect.suspend(() => {
    const text = base64.trim()
    const key = Buffer.from(text, "base64")
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length !== KEY_BYTES) {
      return Effect.fail(
        new DocumentKeyInvalid({
          message: `DOCUMENT_KEY must be ${KEY_BYTES} random bytes in base64 (e.g. openssl rand -base64 32); it decodes to ${key.length} bytes`,
        }),
      )
    }
    return Effect.succeed({ keyId: keyIdOf(key), key: Redacted.make(key) })
  })

/** The development key of `dataDir`, created on first use. */
export const developmentKey = (dataDir: string) =>
  Effect.gen(function* () {
    const file = path.join(dataDir, DEV_KEY_FILE)
    if (fs.existsSync(file)) return yield* parseDocumentKey(fs.readFileSync(file, "utf8"))
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(file, randomBytes(KEY_BYTES).toString("base64"), { mode: 0o600, flag: "wx" })
    yield* Effect.logWarning(
      `Generated a development document key in ${file}. Production must set DOCUMENT_KEY (and back it up).`,
    )
    return yield* parseDocumentKey(fs.readFileSync(file, "utf8"))
  })

/** DOCUMENT_KEY when set; else, in development only, the development key under DATA_DIR (default ./data). */
export const layerDocumentKeyFromEnv = Layer.effect(DocumentKey)(
  Effect.gen(function* () {
    const configured = yield* Config.option(Config.String("DOCUMENT_KEY"))
    if (Option.isSome(configured) && configured.value.trim() !== "")
      return yield* parseDocumentKey(configured.value)
    if (yield* isProduction) return yield* secretMissing(requiredSecret("DOCUMENT_KEY"))
    const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault("./data"))
    return yield* developmentKey(dataDir)
  }),
)
