/**
 * The Ed25519 key that signs ledger checkpoints (issue 21): `LEDGER_SIGNING_KEY`, the 32-byte private seed
 * (RFC 8032's private key) in base64 (`openssl rand -base64 32`) or as 64 hex digits (`openssl rand -hex 32`).
 * Without it, development generates one on first start into `DATA_DIR/ledger-signing.key` (mode 0600),
 * reuses it after, and the log says so, as it does for the document key (documents/DocumentKey.ts).
 * Production never does: checkpoints signed by a key that lives only in DATA_DIR cannot be trusted past that
 * folder, and a new key on every fresh folder would make members' kept checkpoints unverifiable, so without
 * LEDGER_SIGNING_KEY production refuses to start (ProductionSettings.ts).
 *
 * The public half and its id are published (GET /api/ledger/public-key); the seed never leaves this layer and
 * core's LedgerSigner.
 */
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as path from "node:path"
import { LedgerSigner } from "@landunits/core/ledger/ports/LedgerSigner.ts"
import { Config, Effect, Layer, Option, Schema } from "effect"
import { isProduction, type RequiredSecret, secretMissing } from "../settings/ProductionSecret.ts"
import { isDrill } from "../settings/RestoreDrill.ts"

export class LedgerSigningKeyInvalid extends Schema.TaggedError<LedgerSigningKeyInvalid>()(
  "LedgerSigningKeyInvalid",
  { message: Schema.String },
) {}

export const SEED_BYTES = 32
export const DEV_LEDGER_KEY_FILE = "ledger-signing.key"

/** The 32-byte seed a LEDGER_SIGNING_KEY value holds: 64 hex digits, or base64 of 32 bytes. */
export const parseLedgerSigningKey = (value: string): Effect.Effect<Uint8Array, LedgerSigningKeyInvalid> =>
  Effect.suspend(() => {
    const text = value.trim()
    if (/^[0-9a-fA-F]{64}$/.test(text)) return Effect.succeed(Uint8Array.from(Buffer.from(text, "hex")))
    const bytes = Buffer.from(text, "base64")
    if (/^[A-Za-z0-9+/]+={0,2}$/.test(text) && bytes.length === SEED_BYTES) {
      return Effect.succeed(Uint8Array.from(bytes))
    }
    return Effect.fail(
      new LedgerSigningKeyInvalid({
        message: `LEDGER_SIGNING_KEY must be a ${SEED_BYTES}-byte Ed25519 seed, in base64 (openssl rand -base64 32) or as 64 hex digits (openssl rand -hex 32); it is neither (${bytes.length} bytes as base64)`,
      }),
    )
  })

/** LEDGER_SIGNING_KEY, as production requires it (ProductionSettings.ts lists it, the layer below refuses without it). */
export const LEDGER_SIGNING_KEY_SECRET: RequiredSecret = {
  name: "LEDGER_SIGNING_KEY",
  purpose: "the Ed25519 key that signs the ledger's public checkpoints",
  howToMake: "openssl rand -base64 32",
  check: (value) => Effect.asVoid(parseLedgerSigningKey(value)),
}

/**
 * LEDGER_EARLIER_PUBLIC_KEYS: the PUBLIC keys of this installation's earlier signing keys (each 64 hex digits, the
 * `publicKey` GET /api/ledger/public-key answered before the rotation), separated by commas. Published beside the
 * current key and trusted by `landunits ledger verify`, so checkpoints signed before a rotation stay verifiable.
 * Never the old LEDGER_SIGNING_KEY itself: that is the private seed, and this list is published.
 */
export const parseEarlierLedgerPublicKeys = (
  value: string,
): Effect.Effect<ReadonlyArray<string>, LedgerSigningKeyInvalid> => {
  const parts = value
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "")
  return Effect.forEach(parts, (part, i) =>
    /^[0-9a-fA-F]{64}$/.test(part)
      ? Effect.succeed(part.toLowerCase())
      : Effect.fail(
          new LedgerSigningKeyInvalid({
            message: `LEDGER_EARLIER_PUBLIC_KEYS${parts.length === 1 ? "" : ` (key ${i + 1} of ${parts.length})`} must be an earlier key's Ed25519 PUBLIC key as 64 hex digits (the publicKey GET /api/ledger/public-key gave before the rotation), never the old LEDGER_SIGNING_KEY itself`,
          }),
        ),
  )
}

/** The earlier public keys of LEDGER_EARLIER_PUBLIC_KEYS (none when unset). */
export const readEarlierLedgerPublicKeys = Effect.gen(function* () {
  const value = yield* Config.option(Config.String("LEDGER_EARLIER_PUBLIC_KEYS"))
  return Option.isSome(value) ? yield* parseEarlierLedgerPublicKeys(value.value) : []
})

/** The development key of `dataDir`, created on first use. */
export const developmentLedgerKey = (dataDir: string) =>
  Effect.gen(function* () {
    const file = path.join(dataDir, DEV_LEDGER_KEY_FILE)
    if (fs.existsSync(file)) return yield* parseLedgerSigningKey(fs.readFileSync(file, "utf8"))
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    // Written whole under another name, then linked into place: a process starting beside this one (the CLI,
    // another test) never reads a half-written key, and the first link wins.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`
    fs.writeFileSync(draft, randomBytes(SEED_BYTES).toString("base64"), { mode: 0o600, flag: "wx" })
    try {
      fs.linkSync(draft, file)
      yield* Effect.logWarning(
        `Generated a development ledger signing key in ${file}. Production must set LEDGER_SIGNING_KEY (and back it up).`,
      )
    } catch (error) {
      // Another process made it first: use theirs.
      if ((error as { code?: unknown }).code !== "EEXIST") throw error
    } finally {
      fs.rmSync(draft, { force: true })
    }
    return yield* parseLedgerSigningKey(fs.readFileSync(file, "utf8"))
  })

/** What a drill refuses to sign, and why. */
export class DrillSignsNothing extends Schema.TaggedError<DrillSignsNothing>()("DrillSignsNothing", {
  message: Schema.String,
}) {}

/**
 * The signer of a drill: the installation's public key (checkpoints and proofs still verify), and a refusal to
 * sign anything with it.
 */
export const drillSigner = (signer: LedgerSigner["Service"]): LedgerSigner["Service"] =>
  LedgerSigner.of({
    keyId: signer.keyId,
    publicKey: signer.publicKey,
    liabilitiesSaltKey: signer.liabilitiesSaltKey,
    sign: () =>
      Effect.die(
        new DrillSignsNothing({
          message:
            "A restore drill (DRILL=1) signs nothing with the ledger key: no checkpoint is taken on a drill's copy.",
        }),
      ),
  })

/**
 * LEDGER_SIGNING_KEY when set; else, in development only, the development key under DATA_DIR (default ./data). In a
 * restore drill (DRILL=1) it signs nothing (drillSigner above; RestoreDrill.ts): its public half still verifies what
 * was signed.
 */
export const layerLedgerSignerFromEnv = Layer.effect(LedgerSigner)(
  Effect.gen(function* () {
    const drill = yield* isDrill
    const configured = yield* Config.option(Config.String("LEDGER_SIGNING_KEY"))
    const signer = yield* Effect.gen(function* () {
      if (Option.isSome(configured) && configured.value.trim() !== "")
        return LedgerSigner.fromSeed(yield* parseLedgerSigningKey(configured.value))
      if (yield* isProduction) return yield* secretMissing(LEDGER_SIGNING_KEY_SECRET)
      const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault("./data"))
      return LedgerSigner.fromSeed(yield* developmentLedgerKey(dataDir))
    })
    return drill ? drillSigner(signer) : signer
  }),
)
