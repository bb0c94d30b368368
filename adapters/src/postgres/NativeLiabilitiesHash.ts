/**
 * The proof of liabilities' hashes (core/src/ledger/LiabilitiesTree.ts) with Node's native SHA-256: the same hashes
 * for every input as core's portable ones, for the checkpoint job, which builds a tree over every member. HMAC is
 * written out (RFC 2104: H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m)), the key's two pads made once) over node:crypto's one-shot
 * `hash`, a fifth of the cost of a `createHmac` object per member. The browser and `ledger verify` check with core's
 * own, so what verifies a proof never depends on this.
 */
import { hash } from "node:crypto"
import type { LiabilitiesHasher } from "@landunits/core/ledger/LiabilitiesTree.ts"

const BLOCK = 64

export const nativeLiabilitiesHasher: LiabilitiesHasher = {
  sha256: (text) => hash("sha256", text, "hex"),
  hmacSha256: (keyHex) => {
    let key = Buffer.from(keyHex, "hex")
    if (key.length > BLOCK) key = hash("sha256", key, "buffer")
    const inner = Buffer.alloc(BLOCK, 0x36)
    const outer = Buffer.alloc(BLOCK, 0x5c)
    for (let i = 0; i < key.length; i++) {
      inner[i]! ^= key[i]!
      outer[i]! ^= key[i]!
    }
    return (text) =>
      hash(
        "sha256",
        Buffer.concat([outer, hash("sha256", Buffer.concat([inner, Buffer.from(text, "utf8")]), "buffer")]),
        "hex",
      )
  },
}
