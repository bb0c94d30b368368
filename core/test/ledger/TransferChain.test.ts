import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { ChainHead } from "../../src/ledger/TransferChain.ts"
import {
  CHAIN_GENESIS,
  canonicalOfStored,
  canonicalTransfer,
  chainedAsNew,
  chainHash,
  encodedFields,
  extendChains,
  malformedTransfer,
  memberPseudonym,
  parseCanonicalTransfer,
  pseudonymousKey,
  type StoredTransferFields,
  TRANSFER_ENCODING_V1,
  TRANSFER_ENCODING_V2,
  TransferEncodings,
  type TransferFields,
} from "../../src/ledger/TransferChain.ts"

const BLIND = "11".repeat(32)

const fields = (i: number, unitType: string): TransferFields => ({
  transferId: `trf_${i}`,
  orderId: `ord_${i}`,
  unitType,
  fromKey: "platform:issuance",
  toKey: "member:mem_a:owned",
  units: i + 1,
  at: 1_700_000_000_000 + i,
})

const v1 = (t: TransferFields): StoredTransferFields => ({
  ...t,
  encoding: TRANSFER_ENCODING_V1,
  fromBlind: null,
  toBlind: null,
})

/** A blind per side from a counter: the tests' stand-in for a store's random bytes. */
let blinds = 0
const nextBlind = () => chainHash(CHAIN_GENESIS, `test blind ${++blinds}`)

const batchOf = fc
  .array(fc.tuple(fc.constantFrom("LAND_EUR", "LAND_USD", "LAND_GBP"), fc.boolean()), { maxLength: 30 })
  .map((types) =>
    types.map(([unitType, old], i) =>
      old ? v1(fields(i, unitType)) : chainedAsNew(fields(i, unitType), nextBlind),
    ),
  )

// Text a generated field may hold: anything but the separator.
const text = fc.string({ minLength: 1 }).filter((s) => !s.includes("|"))
const memberIdOf = fc.stringMatching(/^mem_[a-z0-9]{4,20}$/)
const bucketOf = fc.constantFrom("owned", "owned_DOUBLE_LAND", "pendingBuy", "pendingSell", "convertLocked")
const accountOf = fc.oneof(
  fc.tuple(memberIdOf, bucketOf).map(([id, bucket]) => `member:${id}:${bucket}`),
  fc.constantFrom("platform:issuance", "platform:fees"),
)
const transferOf = fc.record({
  transferId: text,
  orderId: text,
  unitType: text,
  fromKey: accountOf,
  toKey: accountOf,
  units: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  at: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
})
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"))

describe("the canonical encodings of a transfer (v1, v2)", () => {
  it("v1 names members by id; v2 by a pseudonym: SHA-256(blind ‖ 'landunits-member-v2|' + id), recomputed outside (Python's hashlib)", () => {
    const t = fields(0, "LAND_EUR")
    expect(canonicalOfStored(v1(t))).toBe(
      "landunits-transfer-v1|trf_0|ord_0|LAND_EUR|platform:issuance|member:mem_a:owned|1|1700000000000",
    )
    expect(memberPseudonym("mem_alice", BLIND)).toBe(
      "cbec555ca0b21209d431a9c9efd566833ecceaddaeaabd50a923e52bb526e36a",
    )
    const v2: StoredTransferFields = {
      ...t,
      toKey: "member:mem_alice:owned",
      encoding: TRANSFER_ENCODING_V2,
      fromBlind: null,
      toBlind: BLIND,
    }
    expect(canonicalOfStored(v2)).toBe(
      "landunits-transfer-v2|trf_0|ord_0|LAND_EUR|platform:issuance|member:cbec555ca0b21209d431a9c9efd566833ecceaddaeaabd50a923e52bb526e36a:owned|1|1700000000000",
    )
    expect(extendChains(new Map(), [v2]).links[0]!.hash).toBe(
      "e40da7f5ff00e8fcd3222701f8815aea422745ebcc98dfe42ce8c9a39a4ce3bb",
    )
  })

  it("v1 and v2 encodings round-trip through parseCanonicalTransfer and differ from each other (property)", () => {
    fc.assert(
      fc.property(transferOf, hex64, hex64, (t, fromBlind, toBlind) => {
        for (const encoding of TransferEncodings) {
          expect(parseCanonicalTransfer(canonicalTransfer(encoding, t))).toEqual({ encoding, fields: t })
        }
        expect(canonicalTransfer(TRANSFER_ENCODING_V1, t)).not.toBe(
          canonicalTransfer(TRANSFER_ENCODING_V2, t),
        )
        const stored = { ...t, fromBlind, toBlind }
        const old = canonicalOfStored({ ...stored, encoding: TRANSFER_ENCODING_V1 })
        const pseudonymous = canonicalOfStored({ ...stored, encoding: TRANSFER_ENCODING_V2 })
        expect(old).not.toBe(pseudonymous)
        expect(parseCanonicalTransfer(old)).toEqual({ encoding: TRANSFER_ENCODING_V1, fields: t })
        expect(parseCanonicalTransfer(pseudonymous)).toEqual({
          encoding: TRANSFER_ENCODING_V2,
          fields: encodedFields({ ...stored, encoding: TRANSFER_ENCODING_V2 }),
        })
      }),
    )
  })

  it("v2 holds no member's id, and a platform account's key as it is (property)", () => {
    fc.assert(
      fc.property(transferOf, hex64, hex64, (t, fromBlind, toBlind) => {
        const encoded = encodedFields({ ...t, encoding: TRANSFER_ENCODING_V2, fromBlind, toBlind })
        for (const [stored, key] of [
          [t.fromKey, encoded.fromKey],
          [t.toKey, encoded.toKey],
        ] as const) {
          if (stored.startsWith("platform:")) expect(key).toBe(stored)
          else {
            expect(key).toMatch(/^member:[0-9a-f]{64}:[A-Za-z_]+$/)
            expect(key.endsWith(stored.slice(stored.lastIndexOf(":")))).toBe(true)
          }
        }
        expect(`${encoded.fromKey} ${encoded.toKey}`).not.toMatch(/mem_/)
      }),
    )
  })

  it("a pseudonym changes with the member's id and with the blind: one opening each (property)", () => {
    fc.assert(
      fc.property(memberIdOf, memberIdOf, hex64, hex64, (a, b, blindA, blindB) => {
        expect(memberPseudonym(a, blindA)).toBe(memberPseudonym(a, blindA))
        if (a !== b) expect(memberPseudonym(a, blindA)).not.toBe(memberPseudonym(b, blindA))
        if (blindA !== blindB) expect(memberPseudonym(a, blindA)).not.toBe(memberPseudonym(a, blindB))
      }),
    )
  })

  it("a member account without a usable blind gives a key no pseudonym has", () => {
    expect(pseudonymousKey("member:mem_a:owned", null)).toBe("member:no-blind:owned")
    expect(pseudonymousKey("member:mem_a:owned", "not hex")).toBe("member:no-blind:owned")
    expect(pseudonymousKey("platform:fees", null)).toBe("platform:fees")
  })

  it("a v2 member account without a blind of 64 hex digits makes no encoding; v1 needs none", () => {
    const t = fields(2, "LAND_EUR")
    expect(
      malformedTransfer({ ...t, encoding: TRANSFER_ENCODING_V2, fromBlind: null, toBlind: BLIND }),
    ).toBeUndefined()
    expect(malformedTransfer({ ...t, encoding: TRANSFER_ENCODING_V2, fromBlind: null, toBlind: "x" })).toBe(
      "its to account is a member's without a blind of 64 hex digits, which v2 needs",
    )
    expect(
      malformedTransfer({ ...t, encoding: TRANSFER_ENCODING_V2, fromBlind: null, toBlind: null }),
    ).toMatch(/^its to account/)
    expect(malformedTransfer(v1(t))).toBeUndefined()
  })

  it("a new transfer is v2 with a blind for each member account and none for the platform's", () => {
    const t = chainedAsNew({ ...fields(1, "LAND_USD"), fromKey: "member:mem_b:owned" }, (side) =>
      side === "from" ? "aa".repeat(32) : "bb".repeat(32),
    )
    expect(t).toMatchObject({
      encoding: TRANSFER_ENCODING_V2,
      fromBlind: "aa".repeat(32),
      toBlind: "bb".repeat(32),
    })
    expect(chainedAsNew(fields(1, "LAND_USD"), nextBlind).fromBlind).toBeNull()
  })

  it("text that is not a transfer's encoding reads as none", () => {
    expect(parseCanonicalTransfer("landunits-transfer-v3|a|b|c|d|e|1|2")).toBeUndefined()
    expect(parseCanonicalTransfer("landunits-transfer-v1|a|b|c|d|e|1")).toBeUndefined()
    expect(parseCanonicalTransfer("landunits-transfer-v1|a|b|c|d|e|one|2")).toBeUndefined()
  })
})

describe("extending the transfer chains (extendChains)", () => {
  it("the first transfer of a chain is place 1 after the genesis; its hash is SHA-256(genesis ‖ encoding)", () => {
    const t = v1(fields(0, "LAND_EUR"))
    const { links, heads } = extendChains(new Map(), [t])
    expect(links).toEqual([
      {
        chainIndex: 1,
        prevHash: CHAIN_GENESIS,
        hash: chainHash(CHAIN_GENESIS, canonicalOfStored(t)),
        canonical: canonicalOfStored(t),
      },
    ])
    expect(heads.get("LAND_EUR")).toEqual({ length: 1, head: links[0]!.hash })
  })

  it("each transfer, v1 or v2, follows the one before it in its own unit type's chain, and the heads are each chain's last", () => {
    fc.assert(
      fc.property(batchOf, (batch) => {
        const { links, heads } = extendChains(new Map(), batch)
        const expected = new Map<string, ChainHead>()
        batch.forEach((t, i) => {
          const before = expected.get(t.unitType) ?? { length: 0, head: CHAIN_GENESIS }
          const canonical = canonicalTransfer(t.encoding, encodedFields(t))
          expect(links[i]).toEqual({
            chainIndex: before.length + 1,
            prevHash: before.head,
            hash: chainHash(before.head, canonical),
            canonical,
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
    const { heads } = extendChains(before, [v1(fields(5, "LAND_EUR"))])
    expect(before.get("LAND_EUR")).toEqual({ length: 4, head: "ab".repeat(32) })
    expect(heads.get("LAND_EUR")?.length).toBe(5)
  })
})
