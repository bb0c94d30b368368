/**
 * Issue 37: a member's inclusion proof names another member by a pseudonym, never by their id, and the member can
 * still recompute every v2 transfer's hash from the proof alone (docs/ledger.md §12). A v1 transfer (chained before
 * pseudonyms) that names another member keeps its place in the proof, its key withheld. Through the order engine in
 * memory (v2), and a mixed v1/v2 proof built from chain rows as a store holding both would give them.
 */

import { describe, expect, it } from "@effect/vitest"
import { bytesToHex } from "@noble/hashes/utils.js"
import { Effect } from "effect"
import fc from "fast-check"
import type { ChainedTransfer } from "../../src/ledger/ChainVerifier.ts"
import { canonicalCheckpoint } from "../../src/ledger/Checkpoint.ts"
import type { OrderProof, ProofAccount, ProvenTransfer } from "../../src/ledger/CheckpointModel.ts"
import { LedgerCheckpointService } from "../../src/ledger/LedgerCheckpointService.ts"
import { makeMerkleStream, transferLeafHash } from "../../src/ledger/MerkleTree.ts"
import { verifyOrderProof } from "../../src/ledger/OrderProof.ts"
import { provenTransfer } from "../../src/ledger/ProvenTransfer.ts"
import { LedgerSigner } from "../../src/ledger/ports/LedgerSigner.ts"
import {
  CHAIN_GENESIS,
  canonicalOfStored,
  canonicalTransfer,
  chainedAsNew,
  chainHash,
  extendChains,
  memberPseudonym,
  type StoredTransferFields,
  TRANSFER_ENCODING_V1,
} from "../../src/ledger/TransferChain.ts"
import { MemberId, type OrderId } from "../../src/shared/Ids.ts"
import { makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { bought, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const take = (h: OrderHarness) => h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.take))
const proofOf = (h: OrderHarness, memberId: MemberId, orderId: OrderId) =>
  h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.proof(memberId, orderId)))
const publicKey = (h: OrderHarness) =>
  Effect.gen(function* () {
    return (yield* h.run(LedgerSigner)).publicKey
  })

/**
 * Bob sells 20 Units (30 less the fee); Alice's buy of 15 is filled from his sale; Bob sends Alice 5. Every
 * transfer is in checkpoint #1.
 */
const tradedWithBob = () =>
  Effect.gen(function* () {
    const h = yield* makeOrderHarness()
    yield* bought(h, bob, 40)
    yield* h.run(sell(h, bob, 30))
    const filled = (yield* bought(h, alice, 15)).order
    const sent = yield* h.run(
      h.orders.createTransfer({
        memberId: bob,
        idempotencyKey: h.key(),
        unitType: "LAND_USD",
        numberOfUnits: 5,
        recipientEmail: "alice@example.com",
      }),
    )
    yield* take(h)
    return { h, filled, sent }
  })

/** The hash a reader recomputes from a proven transfer's fields, as docs/ledger.md §12 says. */
const recomputed = (t: ProvenTransfer) =>
  chainHash(t.prevHash, canonicalTransfer(t.encoding, { ...t, fromKey: t.fromKey!, toKey: t.toKey! }))

const others = (proof: OrderProof) =>
  proof.transfers.flatMap((t) => [
    ...(t.from.whose === "another member" ? [t.fromKey!] : []),
    ...(t.to.whose === "another member" ? [t.toKey!] : []),
  ])

describe("a proof names another member by pseudonym (issue 37)", () => {
  it.effect(
    "a buy filled from another member's sale: the seller is a pseudonym, the buyer's accounts are hers, and it verifies",
    () =>
      Effect.gen(function* () {
        const { h, filled } = yield* tradedWithBob()
        const proof = yield* proofOf(h, alice, filled.orderId)
        expect(JSON.stringify(proof)).not.toMatch(/bob/)
        const fromSeller = proof.transfers.find((t) => t.from.whose === "another member")!
        expect(fromSeller.from).toEqual({ whose: "another member", bucket: "pendingSell" })
        expect(fromSeller.fromKey).toMatch(/^member:[0-9a-f]{64}:pendingSell$/)
        expect(fromSeller.to).toEqual({
          whose: "you",
          memberId: alice,
          bucket: "owned",
          blind: expect.any(String),
        })
        const blind = (fromSeller.to as Extract<ProofAccount, { whose: "you" }>).blind!
        expect(fromSeller.toKey).toBe(`member:${memberPseudonym(alice, blind)}:owned`)
        for (const t of proof.transfers) {
          expect(t.encoding).toBe("landunits-transfer-v2")
          expect(recomputed(t)).toBe(t.hash)
        }
        expect(verifyOrderProof(proof, yield* publicKey(h))).toMatchObject({
          status: "verified",
          verified: 3,
          pending: 0,
          withheld: 0,
        })
      }),
  )

  it.effect(
    "a transfer received: the sender is a pseudonym, the recipient's account hers; the sender's own proof shows it as his",
    () =>
      Effect.gen(function* () {
        const { h, sent } = yield* tradedWithBob()
        const received = yield* proofOf(h, alice, sent.orderId)
        expect(JSON.stringify(received)).not.toMatch(/bob/)
        expect(received.transfers.map((t) => [t.from.whose, t.to.whose])).toEqual([["another member", "you"]])
        expect(verifyOrderProof(received, yield* publicKey(h)).status).toBe("verified")
        const his = yield* proofOf(h, bob, sent.orderId)
        expect(JSON.stringify(his)).not.toMatch(/alice/)
        expect(his.transfers.map((t) => [t.from.whose, t.to.whose])).toEqual([["you", "another member"]])
        // The same transfer: the same encoding and hash, each member opening only their own side.
        expect([his.transfers[0]!.fromKey, his.transfers[0]!.toKey]).toEqual([
          received.transfers[0]!.fromKey,
          received.transfers[0]!.toKey,
        ])
        expect(verifyOrderProof(his, yield* publicKey(h)).status).toBe("verified")
      }),
  )

  it.effect("one member's accounts get a new pseudonym in every transfer: proofs do not link them", () =>
    Effect.gen(function* () {
      const { h, filled, sent } = yield* tradedWithBob()
      yield* bought(h, alice, 4)
      yield* take(h)
      const seen = [
        ...others(yield* proofOf(h, alice, filled.orderId)),
        ...others(yield* proofOf(h, alice, sent.orderId)),
      ]
      expect(seen).toHaveLength(2)
      expect(new Set(seen.map((k) => k.split(":")[1])).size).toBe(2)
    }),
  )

  it.effect(
    "the member's own account in v2 needs a blind of 64 hex digits: a proof without one fails, naming it",
    () =>
      Effect.gen(function* () {
        const { h, filled } = yield* tradedWithBob()
        const proof = yield* proofOf(h, alice, filled.orderId)
        const which = proof.transfers.findIndex((t) => t.to.whose === "you")
        const t = proof.transfers[which]!
        for (const blind of [undefined, "x"]) {
          const to = { ...(t.to as Extract<ProofAccount, { whose: "you" }>) }
          if (blind === undefined) delete to.blind
          else to.blind = blind
          const transfers = proof.transfers.map((x, i) => (i === which ? { ...t, to } : x))
          expect(verifyOrderProof({ ...proof, transfers }, yield* publicKey(h))).toEqual({
            status: "failed",
            failure: `Transfer ${t.transferId}: its to account, your ${to.bucket}, is not shown to be yours: its pseudonym does not open to your id with the blind given.`,
          })
        }
      }),
  )

  it.effect(
    "the member's own account cannot be claimed with another id or blind, nor another's key changed (property)",
    () =>
      Effect.gen(function* () {
        const { h, filled } = yield* tradedWithBob()
        const proof = yield* proofOf(h, alice, filled.orderId)
        const key = yield* publicKey(h)
        const change = (text: string, at: number) => {
          const i = at % text.length
          return text.slice(0, i) + (text[i] === "a" ? "b" : "a") + text.slice(i + 1)
        }
        const changeAccount = (a: ProofAccount, at: number): ProofAccount =>
          a.whose === "you"
            ? at % 2 === 0
              ? { ...a, memberId: change(a.memberId, at >> 1) }
              : { ...a, blind: change(a.blind!, at >> 1) }
            : a.whose === "another member"
              ? { ...a, bucket: change(a.bucket, at) }
              : { ...a, name: change(a.name, at) }
        fc.assert(
          fc.property(
            fc.nat({ max: proof.transfers.length - 1 }),
            fc.constantFrom("from", "to", "fromKey", "toKey"),
            fc.nat(),
            (which, field, at) => {
              const t = proof.transfers[which]!
              const changed =
                field === "from" || field === "to"
                  ? { ...t, [field]: changeAccount(t[field], at) }
                  : { ...t, [field]: change(t[field]!, at) }
              const transfers = proof.transfers.map((x, i) => (i === which ? changed : x))
              return verifyOrderProof({ ...proof, transfers }, key).status === "failed"
            },
          ),
        )
      }),
  )
})

describe("a proof over transfers of both encodings", () => {
  const signer = LedgerSigner.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => i + 1))
  const blind = (n: number) => () => chainHash(CHAIN_GENESIS, `blind ${n}`)
  const base = { unitType: "LAND_EUR", orderId: "ord_mine", at: 1_700_000_000_000 }
  const v1 = (
    fields: Omit<StoredTransferFields, "encoding" | "fromBlind" | "toBlind" | keyof typeof base>,
  ) => ({
    ...base,
    ...fields,
    encoding: TRANSFER_ENCODING_V1,
    fromBlind: null,
    toBlind: null,
  })
  // Alice's order: her pendingBuy back to issuance and Bob's queued Units to her, chained in v1 (before migration
  // 2890), then Bob's Units again in v2.
  const stored: ReadonlyArray<StoredTransferFields> = [
    v1({ transferId: "trf_1", fromKey: "member:mem_alice:pendingBuy", toKey: "platform:issuance", units: 3 }),
    v1({
      transferId: "trf_2",
      fromKey: "member:mem_bob:pendingSell",
      toKey: "member:mem_alice:owned",
      units: 3,
    }),
    chainedAsNew(
      {
        ...base,
        transferId: "trf_3",
        fromKey: "member:mem_bob:pendingSell",
        toKey: "member:mem_alice:owned",
        units: 2,
      },
      blind(3),
    ),
  ]
  const proofOfRows = (): OrderProof => {
    const { links } = extendChains(new Map(), stored)
    const rows: Array<ChainedTransfer> = stored.map((t, i) => ({
      ...t,
      ...links[i]!,
      chain: t.unitType,
      position: i + 1,
      name: `transfer ${t.transferId}`,
      canonical: canonicalOfStored(t),
    }))
    const tree = makeMerkleStream()
    for (const link of links) tree.add(transferLeafHash(link.hash), true)
    const paths = tree.paths()
    const fields = {
      number: 1,
      at: 1_700_000_100_000,
      treeSize: rows.length,
      merkleRoot: bytesToHex(tree.root()),
      chains: [{ chain: "LAND_EUR", length: 3, head: links[2]!.hash }],
      keyId: signer.keyId,
    }
    const checkpoint = { ...fields, signature: Effect.runSync(signer.sign(canonicalCheckpoint(fields))) }
    return {
      orderId: "ord_mine",
      checkpoint,
      transfers: rows.map((row, i) =>
        provenTransfer("mem_alice", row, {
          leafIndex: i,
          auditPath: paths.get(i)!.map((p) => bytesToHex(p)),
        }),
      ),
      pending: 0,
      note: "",
    }
  }

  it("another member's id in a v1 transfer is withheld; its place is proved, and every other transfer recomputed", () => {
    const proof = proofOfRows()
    expect(JSON.stringify(proof)).not.toMatch(/mem_bob/)
    const [own, old, pseudonymous] = proof.transfers as [ProvenTransfer, ProvenTransfer, ProvenTransfer]
    expect(own).toMatchObject({
      encoding: "landunits-transfer-v1",
      fromKey: "member:mem_alice:pendingBuy",
      from: { whose: "you", memberId: "mem_alice", bucket: "pendingBuy" },
      toKey: "platform:issuance",
      to: { whose: "the platform", name: "issuance" },
    })
    expect(own.from).not.toHaveProperty("blind")
    expect(old.fromKey).toBeUndefined()
    expect(old).toMatchObject({
      from: { whose: "another member", bucket: "pendingSell" },
      toKey: "member:mem_alice:owned",
    })
    expect(pseudonymous.fromKey).toMatch(/^member:[0-9a-f]{64}:pendingSell$/)
    expect(verifyOrderProof(proof, signer.publicKey)).toMatchObject({
      status: "verified",
      verified: 3,
      withheld: 1,
    })
  })

  it("a withheld transfer still fails when its hash or place changes; a v2 transfer cannot withhold a key", () => {
    const proof = proofOfRows()
    const withTransfer = (i: number, t: ProvenTransfer) => ({
      ...proof,
      transfers: proof.transfers.map((x, j) => (j === i ? t : x)),
    })
    const old = proof.transfers[1]!
    const failure = (p: OrderProof) => {
      const check = verifyOrderProof(p, signer.publicKey)
      return check.status === "failed" ? check.failure : check.status
    }
    expect(failure(withTransfer(1, { ...old, hash: "ab".repeat(32) }))).toMatch(
      /^Transfer trf_2: its audit path does not lead to checkpoint #1's Merkle root/,
    )
    expect(failure(withTransfer(1, { ...old, leafIndex: 0 }))).toMatch(/^Transfer trf_2: its audit path/)
    const { fromKey: _, ...withoutKey } = proof.transfers[2]!
    expect(failure(withTransfer(2, withoutKey))).toBe(
      "Transfer trf_3: its from account, another member's pendingSell, has no key, which only an old (v1) transfer may withhold.",
    )
    expect(failure(withTransfer(1, { ...old, fromKey: "member:mem_carol:pendingSell" }))).toMatch(
      /^Transfer trf_2: its fields do not give its hash/,
    )
  })
})
