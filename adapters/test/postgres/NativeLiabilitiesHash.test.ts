/**
 * The checkpoint job's native liabilities hashes are core's portable ones (LiabilitiesTree.ts), for any text and
 * key: a tree built with either has the same root, so what the browser and `ledger verify` recompute matches.
 */
import { createHmac } from "node:crypto"
import { buildLiabilitiesTree, portableLiabilitiesHasher } from "@landunits/core/ledger/LiabilitiesTree.ts"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { nativeLiabilitiesHasher } from "../../src/postgres/NativeLiabilitiesHash.ts"

describe("the native liabilities hashes", () => {
  it("give the portable SHA-256 and HMAC-SHA256 (RFC 2104, as node:crypto's own HMAC) for any text and key", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        fc.uint8Array({ minLength: 1, maxLength: 100 }),
        (text, key) => {
          const keyHex = Buffer.from(key).toString("hex")
          expect(nativeLiabilitiesHasher.sha256(text)).toBe(portableLiabilitiesHasher.sha256(text))
          const native = nativeLiabilitiesHasher.hmacSha256(keyHex)(text)
          expect(native).toBe(portableLiabilitiesHasher.hmacSha256(keyHex)(text))
          expect(native).toBe(createHmac("sha256", Buffer.from(key)).update(text, "utf8").digest("hex"))
        },
      ),
    )
  })

  it("build the same tree as the portable ones", () => {
    const leaves = Array.from({ length: 37 }, (_, i) => ({
      commitment: portableLiabilitiesHasher.sha256(`member ${i}`),
      sums: [i, 2 * i, 0, 1, i % 3],
    }))
    const native = buildLiabilitiesTree("LAND_USD", leaves, nativeLiabilitiesHasher)
    const portable = buildLiabilitiesTree("LAND_USD", leaves)
    expect(native.ok && portable.ok && native.value.root).toEqual(portable.ok && portable.value.root)
  })
})
