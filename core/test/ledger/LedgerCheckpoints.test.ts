/**
 * Signed checkpoints and members' inclusion proofs (issue 21, docs/ledger.md §10–12), through the order engine
 * in memory: what a checkpoint signs, when the job takes one, what a proof holds, and that the one checker
 * (verifyOrderProof, the browser's) accepts a true proof and names the first thing wrong with a changed one.
 */

import { describe, expect, it } from "@effect/vitest"
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js"
import { Effect, Layer, Option } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { canonicalCheckpoint, checkpointSignatureValid, ledgerKeyId } from "../../src/ledger/Checkpoint.ts"
import { verifyTransfersAndCheckpoints } from "../../src/ledger/CheckpointCheck.ts"
import type { OrderProof } from "../../src/ledger/CheckpointModel.ts"
import { CHECKPOINT_MAX_AGE_MS, LedgerCheckpointService } from "../../src/ledger/LedgerCheckpointService.ts"
import { makeMerkleStream, transferLeafHash } from "../../src/ledger/MerkleTree.ts"
import { publishedKeyFor, verifyOrderProof } from "../../src/ledger/OrderProof.ts"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerSigner } from "../../src/ledger/ports/LedgerSigner.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { OrderService } from "../../src/orders/OrderService.ts"
import { MemberId, type OrderId } from "../../src/shared/Ids.ts"
import { CHECKPOINT_EVERY_MS, makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { bought, buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const service = (h: OrderHarness) => h.run(LedgerCheckpointService)
const take = (h: OrderHarness) => h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.take))
const takeIfDue = (h: OrderHarness) => h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.takeIfDue))
const proofOf = (h: OrderHarness, memberId: MemberId, orderId: OrderId) =>
  h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.proof(memberId, orderId)))
const publicKey = (h: OrderHarness) => Effect.map(h.run(LedgerSigner), (s) => s.publicKey)

/** The ledger as an outsider recomputes it: its tree of every transfer, and each chain's head. */
const recomputed = (h: OrderHarness) =>
  h.run(
    Effect.gen(function* () {
      const store = yield* LedgerStore
      const rows = yield* store.chainAfter(0, 1_000_000)
      const tree = makeMerkleStream()
      for (const row of rows) tree.add(transferLeafHash(row.hash!))
      return { size: rows.length, root: bytesToHex(tree.root()), heads: yield* store.chainHeads }
    }),
  )

/** A ledger with a few orders of two members in two unit types. */
const withHistory = () =>
  Effect.gen(function* () {
    const h = yield* makeOrderHarness()
    const paid = (yield* bought(h, alice, 30)).order
    const unpaid = yield* h.run(buy(h, bob, 12, { unitType: "LAND_EUR" }))
    return { h, paid, unpaid }
  })

describe("ledger checkpoints", () => {
  it.effect(
    "a checkpoint signs the number of transfers, the Merkle root over them and each chain's length and head",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        const { checkpoint, taken } = yield* take(h)
        const ledger = yield* recomputed(h)
        expect(taken).toBe(true)
        expect(checkpoint.number).toBe(1)
        expect(checkpoint.treeSize).toBe(ledger.size)
        expect(checkpoint.merkleRoot).toBe(ledger.root)
        expect(checkpoint.chains).toEqual(
          [...ledger.heads]
            .map(([chain, head]) => ({ chain, ...head }))
            .sort((a, b) => (a.chain < b.chain ? -1 : 1)),
        )
        expect(checkpoint.keyId).toBe(ledgerKeyId(hexToBytes(yield* publicKey(h))))
        expect(checkpointSignatureValid(checkpoint, hexToBytes(yield* publicKey(h)))).toBe(true)
        expect(canonicalCheckpoint(checkpoint)).toBe(
          [
            "landunits-checkpoint-v2",
            "1",
            String(checkpoint.at),
            String(ledger.size),
            ledger.root,
            checkpoint.keyId,
            `LAND_EUR:1:${ledger.heads.get("LAND_EUR")?.head}`,
            `LAND_USD:${ledger.heads.get("LAND_USD")?.length}:${ledger.heads.get("LAND_USD")?.head}`,
            ...(checkpoint.liabilities ?? []).map(
              (l) =>
                `liabilities:${l.unitType}:${l.root}:${l.totals.owned},${l.totals.owned_DOUBLE_LAND},${l.totals.pendingBuy},${l.totals.pendingSell},${l.totals.convertLocked}`,
            ),
          ].join("|"),
        )
      }),
  )

  it.effect("a checkpoint of an empty ledger has the empty tree's root and no chain", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const { checkpoint } = yield* take(h)
      expect(checkpoint.treeSize).toBe(0)
      expect(checkpoint.merkleRoot).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
      expect(checkpoint.chains).toEqual([])
    }),
  )

  it.effect(
    "the next checkpoint reads on from the last one's frontier and signs the same root as one computed from the start",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        const first = (yield* take(h)).checkpoint
        yield* bought(h, bob, 7, "LAND_POUND")
        yield* h.run(buy(h, alice, 3))
        const second = (yield* take(h)).checkpoint
        const ledger = yield* recomputed(h)
        expect(second.number).toBe(2)
        expect(second.treeSize).toBe(ledger.size)
        expect(second.treeSize).toBeGreaterThan(first.treeSize)
        expect(second.merkleRoot).toBe(ledger.root)
      }),
  )

  it.effect("the job takes one when the ledger grew, and at least once a day when it did not", () =>
    Effect.gen(function* () {
      const { h } = yield* withHistory()
      expect(Option.isSome(yield* takeIfDue(h))).toBe(true)
      yield* TestClock.adjust(CHECKPOINT_EVERY_MS)
      expect(Option.isNone(yield* takeIfDue(h))).toBe(true)
      yield* h.run(buy(h, alice, 1))
      expect(Option.map(yield* takeIfDue(h), (t) => t.checkpoint.number)).toEqual(Option.some(2))
      yield* TestClock.adjust(CHECKPOINT_MAX_AGE_MS - 1)
      expect(Option.isNone(yield* takeIfDue(h))).toBe(true)
      yield* TestClock.adjust(1)
      const daily = yield* takeIfDue(h)
      expect(Option.map(daily, (t) => t.checkpoint.number)).toEqual(Option.some(3))
    }),
  )

  it.effect("checkpoints are listed newest first, a page at a time", () =>
    Effect.gen(function* () {
      const { h } = yield* withHistory()
      for (let i = 0; i < 5; i++) yield* take(h)
      const list = (query: { before?: number; limit?: number }) =>
        h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.list(query)))
      const first = yield* list({ limit: 2 })
      expect(first.checkpoints.map((c) => c.number)).toEqual([5, 4])
      expect(first.nextBefore).toBe(4)
      expect((yield* list({ before: 4, limit: 2 })).checkpoints.map((c) => c.number)).toEqual([3, 2])
      const last = yield* list({ before: 2, limit: 2 })
      expect(last.checkpoints.map((c) => c.number)).toEqual([1])
      expect(last.nextBefore).toBeUndefined()
      expect((yield* list({})).checkpoints).toHaveLength(5)
    }),
  )

  it.effect("the public key is given raw and as PEM, with the id checkpoints name", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const key = (yield* service(h)).publicKey
      expect(key.algorithm).toBe("Ed25519")
      expect(key.publicKey).toMatch(/^[0-9a-f]{64}$/)
      expect(key.keyId).toBe(ledgerKeyId(hexToBytes(key.publicKey)))
      expect(key.publicKeyPem).toMatch(
        /^-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=\n-----END PUBLIC KEY-----\n$/,
      )
    }),
  )

  it.effect(
    "a checkpoint number another process took first is not written twice: its checkpoint is answered",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        const stores = yield* h.run(Effect.all([LedgerStore, LedgerCheckpoints, OrderService]))
        // The store as a second process sees it: between this process's read and its append, the first wrote #1.
        let raced = false
        const racing = Layer.succeed(LedgerCheckpoints)({
          ...stores[1],
          append: (checkpoint) =>
            Effect.gen(function* () {
              if (!raced) {
                raced = true
                yield* stores[1].append({ ...checkpoint, at: checkpoint.at - 1 })
              }
              return yield* stores[1].append(checkpoint)
            }),
        })
        const result = yield* LedgerCheckpointService.layer({ everyMs: CHECKPOINT_EVERY_MS }).pipe(
          Layer.provide(
            Layer.mergeAll(
              racing,
              LedgerSigner.layerTest,
              Layer.succeed(LedgerStore)(stores[0]),
              Layer.succeed(OrderService)(stores[2]),
            ),
          ),
          (layer) => Effect.flatMap(LedgerCheckpointService, (s) => s.take).pipe(Effect.provide(layer)),
        )
        expect(result.taken).toBe(false)
        expect(result.checkpoint.number).toBe(1)
        expect(
          (yield* h.run(Effect.flatMap(LedgerCheckpoints, (s) => s.after(0, 10)))).map((c) => c.number),
        ).toEqual([1])
      }),
  )

  it.effect(
    "nothing is signed when the transfers since the last checkpoint no longer continue its chains",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        yield* take(h)
        yield* h.run(buy(h, alice, 4))
        const [store, checkpoints, orders] = yield* h.run(
          Effect.all([LedgerStore, LedgerCheckpoints, OrderService]),
        )
        const edited = Layer.succeed(LedgerStore)({
          ...store,
          chainAfter: (after, limit) =>
            Effect.map(store.chainAfter(after, limit), (rows) =>
              rows.map((r) => (r.units === 4 ? { ...r, canonical: r.canonical.replace("|4|", "|40|") } : r)),
            ),
        })
        const refused = yield* LedgerCheckpointService.layer({ everyMs: CHECKPOINT_EVERY_MS }).pipe(
          Layer.provide(
            Layer.mergeAll(
              edited,
              LedgerSigner.layerTest,
              Layer.succeed(LedgerCheckpoints)(checkpoints),
              Layer.succeed(OrderService)(orders),
            ),
          ),
          (layer) =>
            Effect.flip(Effect.flatMap(LedgerCheckpointService, (s) => s.take).pipe(Effect.provide(layer))),
        )
        expect(refused._tag).toBe("CheckpointRefused")
        expect(refused.message).toMatch(
          /^the transfers since the last checkpoint do not verify: edited: transfer /,
        )
        expect(yield* h.run(Effect.flatMap(LedgerCheckpoints, (s) => s.after(0, 10)))).toHaveLength(1)
      }),
  )
})

describe("a member's inclusion proof", () => {
  it.effect(
    "holds each of the order's transfers with its leaf and audit path to the latest checkpoint, and verifies",
    () =>
      Effect.gen(function* () {
        const { h, paid } = yield* withHistory()
        yield* take(h)
        const proof = yield* proofOf(h, alice, paid.orderId)
        const rows = yield* h.run(Effect.flatMap(LedgerStore, (s) => s.chainOfOrder(paid.orderId)))
        expect(proof.transfers.map((t) => t.transferId)).toEqual(rows.map((r) => r.transferId))
        expect(proof.transfers.every((t) => t.leafIndex !== undefined && t.auditPath !== undefined)).toBe(
          true,
        )
        expect(proof.pending).toBe(0)
        expect(proof.nextCheckpointBy).toBeUndefined()
        expect(proof.note).toBe(
          `All 2 transfers of this order are in checkpoint #1 of Jan 15, 2026, 12:00 AM UTC.`,
        )
        const check = verifyOrderProof(proof, yield* publicKey(h))
        expect(check).toMatchObject({ status: "verified", verified: 2, pending: 0 })
      }),
  )

  it.effect("another member's order is not found, exactly like a missing one", () =>
    Effect.gen(function* () {
      const { h, paid } = yield* withHistory()
      yield* take(h)
      const other = yield* h.fail(Effect.flatMap(LedgerCheckpointService, (s) => s.proof(bob, paid.orderId)))
      const missing = yield* h.fail(
        Effect.flatMap(LedgerCheckpointService, (s) => s.proof(bob, "ord_missing" as OrderId)),
      )
      expect(other._tag).toBe("OrderNotFound")
      expect(other.message).toBe(`Order ${paid.orderId} was not found`)
      expect(missing.message).toBe("Order ord_missing was not found")
    }),
  )

  it.effect(
    "transfers newer than the latest checkpoint are said to be so, with the time the next is due",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        yield* take(h)
        yield* TestClock.adjust(10 * 60 * 1000)
        const later = yield* h.run(buy(h, alice, 5))
        const proof = yield* proofOf(h, alice, later.orderId)
        expect(proof.pending).toBe(1)
        expect(proof.transfers[0]?.leafIndex).toBeUndefined()
        expect(proof.nextCheckpointBy).toBe(proof.checkpoint!.at + CHECKPOINT_EVERY_MS)
        expect(proof.note).toBe(
          "This order's transfer is newer than the latest checkpoint #1 of Jan 15, 2026, 12:00 AM UTC: the next checkpoint, due by Jan 15, 2026, 1:00 AM UTC, will include it.",
        )
        expect(verifyOrderProof(proof, yield* publicKey(h))).toEqual({
          status: "not-yet",
          pending: 1,
          withheld: 0,
          nextCheckpointBy: proof.nextCheckpointBy,
        })
      }),
  )

  it.effect("before any checkpoint, nothing is proved and the first is due within the job's interval", () =>
    Effect.gen(function* () {
      const { h, paid } = yield* withHistory()
      const proof = yield* proofOf(h, alice, paid.orderId)
      expect(proof.checkpoint).toBeNull()
      expect(proof.pending).toBe(2)
      expect(proof.note).toMatch(
        /^No ledger checkpoint has been signed yet: the first, due by Jan 15, 2026, 1:00 AM UTC/,
      )
    }),
  )

  it.effect(
    "a proof checked with another key, or a changed signature, field, root or path node, fails naming it",
    () =>
      Effect.gen(function* () {
        const { h, paid } = yield* withHistory()
        yield* take(h)
        const proof = yield* proofOf(h, alice, paid.orderId)
        const key = yield* publicKey(h)
        const failure = (p: OrderProof, k = key) => {
          const check = verifyOrderProof(p, k)
          return check.status === "failed" ? check.failure : check.status
        }
        const t0 = proof.transfers[0]!
        const cp = proof.checkpoint!
        const withTransfer = (t: typeof t0) => ({ ...proof, transfers: [t, ...proof.transfers.slice(1)] })
        expect(failure(withTransfer({ ...t0, units: t0.units + 1 }))).toMatch(
          new RegExp(`^Transfer ${t0.transferId}: its fields do not give its hash`),
        )
        expect(failure({ ...proof, checkpoint: { ...cp, merkleRoot: "0".repeat(64) } })).toMatch(
          /^Checkpoint #1's signature does not verify with Landunits' ledger key [0-9a-f]{16}/,
        )
        expect(
          failure({
            ...proof,
            checkpoint: {
              ...cp,
              signature: `${cp.signature.slice(0, -1)}${cp.signature.endsWith("0") ? "1" : "0"}`,
            },
          }),
        ).toMatch(/^Checkpoint #1's signature does not verify/)
        const path = t0.auditPath!
        expect(
          failure(
            withTransfer({
              ...t0,
              auditPath: [`${path[0]!.slice(0, -1)}${path[0]!.endsWith("0") ? "1" : "0"}`, ...path.slice(1)],
            }),
          ),
        ).toMatch(
          new RegExp(
            `^Transfer ${t0.transferId}: its audit path does not lead to checkpoint #1's Merkle root`,
          ),
        )
        const otherKey = bytesToHex(Uint8Array.from({ length: 32 }, () => 7))
        expect(failure(proof, otherKey)).toMatch(
          /^Checkpoint #1 names the signing key [0-9a-f]{16}, not Landunits' ledger key/,
        )
      }),
  )

  it.effect("any one changed character of a verified proof makes it fail (property)", () =>
    Effect.gen(function* () {
      const { h, paid } = yield* withHistory()
      yield* bought(h, bob, 9)
      yield* take(h)
      const proof = yield* proofOf(h, alice, paid.orderId)
      const key = yield* publicKey(h)
      expect(verifyOrderProof(proof, key).status).toBe("verified")
      const fields = ["transferId", "unitType", "fromKey", "toKey", "prevHash", "hash"] as const
      const change = (text: string, at: number) => {
        const i = at % text.length
        const c = text[i] === "a" ? "b" : "a"
        return text.slice(0, i) + c + text.slice(i + 1)
      }
      fc.assert(
        fc.property(
          fc.nat({ max: proof.transfers.length - 1 }),
          fc.oneof(
            fc.record({
              kind: fc.constant("field" as const),
              field: fc.constantFrom(...fields),
              at: fc.nat(),
            }),
            fc.record({
              kind: fc.constant("number" as const),
              field: fc.constantFrom("units", "at", "leafIndex"),
              by: fc.integer({ min: 1, max: 50 }),
            }),
            fc.record({ kind: fc.constant("path" as const), node: fc.nat(), at: fc.nat() }),
          ),
          (which, m) => {
            const t = proof.transfers[which]!
            const changed =
              m.kind === "field"
                ? { ...t, [m.field]: change(t[m.field] ?? "", m.at) }
                : m.kind === "number"
                  ? { ...t, [m.field]: (t[m.field] ?? 0) + m.by }
                  : {
                      ...t,
                      auditPath: t.auditPath!.map((p, i) =>
                        i === m.node % t.auditPath!.length ? change(p, m.at) : p,
                      ),
                    }
            const transfers = proof.transfers.map((x, i) => (i === which ? changed : x))
            return verifyOrderProof({ ...proof, transfers }, key).status === "failed"
          },
        ),
      )
    }),
  )
})

describe("verifying stored checkpoints against the ledger", () => {
  const verifyAll = (h: OrderHarness, earlier: ReadonlyArray<string> = []) =>
    Effect.flatMap(h.run(LedgerSigner), (signer) =>
      h.result(
        verifyTransfersAndCheckpoints(
          { pageSize: 3 },
          { current: { keyId: signer.keyId, publicKey: signer.publicKey }, earlier },
        ),
      ),
    )

  it.effect("every checkpoint is checked where the stream reaches its size: signature, root and chains", () =>
    Effect.gen(function* () {
      const { h } = yield* withHistory()
      yield* take(h)
      yield* h.run(buy(h, alice, 2))
      yield* take(h)
      yield* take(h)
      const result = yield* verifyAll(h)
      expect(result._tag).toBe("Success")
      if (result._tag === "Success") {
        expect(result.success.checkpoints).toBe(3)
        expect([...result.success.signedBy.values()]).toEqual([3])
      }
    }),
  )

  it.effect(
    "a checkpoint signed by another key is refused, unless the operator names it as an earlier key of theirs",
    () =>
      Effect.gen(function* () {
        const { h } = yield* withHistory()
        const [store, checkpoints, orders] = yield* h.run(
          Effect.all([LedgerStore, LedgerCheckpoints, OrderService]),
        )
        const earlier = LedgerSigner.fromSeed(Uint8Array.from({ length: 32 }, () => 42))
        yield* LedgerCheckpointService.layer({ everyMs: CHECKPOINT_EVERY_MS }).pipe(
          Layer.provide(
            Layer.mergeAll(
              Layer.succeed(LedgerSigner)(earlier),
              Layer.succeed(LedgerStore)(store),
              Layer.succeed(LedgerCheckpoints)(checkpoints),
              Layer.succeed(OrderService)(orders),
            ),
          ),
          (layer) => Effect.flatMap(LedgerCheckpointService, (s) => s.take).pipe(Effect.provide(layer)),
        )
        yield* take(h)
        const refused = yield* verifyAll(h)
        expect(refused._tag === "Failure" && refused.failure.message).toBe(
          `checkpoint #1: it is signed by key ${earlier.keyId}, not this installation's ledger key ${(yield* h.run(LedgerSigner)).keyId} (publish an earlier key of yours in LEDGER_EARLIER_PUBLIC_KEYS, or name it with --earlier-key)`,
        )
        const accepted = yield* verifyAll(h, [earlier.keyId])
        expect(accepted._tag === "Success" && [...accepted.success.signedBy.keys()].sort()).toEqual(
          [earlier.keyId, (yield* h.run(LedgerSigner)).keyId].sort(),
        )
      }),
  )
})

describe("rotating the ledger signing key", () => {
  /** The checkpoint service over `h`'s ledger, signing with `signer`, publishing `earlierPublicKeys`. */
  const serviceWith = (
    h: OrderHarness,
    signer: LedgerSigner["Service"],
    earlierPublicKeys?: ReadonlyArray<string>,
  ) =>
    Effect.map(
      h.run(Effect.all([LedgerStore, LedgerCheckpoints, OrderService])),
      ([store, checkpoints, orders]) => {
        const layer = LedgerCheckpointService.layer({
          everyMs: CHECKPOINT_EVERY_MS,
          ...(earlierPublicKeys === undefined ? {} : { earlierPublicKeys }),
        }).pipe(
          Layer.provide(
            Layer.mergeAll(
              Layer.succeed(LedgerSigner)(signer),
              Layer.succeed(LedgerStore)(store),
              Layer.succeed(LedgerCheckpoints)(checkpoints),
              Layer.succeed(OrderService)(orders),
            ),
          ),
        )
        return <A, E>(f: (s: LedgerCheckpointService["Service"]) => Effect.Effect<A, E>) =>
          Effect.flatMap(LedgerCheckpointService, f).pipe(Effect.provide(layer))
      },
    )
  const oldSigner = LedgerSigner.fromSeed(Uint8Array.from({ length: 32 }, () => 42))

  it.effect(
    "publishes the earlier keys beside the current one; a member's kept proof of an older checkpoint still verifies",
    () =>
      Effect.gen(function* () {
        const { h, paid } = yield* withHistory()
        const before = yield* serviceWith(h, oldSigner)
        yield* before((s) => s.take)
        const keptProof = yield* before((s) => s.proof(alice, paid.orderId))
        expect(yield* before((s) => Effect.succeed(s.publicKey.earlier))).toEqual([])

        // Rotated: the new key signs, the old one's public half is published (twice, and the current key, ignored).
        const current = yield* h.run(LedgerSigner)
        const after = yield* serviceWith(h, current, [
          oldSigner.publicKey,
          oldSigner.publicKey.toUpperCase(),
          current.publicKey,
        ])
        const published = yield* after((s) => Effect.succeed(s.publicKey))
        expect(published.keyId).toBe(current.keyId)
        expect(published.earlier).toEqual([
          {
            keyId: oldSigner.keyId,
            publicKey: oldSigner.publicKey,
            publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----\n/),
          },
        ])
        expect(publishedKeyFor(keptProof, published)).toBe(oldSigner.publicKey)
        expect(verifyOrderProof(keptProof, publishedKeyFor(keptProof, published))).toMatchObject({
          status: "verified",
        })
        // Without the earlier key published, the kept proof cannot be checked: it fails, naming the key it needs.
        const unpublished = yield* (yield* serviceWith(h, current))((s) => Effect.succeed(s.publicKey))
        expect(verifyOrderProof(keptProof, publishedKeyFor(keptProof, unpublished))).toEqual({
          status: "failed",
          failure: `Checkpoint #1 names the signing key ${oldSigner.keyId}, not Landunits' ledger key ${current.keyId}.`,
        })
      }),
  )

  it.effect(
    "the job takes a checkpoint under the new key at once, though the ledger did not grow, and proofs verify with it",
    () =>
      Effect.gen(function* () {
        const { h, paid } = yield* withHistory()
        yield* (yield* serviceWith(h, oldSigner))((s) => s.take)
        const after = yield* serviceWith(h, yield* h.run(LedgerSigner), [oldSigner.publicKey])
        const taken = yield* after((s) => s.takeIfDue)
        expect(Option.map(taken, (t) => [t.checkpoint.number, t.checkpoint.keyId])).toEqual(
          Option.some([2, (yield* h.run(LedgerSigner)).keyId]),
        )
        expect(Option.isNone(yield* after((s) => s.takeIfDue))).toBe(true)
        const proof = yield* after((s) => s.proof(alice, paid.orderId))
        const published = yield* after((s) => Effect.succeed(s.publicKey))
        expect(publishedKeyFor(proof, published)).toBe(published.publicKey)
        expect(verifyOrderProof(proof, publishedKeyFor(proof, published))).toMatchObject({
          status: "verified",
        })
      }),
  )
})
