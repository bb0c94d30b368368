/**
 * The ledger's signing key (adapters/src/security/LedgerSignerEd25519.ts): LEDGER_SIGNING_KEY in base64 or hex,
 * a development key generated once under DATA_DIR and reused, none made up in production, and signatures that
 * node:crypto (OpenSSL's Ed25519) verifies with the published PEM key.
 */
import { createPublicKey, verify } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { ed25519PublicKeyPem } from "@landunits/core/ledger/Checkpoint.ts"
import { LedgerSigner } from "@landunits/core/ledger/ports/LedgerSigner.ts"
import { Cause, ConfigProvider, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import {
  DEV_LEDGER_KEY_FILE,
  layerLedgerSignerFromEnv,
  parseEarlierLedgerPublicKeys,
  parseLedgerSigningKey,
} from "../../src/security/LedgerSignerEd25519.ts"

const signerWith = (env: Record<string, string>) =>
  Effect.runPromiseExit(
    Effect.map(LedgerSigner, (s) => s).pipe(
      Effect.provide(layerLedgerSignerFromEnv),
      Effect.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(env))),
    ),
  )

const seed = Buffer.alloc(32, 5)

describe("the ledger signing key", () => {
  it("takes the 32-byte seed in base64 or as 64 hex digits, and the same seed gives the same key", async () => {
    const fromBase64 = await signerWith({ LEDGER_SIGNING_KEY: seed.toString("base64") })
    const fromHex = await signerWith({ LEDGER_SIGNING_KEY: ` ${seed.toString("hex")}\n` })
    expect(Exit.isSuccess(fromBase64) && Exit.isSuccess(fromHex)).toBe(true)
    if (Exit.isSuccess(fromBase64) && Exit.isSuccess(fromHex)) {
      expect(fromHex.value.publicKey).toBe(fromBase64.value.publicKey)
      expect(fromBase64.value.keyId).toMatch(/^[0-9a-f]{16}$/)
    }
  })

  it("refuses anything else, saying what it must be", async () => {
    for (const value of [Buffer.alloc(16).toString("base64"), "not a key", seed.toString("hex").slice(2)]) {
      const exit = await Effect.runPromiseExit(parseLedgerSigningKey(value))
      expect(Exit.isFailure(exit), value).toBe(true)
      if (Exit.isFailure(exit)) {
        expect(Cause.pretty(exit.cause)).toContain(
          "LEDGER_SIGNING_KEY must be a 32-byte Ed25519 seed, in base64 (openssl rand -base64 32) or as 64 hex digits",
        )
      }
    }
  })

  it("LEDGER_EARLIER_PUBLIC_KEYS takes public keys as 64 hex digits, comma-separated, and refuses anything else by its place", async () => {
    const a = "ab".repeat(32)
    const b = "CD".repeat(32)
    expect(await Effect.runPromise(parseEarlierLedgerPublicKeys(` ${a}, ${b} ,`))).toEqual([
      a,
      b.toLowerCase(),
    ])
    const seed = Buffer.alloc(32, 5).toString("base64")
    const exit = await Effect.runPromiseExit(parseEarlierLedgerPublicKeys(`${a},${seed}`))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) {
      const said = Cause.pretty(exit.cause)
      expect(said).toContain(
        "LEDGER_EARLIER_PUBLIC_KEYS (key 2 of 2) must be an earlier key's Ed25519 PUBLIC key",
      )
      expect(said).not.toContain(seed)
    }
  })

  it("generates a development key into DATA_DIR once, private to its owner, and reuses it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-ledger-key-"))
    try {
      const first = await signerWith({ DATA_DIR: dir })
      const second = await signerWith({ DATA_DIR: dir })
      expect(Exit.isSuccess(first) && Exit.isSuccess(second)).toBe(true)
      if (Exit.isSuccess(first) && Exit.isSuccess(second)) {
        expect(second.value.keyId).toBe(first.value.keyId)
      }
      expect(fs.statSync(path.join(dir, DEV_LEDGER_KEY_FILE)).mode & 0o777).toBe(0o600)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("in production, without LEDGER_SIGNING_KEY, refuses and makes no key", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-ledger-key-"))
    try {
      const exit = await signerWith({ NODE_ENV: "production", DATA_DIR: dir })
      expect(Exit.isFailure(exit)).toBe(true)
      if (Exit.isFailure(exit)) expect(Cause.pretty(exit.cause)).toContain("LEDGER_SIGNING_KEY is not set")
      expect(fs.readdirSync(dir)).toEqual([])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it("signs what node:crypto verifies with the published PEM key, and nothing else", async () => {
    const signer = LedgerSigner.fromSeed(seed)
    const text = "landunits-checkpoint-v1|1|0|0|…"
    const signature = Buffer.from(await Effect.runPromise(signer.sign(text)), "hex")
    const pem = ed25519PublicKeyPem(Buffer.from(signer.publicKey, "hex"))
    const key = createPublicKey(pem)
    expect(key.asymmetricKeyType).toBe("ed25519")
    expect(verify(null, Buffer.from(text), key, signature)).toBe(true)
    expect(verify(null, Buffer.from(`${text}.`), key, signature)).toBe(false)
  })
})
