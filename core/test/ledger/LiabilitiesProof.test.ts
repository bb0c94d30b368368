/**
 * The proof of liabilities through the order engine in memory (docs/ledger/13-proof-of-liabilities.md): a
 * checkpoint states each unit type's liabilities root and totals, signed; the totals are the ledger's own; each
 * member's proof verifies with the one checker the browser runs, holds only their own leaves, and names what is
 * wrong with a changed one.
 */
import { describe, expect, it } from "@effect/vitest"
import { hexToBytes } from "@noble/hashes/utils.js"
import { Effect } from "effect"
import { canonicalCheckpoint, checkpointSignatureValid } from "../../src/ledger/Checkpoint.ts"
import { verifyTransfersAndCheckpoints } from "../../src/ledger/CheckpointCheck.ts"
import type { LiabilitiesProof } from "../../src/ledger/CheckpointModel.ts"
import { LedgerCheckpointService } from "../../src/ledger/LedgerCheckpointService.ts"
import { verifyLiabilitiesProof } from "../../src/ledger/LiabilitiesProof.ts"
import { LedgerCheckpoints } from "../../src/ledger/ports/LedgerCheckpoints.ts"
import { LedgerSigner } from "../../src/ledger/ports/LedgerSigner.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { bought, buy } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")

const take = (h: OrderHarness) => h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.take))
const proofOf = (h: OrderHarness, memberId: MemberId) =>
  h.run(Effect.flatMap(LedgerCheckpointService, (s) => s.liabilitiesProof(memberId)))
const publicKey = (h: OrderHarness) => Effect.map(h.run(LedgerSigner), (s) => s.publicKey)

const withHistory = () =>
  Effect.gen(function* () {
    const h = yield* makeOrderHarness()
    yield* bought(h, alice, 30)
    yield* bought(h, carol, 7)
    yield* h.run(buy(h, bob, 12, { unitType: "LAND_EUR" }))
    return h
  })

describe("the proof of liabilities", () => {
  it.effect(
    "a checkpoint signs each unit type's liabilities root and totals, and the totals are the ledger's",
    () =>
      Effect.gen(function* () {
        const h = yield* withHistory()
        const { checkpoint } = yield* take(h)
        expect(checkpoint.liabilities?.map((l) => l.unitType)).toEqual(["LAND_EUR", "LAND_USD"])
        expect(checkpointSignatureValid(checkpoint, hexToBytes(yield* publicKey(h)))).toBe(true)
        for (const l of checkpoint.liabilities!) {
          const totals = yield* h.run(Effect.flatMap(LedgerStore, (s) => s.totals(l.unitType as "LAND_EUR")))
          expect(l.totals).toEqual({
            owned: totals.owned,
            owned_DOUBLE_LAND: totals.owned_DOUBLE_LAND,
            pendingBuy: totals.pendingBuy,
            pendingSell: totals.pendingSell,
            convertLocked: totals.convertLocked,
          })
          const owed = Object.values(l.totals).reduce((a, b) => a + b, 0)
          expect(owed).toBe(-(totals.issuance + totals.fees))
          expect(owed).toBeGreaterThan(0)
        }
        // A changed total no longer carries the signature.
        const changed = {
          ...checkpoint,
          liabilities: checkpoint.liabilities!.map((l, i) =>
            i === 0 ? { ...l, totals: { ...l.totals, owned: l.totals.owned - 1 } } : l,
          ),
        }
        expect(checkpointSignatureValid(changed, hexToBytes(yield* publicKey(h)))).toBe(false)
      }),
  )

  it.effect("each member's proof verifies, holds their own balances, and nobody else's leaf or id", () =>
    Effect.gen(function* () {
      const h = yield* withHistory()
      yield* take(h)
      const key = yield* publicKey(h)
      const proofs = new Map<string, LiabilitiesProof>()
      for (const m of [alice, bob, carol]) {
        const proof = yield* proofOf(h, m)
        proofs.set(m, proof)
        const check = verifyLiabilitiesProof(proof, key)
        expect(check.status).toBe("verified")
        const balances = yield* h.run(Effect.flatMap(LedgerStore, (s) => s.memberBalances(m)))
        for (const leaf of proof.leaves) {
          for (const [bucket, units] of Object.entries(leaf.balances)) {
            const found = balances.find(
              (b) =>
                b.unitType === leaf.unitType &&
                b.account._tag === "MemberAccount" &&
                b.account.bucket === bucket,
            )
            expect(units).toBe(found?.units ?? 0)
          }
        }
        const text = JSON.stringify(proof)
        for (const other of [alice, bob, carol].filter((o) => o !== m))
          expect(text).not.toContain(`"${other}"`)
      }
      expect(proofs.get(bob)!.leaves.map((l) => l.unitType)).toEqual(["LAND_EUR"])
      expect(proofs.get(bob)!.leaves[0]!.balances.pendingBuy).toBe(12)
      expect(proofs.get(alice)!.salt).not.toBe(proofs.get(bob)!.salt)
    }),
  )

  it.effect("a changed balance, sibling sum or salt in a member's proof fails, named", () =>
    Effect.gen(function* () {
      const h = yield* withHistory()
      yield* take(h)
      const key = yield* publicKey(h)
      const proof = yield* proofOf(h, alice)
      const leaf = proof.leaves[0]!
      const more = {
        ...proof,
        leaves: [
          { ...leaf, balances: { ...leaf.balances, owned: leaf.balances.owned + 1 } },
          ...proof.leaves.slice(1),
        ],
      }
      expect(verifyLiabilitiesProof(more, key)).toMatchObject({
        status: "failed",
        failure: expect.stringMatching(/root hash/),
      })
      const step = leaf.path[0]!
      const hidden = {
        ...proof,
        leaves: [
          { ...leaf, path: [{ ...step, sums: { ...step.sums, owned: -1 } }, ...leaf.path.slice(1)] },
          ...proof.leaves.slice(1),
        ],
      }
      expect(verifyLiabilitiesProof(hidden, key)).toMatchObject({
        status: "failed",
        failure: expect.stringMatching(/negative/),
      })
      expect(verifyLiabilitiesProof({ ...proof, salt: "00".repeat(32) }, key).status).toBe("failed")
      expect(verifyLiabilitiesProof({ ...proof, memberId: bob }, key).status).toBe("failed")
    }),
  )

  it.effect("before the first checkpoint the proof says none is signed yet", () =>
    Effect.gen(function* () {
      const h = yield* withHistory()
      const proof = yield* proofOf(h, alice)
      expect(proof.checkpoint).toBeNull()
      expect(proof.leaves).toEqual([])
      expect(verifyLiabilitiesProof(proof, yield* publicKey(h))).toEqual({ status: "not-yet" })
    }),
  )

  const verifyAll = (h: OrderHarness) =>
    Effect.flatMap(h.run(LedgerSigner), (signer) =>
      h.result(
        verifyTransfersAndCheckpoints(
          { pageSize: 3 },
          { current: { keyId: signer.keyId, publicKey: signer.publicKey }, earlier: [] },
        ),
      ),
    )

  it.effect("ledger verify rebuilds every checkpoint's liabilities trees from the transfers", () =>
    Effect.gen(function* () {
      const h = yield* withHistory()
      yield* take(h)
      yield* h.run(buy(h, alice, 2))
      yield* take(h)
      const result = yield* verifyAll(h)
      expect(result._tag).toBe("Success")
    }),
  )

  it.effect(
    "ledger verify refuses a checkpoint whose signed totals understate what the ledger owes, even signed by the key",
    () =>
      Effect.gen(function* () {
        const h = yield* withHistory()
        const { checkpoint } = yield* take(h)
        const [signer, checkpoints] = yield* h.run(Effect.all([LedgerSigner, LedgerCheckpoints]))
        const stored = (yield* checkpoints.newest({ limit: 1 }))[0]!
        // The key holder signs a second checkpoint that hides one Unit of the first unit type's owned total.
        const fields = {
          ...checkpoint,
          number: 2,
          liabilities: checkpoint.liabilities!.map((l, i) =>
            i === 0 ? { ...l, totals: { ...l.totals, owned: l.totals.owned - 1 } } : l,
          ),
        }
        yield* checkpoints.append({
          ...stored,
          ...fields,
          signature: yield* signer.sign(canonicalCheckpoint(fields)),
        })
        const refused = yield* verifyAll(h)
        expect(refused._tag === "Failure" && refused.failure.message).toMatch(
          /^checkpoint #2: it states liabilities LAND_EUR root .* totals .*, but its first \d+ transfers give LAND_EUR root/,
        )
      }),
  )
})
