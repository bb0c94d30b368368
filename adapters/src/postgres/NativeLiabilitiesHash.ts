/**
 * The proof of liabilities' hashes (core/src/ledger/LiabilitiesTree.ts) with Node's native SHA-256 and HMAC: the
 * same hashes for every input as core's portable ones, for the checkpoint job, which builds a tree over every
 * member. The browser and `ledger verify` check with core's own, so what verifies a proof never depends on this.
 */
import { createHmac, hash } from "node:crypto"
import type { LiabilitiesHasher } from "@landunits/core/ledger/LiabilitiesTree.ts"

export const nativeLiabilitiesHasher: LiabilitiesHasher = {
  sha256: (text) => hash("sha256", text, "hex"),
  hmacSha256: (keyHex) => {
    const key = Buffer.from(keyHex, "hex")
    return (text) => createHmac("sha256", key).update(text, "utf8").digest("hex")
  },
}
