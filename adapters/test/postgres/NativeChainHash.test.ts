/**
 * The PostgreSQL store links transfers, and makes v2's member pseudonyms, with Node's native SHA-256
 * (NativeChainHash.ts); verification, the browser and outsiders use core's portable `chainHash`. They must agree on
 * every input, or a chain the app wrote would not verify.
 */
import {
  CHAIN_GENESIS,
  chainHash,
  extendChains,
  type StoredTransferFields,
  TransferEncodings,
} from "@landunits/core/ledger/TransferChain.ts"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { nativeChainHash, newBlind } from "../../src/postgres/NativeChainHash.ts"

const hexHash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"))

const memberKey = fc
  .tuple(fc.string({ unit: "binary" }), fc.string())
  .map(([id, bucket]) => `member:${id}:${bucket}`)

const transfer = fc.record({
  transferId: fc.string({ minLength: 1 }),
  orderId: fc.string({ minLength: 1 }),
  unitType: fc.constantFrom("LAND_EUR", "LAND_USD", "LAND_GBP"),
  fromKey: fc.oneof(fc.string(), memberKey),
  toKey: fc.oneof(fc.string({ unit: "binary" }), memberKey),
  units: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  encoding: fc.constantFrom(...TransferEncodings),
  fromBlind: fc.option(hexHash),
  toBlind: fc.option(hexHash),
}) satisfies fc.Arbitrary<StoredTransferFields>

describe("the native chain hash", () => {
  it("equals core's chainHash for any previous hash and any encoding, whatever its characters", () => {
    fc.assert(
      fc.property(hexHash, fc.string({ unit: "binary" }), (previous, canonical) => {
        expect(nativeChainHash(previous, canonical)).toBe(chainHash(previous, canonical))
      }),
    )
  })

  it("links a batch of either encoding, its members' pseudonyms included, exactly as core does", () => {
    fc.assert(
      fc.property(fc.array(transfer, { maxLength: 20 }), (batch) => {
        expect(extendChains(new Map(), batch, nativeChainHash)).toEqual(extendChains(new Map(), batch))
      }),
    )
  })

  it("draws a new blind of 32 bytes each time", () => {
    const blinds = Array.from({ length: 100 }, newBlind)
    expect(blinds.every((b) => /^[0-9a-f]{64}$/.test(b))).toBe(true)
    expect(new Set(blinds).size).toBe(100)
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
