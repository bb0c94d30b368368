import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ChainHead } from "../../src/ledger/ChainVerifier.ts"
import {
  CHAIN_GENESIS,
  canonicalTransfer,
  chainHash,
  extendChains,
  type TransferFields,
} from "../../src/ledger/TransferChain.ts"

const fields = (i: number, unitType: string): TransferFields => ({
  transferId: `trf_${i}`,
  orderId: `ord_${i}`,
  unitType,
  fromKey: "platform:issuance",
  toKey: "member:mem_a:owned",
  units: i + 1,
  at: 1_700_000_000_000 + i,
})

const batchOf = fc
  .array(fc.constantFrom("LAND_EUR", "LAND_USD", "LAND_GBP"), { maxLength: 30 })
  .map((types) => types.map((unitType, i) => fields(i, unitType)))

describe("extending the transfer chains (extendChains)", () => {
  it("the first transfer of a chain is place 1 after the genesis; its hash is SHA-256(genesis ‖ encoding)", () => {
    const t = fields(0, "LAND_EUR")
    const { links, heads } = extendChains(new Map(), [t])
    expect(canonicalTransfer(t)).toBe(
      "landunits-transfer-v1|trf_0|ord_0|LAND_EUR|platform:issuance|member:mem_a:owned|1|1700000000000",
    )
    expect(links).toEqual([
      { chainIndex: 1, prevHash: CHAIN_GENESIS, hash: chainHash(CHAIN_GENESIS, canonicalTransfer(t)) },
    ])
    expect(heads.get("LAND_EUR")).toEqual({ length: 1, head: links[0]!.hash })
  })

  it("each transfer follows the one before it in its own unit type's chain, and the heads are each chain's last", () => {
    fc.assert(
      fc.property(batchOf, (batch) => {
        const { links, heads } = extendChains(new Map(), batch)
        const expected = new Map<string, ChainHead>()
        batch.forEach((t, i) => {
          const before = expected.get(t.unitType) ?? { length: 0, head: CHAIN_GENESIS }
          expect(links[i]).toEqual({
            chainIndex: before.length + 1,
            prevHash: before.head,
            hash: chainHash(before.head, canonicalTransfer(t)),
          })
          expected.set(t.unitType, { length: before.length + 1, head: links[i]!.hash })
        })
        expect(heads).toEqual(expected)
      }),
    )
  })

  it("a batch appended in two parts, the second from the first's heads, gives the same links as in one", () => {
    fc.assert(
      fc.property(batchOf, fc.nat(), (batch, at) => {
        const cut = batch.length === 0 ? 0 : at % (batch.length + 1)
        const whole = extendChains(new Map(), batch)
        const first = extendChains(new Map(), batch.slice(0, cut))
        const second = extendChains(first.heads, batch.slice(cut))
        expect([...first.links, ...second.links]).toEqual(whole.links)
        expect(second.heads).toEqual(whole.heads)
      }),
    )
  })

  it("leaves the heads it was given as they were", () => {
    const before = new Map([["LAND_EUR", { length: 4, head: "ab".repeat(32) }]])
    const { heads } = extendChains(before, [fields(5, "LAND_EUR")])
    expect(before.get("LAND_EUR")).toEqual({ length: 4, head: "ab".repeat(32) })
    expect(heads.get("LAND_EUR")?.length).toBe(5)
  })
})
