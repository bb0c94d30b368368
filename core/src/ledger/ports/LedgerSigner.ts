import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Context, Effect, Layer } from "effect"
import { ed25519PublicKey, ledgerKeyId, signCheckpointText } from "../Checkpoint.ts"

/**
 * Port: the platform's Ed25519 ledger key, which signs checkpoints (Checkpoint.ts). Its private half never
 * leaves the implementation: callers get the public key, its id, and signatures. The app's key comes from
 * `LEDGER_SIGNING_KEY` (adapters/src/security/LedgerSignerEd25519.ts); tests use a fixed seed.
 */
export class LedgerSigner extends Context.Service<
  LedgerSigner,
  {
    /** The first 16 hex digits of SHA-256 of the public key (ledgerKeyId). */
    readonly keyId: string
    /** The 32 raw public-key bytes, hex. */
    readonly publicKey: string
    /** The Ed25519 signature of the text's UTF-8 bytes, 128 hex digits. */
    readonly sign: (text: string) => Effect.Effect<string>
    /**
     * The proof of liabilities' salt key of checkpoint `number` (decision 0072): HMAC-SHA256 of
     * "landunits-liabilities-salt-key-v1|" + number under the private key, 64 hex digits. Stored beside the
     * checkpoint (so a rotation leaves it checkable) and never published.
     */
    readonly liabilitiesSaltKey: (number: number) => Effect.Effect<string>
  }
>()("@landunits/core/ledger/ports/LedgerSigner") {
  /** The signer of a 32-byte Ed25519 seed (the private key as RFC 8032 writes it). */
  static readonly fromSeed = (seed: Uint8Array): LedgerSigner["Service"] => {
    if (seed.length !== 32) throw new Error(`An Ed25519 seed is 32 bytes, not ${seed.length}`)
    const key = Uint8Array.from(seed)
    const publicKey = ed25519PublicKey(key)
    return LedgerSigner.of({
      keyId: ledgerKeyId(publicKey),
      publicKey: bytesToHex(publicKey),
      sign: (text) => Effect.sync(() => signCheckpointText(key, text)),
      liabilitiesSaltKey: (number) =>
        Effect.sync(() =>
          bytesToHex(hmac(sha256, key, utf8ToBytes(`landunits-liabilities-salt-key-v1|${number}`))),
        ),
    })
  }

  static readonly layerFromSeed = (seed: Uint8Array) =>
    Layer.succeed(LedgerSigner)(LedgerSigner.fromSeed(seed))

  /** A fixed key for tests: the seed 0x01 0x02 … 0x20. Never a real installation's. */
  static readonly layerTest = LedgerSigner.layerFromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
}
