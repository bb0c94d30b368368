/**
 * The proof of liabilities (issue 42, docs/ledger/13-proof-of-liabilities.md): per unit type, a Merkle **sum**
 * tree over every member's balances at a checkpoint, whose root hash and root sums the signed checkpoint states.
 *
 * - A member's salt at a checkpoint: HMAC-SHA256(the checkpoint's salt key, "landunits-liabilities-salt-v1|" +
 *   memberId), 64 hex digits (decision 0072: one random key per checkpoint, kept beside it and never published).
 * - Their commitment: SHA-256("landunits-liabilities-member-v1|" + salt + "|" + memberId): nobody without the
 *   salt can tell whose leaf it is.
 * - A leaf: SHA-256("landunits-liabilities-leaf-v1|" + unitType + "|" + commitment + "|" + sums), the sums being
 *   the member's five balances in the order of `LIABILITY_BUCKETS`, in decimal, joined by ",".
 * - A node: SHA-256("landunits-liabilities-node-v1|" + leftHash + "|" + leftSums + "|" + rightHash + "|" +
 *   rightSums); its sums are its children's, bucket by bucket. Both children's sums are hashed, so a node cannot
 *   state a total that is not its children's (the flaw of trees whose nodes commit only to a total), and every
 *   sum must be a whole number from 0 up (no negative balance can cancel another's).
 * - Leaves sorted by commitment; a level of odd length carries its last node up unchanged. The tree of no leaves
 *   has the root SHA-256("landunits-liabilities-empty-v1|" + unitType) with sums 0.
 *
 * Every hash is over the UTF-8 of the text, written as 64 lower-case hex digits. Pure and dependency-light (no
 * Effect), so the browser's verifier loads it on its own.
 */
import { hmac } from "@noble/hashes/hmac.js"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"

/** A member's balances, in the order every hash writes them. */
export const LIABILITY_BUCKETS = [
  "owned",
  "owned_DOUBLE_LAND",
  "pendingBuy",
  "pendingSell",
  "convertLocked",
] as const
export type LiabilityBucket = (typeof LIABILITY_BUCKETS)[number]

/** One sum per bucket, in LIABILITY_BUCKETS' order. */
export type LiabilitySums = ReadonlyArray<number>

/** The same sums named by bucket, as the API and the checkpoint's JSON write them. */
export type LiabilityTotals = { readonly [K in LiabilityBucket]: number }

export const LIABILITIES_SALT = "landunits-liabilities-salt-v1"
export const LIABILITIES_MEMBER = "landunits-liabilities-member-v1"
export const LIABILITIES_LEAF = "landunits-liabilities-leaf-v1"
export const LIABILITIES_NODE = "landunits-liabilities-node-v1"
export const LIABILITIES_EMPTY = "landunits-liabilities-empty-v1"

/** A node of the tree: its hash and its sums. */
export interface SumNode {
  readonly hash: string
  readonly sums: LiabilitySums
}

/** One step of a path: the sibling met at that level and which side of the running node it is on. */
export interface SumPathStep {
  readonly side: "left" | "right"
  readonly hash: string
  readonly sums: LiabilitySums
}

export interface LiabilityLeaf {
  readonly commitment: string
  readonly sums: LiabilitySums
}

export interface LiabilitiesTree {
  readonly unitType: string
  /** Leaves sorted by commitment. */
  readonly leaves: ReadonlyArray<LiabilityLeaf>
  /** Level 0 the leaves' nodes, the last level the root alone. */
  readonly levels: ReadonlyArray<ReadonlyArray<SumNode>>
  readonly root: SumNode
}

export type Built<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly message: string }

/**
 * The two hashes the tree is made of, over UTF-8 text, as 64 hex digits. Core's portable one (below) is what the
 * browser checks with and what `ledger verify` rebuilds with; the server's checkpoint job may pass Node's native
 * one (adapters' NativeChainHash.ts), the same hashes at a fraction of the cost.
 */
export interface LiabilitiesHasher {
  readonly sha256: (text: string) => string
  /** HMAC-SHA256 under the key (hex), made once per key: `keyed(key)(text)`. */
  readonly hmacSha256: (keyHex: string) => (text: string) => string
}

export const portableLiabilitiesHasher: LiabilitiesHasher = {
  sha256: (text) => bytesToHex(sha256(utf8ToBytes(text))),
  hmacSha256: (keyHex) => {
    const keyed = hmac.create(sha256, hexToBytes(keyHex))
    return (text) => bytesToHex(keyed.clone().update(utf8ToBytes(text)).digest())
  },
}

const HEX64 = /^[0-9a-f]{64}$/

/** Why `sums` are not five whole numbers from 0 up (undefined when they are). */
export const badSums = (sums: LiabilitySums): string | undefined => {
  if (sums.length !== LIABILITY_BUCKETS.length) return `${sums.length} sums, not ${LIABILITY_BUCKETS.length}`
  for (let i = 0; i < sums.length; i++) {
    const s = sums[i]!
    if (!Number.isSafeInteger(s)) return `the ${LIABILITY_BUCKETS[i]} sum ${s} is not a whole number`
    if (s < 0) return `the ${LIABILITY_BUCKETS[i]} sum ${s} is negative`
  }
  return undefined
}

export const sumsText = (sums: LiabilitySums): string => sums.join(",")

export const totalsOf = (sums: LiabilitySums): LiabilityTotals => ({
  owned: sums[0]!,
  owned_DOUBLE_LAND: sums[1]!,
  pendingBuy: sums[2]!,
  pendingSell: sums[3]!,
  convertLocked: sums[4]!,
})

export const sumsOf = (totals: LiabilityTotals): LiabilitySums => LIABILITY_BUCKETS.map((b) => totals[b])

/** A random per-checkpoint salt key is 32 bytes; a member's salt is its HMAC of their id. */
export const memberSalt = (saltKeyHex: string, memberId: string): string =>
  portableLiabilitiesHasher.hmacSha256(saltKeyHex)(`${LIABILITIES_SALT}|${memberId}`)

/** Every member's salt under one salt key (the key's HMAC set up once). */
export const memberSalts = (
  saltKeyHex: string,
  hasher: LiabilitiesHasher = portableLiabilitiesHasher,
): ((memberId: string) => string) => {
  const keyed = hasher.hmacSha256(saltKeyHex)
  return (memberId) => keyed(`${LIABILITIES_SALT}|${memberId}`)
}

export const memberCommitment = (
  salt: string,
  memberId: string,
  hasher = portableLiabilitiesHasher,
): string => hasher.sha256(`${LIABILITIES_MEMBER}|${salt}|${memberId}`)

export const liabilityLeafHash = (
  unitType: string,
  commitment: string,
  sums: LiabilitySums,
  hasher = portableLiabilitiesHasher,
): string => hasher.sha256(`${LIABILITIES_LEAF}|${unitType}|${commitment}|${sumsText(sums)}`)

export const liabilityNodeHash = (
  left: SumNode,
  right: SumNode,
  hasher = portableLiabilitiesHasher,
): string =>
  hasher.sha256(
    `${LIABILITIES_NODE}|${left.hash}|${sumsText(left.sums)}|${right.hash}|${sumsText(right.sums)}`,
  )

export const emptyLiabilitiesRoot = (unitType: string): SumNode => ({
  hash: portableLiabilitiesHasher.sha256(`${LIABILITIES_EMPTY}|${unitType}`),
  sums: LIABILITY_BUCKETS.map(() => 0),
})

/** Adds two sums bucket by bucket; undefined when a total passes the largest safe integer. */
const addSums = (a: LiabilitySums, b: LiabilitySums): Array<number> | undefined => {
  const out = new Array<number>(a.length)
  for (let i = 0; i < a.length; i++) {
    const s = a[i]! + b[i]!
    if (!Number.isSafeInteger(s)) return undefined
    out[i] = s
  }
  return out
}

/** The parent of two nodes: its hash commits to both children's hashes and sums. */
export const parentOf = (
  left: SumNode,
  right: SumNode,
  hasher = portableLiabilitiesHasher,
): SumNode | undefined => {
  const sums = addSums(left.sums, right.sums)
  return sums === undefined ? undefined : { hash: liabilityNodeHash(left, right, hasher), sums }
}

const byCommitment = (a: LiabilityLeaf, b: LiabilityLeaf) =>
  a.commitment < b.commitment ? -1 : a.commitment > b.commitment ? 1 : 0

/**
 * The tree of one unit type over `leaves` (any order). Refused, with the reason, when a leaf's sums are not
 * five whole numbers from 0 up, a commitment is not 64 hex digits or appears twice, or a total overflows.
 */
export const buildLiabilitiesTree = (
  unitType: string,
  leaves: ReadonlyArray<LiabilityLeaf>,
  hasher: LiabilitiesHasher = portableLiabilitiesHasher,
): Built<LiabilitiesTree> => {
  const sorted = [...leaves].sort(byCommitment)
  const level0: Array<SumNode> = new Array(sorted.length)
  for (let i = 0; i < sorted.length; i++) {
    const leaf = sorted[i]!
    const bad = badSums(leaf.sums)
    if (bad !== undefined) return { ok: false, message: `a ${unitType} leaf: ${bad}` }
    if (!HEX64.test(leaf.commitment))
      return { ok: false, message: `a ${unitType} leaf's commitment is not 64 hex digits` }
    if (i > 0 && sorted[i - 1]!.commitment === leaf.commitment)
      return { ok: false, message: `two ${unitType} leaves have the commitment ${leaf.commitment}` }
    level0[i] = { hash: liabilityLeafHash(unitType, leaf.commitment, leaf.sums, hasher), sums: leaf.sums }
  }
  if (level0.length === 0) {
    const root = emptyLiabilitiesRoot(unitType)
    return { ok: true, value: { unitType, leaves: sorted, levels: [[root]], root } }
  }
  const levels: Array<Array<SumNode>> = [level0]
  for (let level = level0; level.length > 1; ) {
    const next: Array<SumNode> = []
    for (let i = 0; i + 1 < level.length; i += 2) {
      const parent = parentOf(level[i]!, level[i + 1]!, hasher)
      if (parent === undefined)
        return { ok: false, message: `a ${unitType} total passes ${Number.MAX_SAFE_INTEGER}` }
      next.push(parent)
    }
    if (level.length % 2 === 1) next.push(level[level.length - 1]!)
    levels.push(next)
    level = next
  }
  return { ok: true, value: { unitType, leaves: sorted, levels, root: levels[levels.length - 1]![0]! } }
}

/** Where the leaf of `commitment` is (undefined when the tree has none). */
export const leafIndexOf = (tree: LiabilitiesTree, commitment: string): number | undefined => {
  let lo = 0
  let hi = tree.leaves.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const c = tree.leaves[mid]!.commitment
    if (c === commitment) return mid
    if (c < commitment) lo = mid + 1
    else hi = mid - 1
  }
  return undefined
}

/** The siblings from leaf `index` up to the root (a level where the node is carried up adds no step). */
export const liabilitiesPath = (tree: LiabilitiesTree, index: number): Array<SumPathStep> => {
  const path: Array<SumPathStep> = []
  let i = index
  for (let l = 0; l < tree.levels.length - 1; l++) {
    const level = tree.levels[l]!
    const sibling = i % 2 === 0 ? i + 1 : i - 1
    if (sibling < level.length) {
      const node = level[sibling]!
      path.push({ side: i % 2 === 0 ? "right" : "left", hash: node.hash, sums: node.sums })
    }
    i = i >> 1
  }
  return path
}

/** What a member checks: their id and salt, the balances of their leaf, its path, and the signed root. */
export interface LiabilityProofInput {
  readonly unitType: string
  readonly memberId: string
  readonly salt: string
  readonly sums: LiabilitySums
  readonly path: ReadonlyArray<SumPathStep>
  readonly root: SumNode
}

export type LiabilityCheck = { readonly valid: true } | { readonly valid: false; readonly reason: string }

/**
 * Recomputes the member's leaf from their id, salt and balances, then every parent up the path, refusing any
 * sum that is negative or not whole, and compares the hash and the sums reached with the root's.
 */
export const verifyLiabilityProof = (p: LiabilityProofInput): LiabilityCheck => {
  const fail = (reason: string): LiabilityCheck => ({ valid: false, reason })
  if (!HEX64.test(p.salt)) return fail("the salt is not 64 hex digits")
  const leafBad = badSums(p.sums)
  if (leafBad !== undefined) return fail(`your leaf: ${leafBad}`)
  const rootBad = badSums(p.root.sums)
  if (rootBad !== undefined) return fail(`the root: ${rootBad}`)
  let node: SumNode = {
    hash: liabilityLeafHash(p.unitType, memberCommitment(p.salt, p.memberId), p.sums),
    sums: p.sums,
  }
  for (const [n, step] of p.path.entries()) {
    const bad = badSums(step.sums)
    if (bad !== undefined) return fail(`step ${n + 1} of the path: ${bad}`)
    if (!HEX64.test(step.hash)) return fail(`step ${n + 1} of the path: its hash is not 64 hex digits`)
    const sibling = { hash: step.hash, sums: step.sums }
    const parent = step.side === "left" ? parentOf(sibling, node) : parentOf(node, sibling)
    if (parent === undefined)
      return fail(`step ${n + 1} of the path: a total passes the largest safe integer`)
    node = parent
  }
  if (node.hash !== p.root.hash) return fail("the path does not lead to the checkpoint's root hash")
  if (sumsText(node.sums) !== sumsText(p.root.sums))
    return fail(`the path's sums ${sumsText(node.sums)} are not the root's ${sumsText(p.root.sums)}`)
  return { valid: true }
}
