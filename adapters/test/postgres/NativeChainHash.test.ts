/**
 * The PostgreSQL store links transfers with Node's native SHA-256 (NativeChainHash.ts); verification, the browser
 * and outsiders use core's portable `chainHash`. They must agree on every input, or a chain the app wrote would
 * not verify.
 */
import {
  CHAIN_GENESIS,
  chainHash,
  extendChains,
  type TransferFields,
} from "@landunits/core/ledger/TransferChain.ts"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { nativeChainHash } from "../../src/postgres/NativeChainHash.ts"

const hexHash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"))

const transfer = fc.record({
  transferId: fc.string({ minLength: 1 }),
  orderId: fc.string({ minLength: 1 }),
  unitType: fc.constantFrom("LAND_EUR", "LAND_USD", "LAND_GBP"),
  fromKey: fc.string(),
  toKey: fc.string({ unit: "binary" }),
  units: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
}) satisfies fc.Arbitrary<TransferFields>

describe("the native chain hash", () => {
  it("equals core's chainHash for any previous hash and any encoding, whatever its characters", () => {
    fc.assert(
      fc.property(hexHash, fc.string({ unit: "binary" }), (previous, canonical) => {
        expect(nativeChainHash(previous, canonical)).toBe(chainHash(previous, canonical))
      }),
    )
  })

  it("links a batch exactly as core does", () => {
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 20 }), (batch) => {
        expect(extendChains(new Map(), batch, nativeChainHash)).toEqual(extendChains(new Map(), batch))
      }),
    )
  })

  it("refuses a previous hash that is not 64 lower-case hex digits, as chainHash does", () => {
    for (const previous of [
      "",
      CHAIN_GENESIS.toUpperCase().replace(/0/g, "A"),
      `${CHAIN_GENESIS}0`,
      "zz".repeat(32),
    ]) {
      expect(() => nativeChainHash(previous, "x")).toThrow(/Not a chain hash/)
      expect(() => chainHash(previous, "x")).toThrow(/Not a chain hash/)
    }
  })
})
