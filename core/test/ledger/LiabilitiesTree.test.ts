/**
 * The proof of liabilities' Merkle sum tree (docs/ledger/13-proof-of-liabilities.md): over generated balances,
 * every member's proof verifies, and a changed balance, a dropped leaf, a negative sum, or a parent that commits
 * only to its children's total does not; the root's sums are the members' totals, which must equal what the
 * ledger's issuance and fees accounts say is owed.
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { liabilitiesAt, makeLiabilitiesTally } from "../../src/ledger/LiabilitiesTally.ts"
import {
  buildLiabilitiesTree,
  LIABILITY_BUCKETS,
  type LiabilitiesTree,
  leafIndexOf,
  liabilitiesPath,
  liabilityLeafHash,
  memberCommitment,
  memberSalt,
  type SumNode,
  type SumPathStep,
  verifyLiabilityProof,
} from "../../src/ledger/LiabilitiesTree.ts"

const SALT_KEY = "7f".repeat(32)
const UNIT = "LAND_EUR"

const sumsArb = fc.array(fc.integer({ min: 0, max: 1_000_000 }), {
  minLength: LIABILITY_BUCKETS.length,
  maxLength: LIABILITY_BUCKETS.length,
})
/** Members with distinct ids and their balances. */
const membersArb = fc.uniqueArray(fc.record({ id: fc.uuid(), sums: sumsArb }), {
  minLength: 1,
  maxLength: 40,
  selector: (m) => m.id,
})

const treeOf = (members: ReadonlyArray<{ id: string; sums: ReadonlyArray<number> }>): LiabilitiesTree => {
  const built = buildLiabilitiesTree(
    UNIT,
    members.map((m) => ({ commitment: memberCommitment(memberSalt(SALT_KEY, m.id), m.id), sums: m.sums })),
  )
  if (!built.ok) throw new Error(built.message)
  return built.value
}

const proofOf = (tree: LiabilitiesTree, id: string, sums: ReadonlyArray<number>) => {
  const salt = memberSalt(SALT_KEY, id)
  const index = leafIndexOf(tree, memberCommitment(salt, id))!
  return { unitType: UNIT, memberId: id, salt, sums, path: liabilitiesPath(tree, index), root: tree.root }
}

const add = (a: ReadonlyArray<number>, b: ReadonlyArray<number>) => a.map((x, i) => x + b[i]!)

describe("the liabilities sum tree", () => {
  it("every member's proof verifies against the root", () => {
    fc.assert(
      fc.property(membersArb, (members) => {
        const tree = treeOf(members)
        for (const m of members)
          expect(verifyLiabilityProof(proofOf(tree, m.id, m.sums))).toEqual({ valid: true })
      }),
    )
  })

  it("the root's sums are the members' totals, bucket by bucket", () => {
    fc.assert(
      fc.property(membersArb, (members) => {
        const totals = members.reduce<ReadonlyArray<number>>(
          (acc, m) => add(acc, m.sums),
          LIABILITY_BUCKETS.map(() => 0),
        )
        expect(treeOf(members).root.sums).toEqual(totals)
      }),
    )
  })

  it("a changed balance fails: the member's own, or a sibling's on the path", () => {
    fc.assert(
      fc.property(
        membersArb,
        fc.nat(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        (members, pick, bucket, delta) => {
          const tree = treeOf(members)
          const m = members[pick % members.length]!
          const proof = proofOf(tree, m.id, m.sums)
          const changed = m.sums.map((s, i) => (i === bucket ? s + delta : s))
          expect(verifyLiabilityProof({ ...proof, sums: changed }).valid).toBe(false)
          // A lower balance too (the platform understating what it owes one member).
          if (m.sums[bucket]! >= delta) {
            const lower = m.sums.map((s, i) => (i === bucket ? s - delta : s))
            expect(verifyLiabilityProof({ ...proof, sums: lower }).valid).toBe(false)
          }
          if (proof.path.length > 0) {
            const step = proof.path[0]!
            const path = [
              { ...step, sums: step.sums.map((s, i) => (i === bucket ? s + delta : s)) },
              ...proof.path.slice(1),
            ]
            expect(verifyLiabilityProof({ ...proof, path }).valid).toBe(false)
          }
        },
      ),
    )
  })

  it("a dropped leaf fails: the member's proof does not verify against the root of the tree without them", () => {
    fc.assert(
      fc.property(membersArb, fc.nat(), (members, pick) => {
        const m = members[pick % members.length]!
        const full = treeOf(members)
        const proof = proofOf(full, m.id, m.sums)
        const others = members.filter((o) => o.id !== m.id)
        const without =
          others.length === 0 ? buildLiabilitiesTree(UNIT, []) : { ok: true as const, value: treeOf(others) }
        if (!without.ok) throw new Error(without.message)
        expect(leafIndexOf(without.value, memberCommitment(memberSalt(SALT_KEY, m.id), m.id))).toBeUndefined()
        expect(verifyLiabilityProof({ ...proof, root: without.value.root }).valid).toBe(false)
      }),
    )
  })

  it("a negative sum is refused: by the builder, and by the verifier wherever it appears", () => {
    fc.assert(
      fc.property(
        membersArb,
        fc.nat(),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        (members, pick, bucket, n) => {
          const i = pick % members.length
          const negative = members.map((m, j) =>
            j === i ? { ...m, sums: m.sums.map((s, b) => (b === bucket ? -n : s)) } : m,
          )
          const built = buildLiabilitiesTree(
            UNIT,
            negative.map((m) => ({
              commitment: memberCommitment(memberSalt(SALT_KEY, m.id), m.id),
              sums: m.sums,
            })),
          )
          expect(built.ok).toBe(false)
          if (!built.ok) expect(built.message).toMatch(/negative/)

          const tree = treeOf(members)
          const m = members[i]!
          const proof = proofOf(tree, m.id, m.sums)
          const leafNegative = verifyLiabilityProof({
            ...proof,
            sums: m.sums.map((s, b) => (b === bucket ? -n : s)),
          })
          expect(leafNegative).toMatchObject({ valid: false, reason: expect.stringMatching(/negative/) })
          if (proof.path.length > 0) {
            const path = proof.path.map((s, k) =>
              k === 0 ? { ...s, sums: s.sums.map((x, b) => (b === bucket ? -n : x)) } : s,
            )
            expect(verifyLiabilityProof({ ...proof, path })).toMatchObject({
              valid: false,
              reason: expect.stringMatching(/negative/),
            })
          }
        },
      ),
    )
  })

  it("a parent that commits only to its children's total fails: a hidden liability cannot pass", () => {
    // The classic flaw: hash(leftHash, rightHash, total) with total ≥ max(left, right) lets a custodian state a
    // smaller total than its children's sum. A tree built that way, hiding part of one member's balance, must
    // give no proof that verifies.
    const totalOnly = (l: SumNode, r: SumNode, sums: ReadonlyArray<number>): SumNode => ({
      hash: bytesToHex(
        sha256(utf8ToBytes(`landunits-liabilities-node-v1|${l.hash}|${r.hash}|${sums.join(",")}`)),
      ),
      sums,
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.uuid(), sums: sumsArb }), {
          minLength: 2,
          maxLength: 20,
          selector: (m) => m.id,
        }),
        (members) => {
          const honest = treeOf(members)
          // Rebuild with total-only parents, each parent stating max(left, right) bucket by bucket.
          let level: Array<SumNode> = honest.levels[0]!.map((n) => ({ ...n }))
          const levels: Array<Array<SumNode>> = [level]
          while (level.length > 1) {
            const next: Array<SumNode> = []
            for (let k = 0; k + 1 < level.length; k += 2) {
              const l = level[k]!
              const r = level[k + 1]!
              next.push(
                totalOnly(
                  l,
                  r,
                  l.sums.map((s, b) => Math.max(s, r.sums[b]!)),
                ),
              )
            }
            if (level.length % 2 === 1) next.push(level[level.length - 1]!)
            levels.push(next)
            level = next
          }
          const forged = { ...honest, levels, root: level[0]! }
          for (const m of members) {
            const proof = proofOf(forged, m.id, m.sums)
            expect(verifyLiabilityProof(proof).valid).toBe(false)
          }
        },
      ),
    )
  })

  it("a proof's path is never longer than the tree is high, and a lone leaf is its own root", () => {
    const tree = treeOf([{ id: "m1", sums: [1, 2, 3, 4, 5] }])
    expect(tree.root.hash).toBe(
      liabilityLeafHash(UNIT, memberCommitment(memberSalt(SALT_KEY, "m1"), "m1"), [1, 2, 3, 4, 5]),
    )
    const proof = proofOf(tree, "m1", [1, 2, 3, 4, 5])
    expect(proof.path).toEqual([] satisfies Array<SumPathStep>)
    expect(verifyLiabilityProof(proof)).toEqual({ valid: true })
  })

  it("a leaf of one unit type does not verify against another's root", () => {
    const tree = treeOf([
      { id: "a", sums: [1, 0, 0, 0, 0] },
      { id: "b", sums: [2, 0, 0, 0, 0] },
    ])
    expect(verifyLiabilityProof({ ...proofOf(tree, "a", [1, 0, 0, 0, 0]), unitType: "LAND_USD" }).valid).toBe(
      false,
    )
  })
})

describe("the tally at a checkpoint", () => {
  const transfersArb = fc.array(
    fc.record({
      member: fc.integer({ min: 1, max: 8 }),
      bucket: fc.constantFrom(...LIABILITY_BUCKETS),
      units: fc.integer({ min: 1, max: 500 }),
      fee: fc.integer({ min: 0, max: 5 }),
    }),
    { maxLength: 60 },
  )

  it("the root's sums equal what the ledger's issuance and fees accounts say is owed", () => {
    fc.assert(
      fc.property(transfersArb, (moves) => {
        const tally = makeLiabilitiesTally()
        for (const m of moves) {
          tally.add(UNIT, "platform:issuance", `member:m${m.member}:${m.bucket}`, m.units)
          if (m.fee > 0 && m.fee <= m.units)
            tally.add(UNIT, `member:m${m.member}:${m.bucket}`, "platform:fees", m.fee)
        }
        const at = liabilitiesAt(SALT_KEY, tally)
        expect(at.ok).toBe(true)
        if (!at.ok) return
        const owed = 0 - (tally.platform(UNIT, "issuance") + tally.platform(UNIT, "fees"))
        for (const f of at.value.fields) {
          expect(Object.values(f.totals).reduce((a, b) => a + b, 0)).toBe(owed)
          expect(f.root).toBe(at.value.trees.get(f.unitType)!.root.hash)
        }
      }),
    )
  })

  it("totals that are not what the issuance account says are refused", () => {
    const tally = makeLiabilitiesTally()
    tally.add(UNIT, "platform:issuance", "member:m1:owned", 10)
    // A member balance from nowhere (as a row written behind the app would make it).
    tally.addBalance(UNIT, "member:m2:owned", 5)
    const at = liabilitiesAt(SALT_KEY, tally)
    expect(at).toMatchObject({ ok: false, message: expect.stringMatching(/add up to 15 Units.*say 10/) })
  })

  it("a member balance below zero is refused", () => {
    const tally = makeLiabilitiesTally()
    tally.add(UNIT, "member:m1:owned", "platform:issuance", 3)
    expect(liabilitiesAt(SALT_KEY, tally)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/negative/),
    })
  })
})
