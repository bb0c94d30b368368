/**
 * The ledger's Merkle tree (issue 21, docs/ledger.md §10): RFC 6962's Merkle Tree Hash (Certificate
 * Transparency, section 2.1), with SHA-256:
 *
 *   MTH({})        = SHA-256()                                  (the empty tree)
 *   MTH({d(0)})    = SHA-256(0x00 ‖ d(0))                       (a leaf)
 *   MTH(D[n])      = SHA-256(0x01 ‖ MTH(D[0:k]) ‖ MTH(D[k:n]))  k = the largest power of two below n
 *
 * **Leaf i of the ledger's tree** is the ledger transfer appended i-th (from 0), in the global append order
 * (`ledger_transfers.seq`, the order `LedgerStore.chainAfter` reads), and its data d(i) is the 32 bytes of
 * that transfer's chain hash (the `hash` column, TransferChain.ts), so the leaf commits to the transfer's
 * every field and to everything before it in its unit type's chain. A tree of size n holds leaves 0 … n−1:
 * the first n transfers ever appended.
 *
 * The root is computed from a stream of leaves in memory that does not grow with them: the frontier, the roots
 * of the perfect subtrees that n's binary digits name (at most log2(n) + 1 of them, largest first). An
 * inclusion proof (RFC 6962 §2.1.1's audit path, RFC 9162 §2.1.3) of a leaf is collected on the same stream.
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js"

const LEAF_PREFIX = 0x00
const NODE_PREFIX = 0x01

/** The hash of a leaf holding `data`: SHA-256(0x00 ‖ data). */
export const leafHash = (data: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(data.length + 1)
  bytes[0] = LEAF_PREFIX
  bytes.set(data, 1)
  return sha256(bytes)
}

/** The hash of an interior node: SHA-256(0x01 ‖ left ‖ right). */
export const nodeHash = (left: Uint8Array, right: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(1 + left.length + right.length)
  bytes[0] = NODE_PREFIX
  bytes.set(left, 1)
  bytes.set(right, 1 + left.length)
  return sha256(bytes)
}

/** The root of the tree of no leaves: SHA-256 of nothing. */
export const EMPTY_TREE_ROOT: Uint8Array = sha256(new Uint8Array(0))

const HASH_HEX = /^[0-9a-f]{64}$/

/** Leaf i of the ledger's tree: the leaf hash of the i-th transfer's chain hash (64 hex digits). */
export const transferLeafHash = (chainHashHex: string): Uint8Array => {
  if (!HASH_HEX.test(chainHashHex)) throw new Error(`Not a chain hash: ${chainHashHex}`)
  return leafHash(hexToBytes(chainHashHex))
}

/** A tree's frontier, as stored between checkpoints: its size and its perfect subtrees' roots, largest first. */
export interface MerkleFrontier {
  readonly size: number
  readonly nodes: ReadonlyArray<string>
}

/** How many perfect subtrees a tree of `size` leaves is made of: the 1 bits of size. */
const bitCount = (size: number): number => {
  let count = 0
  for (let n = size; n > 0; n = Math.floor(n / 2)) count += n % 2
  return count
}

const NONE: ReadonlyArray<number> = []

/** The tracked leaves of two joined subtrees (most joins have none: no array is made for them). */
const joined = (left: ReadonlyArray<number>, right: ReadonlyArray<number>) =>
  left.length + right.length === 0 ? NONE : [...left, ...right]

interface Subtree {
  hash: Uint8Array
  /** log2 of its number of leaves. */
  readonly height: number
  /** The tracked leaves (by index) it holds. */
  readonly tracked: ReadonlyArray<number>
}

export interface MerkleStream {
  /** How many leaves have been added. */
  readonly size: () => number
  /** Adds the next leaf (its leaf hash); with `track`, its audit path is kept. Answers its index. */
  readonly add: (leaf: Uint8Array, track?: boolean) => number
  /** The Merkle Tree Hash of the leaves added so far. */
  readonly root: () => Uint8Array
  /** The frontier, to resume the stream later without the leaves (makeMerkleStream(frontier)). */
  readonly frontier: () => MerkleFrontier
  /** The audit path of each tracked leaf in the tree of the leaves added so far, from its sibling up. */
  readonly paths: () => ReadonlyMap<number, ReadonlyArray<Uint8Array>>
}

/**
 * A Merkle tree built one leaf at a time, from nothing or from a frontier. Memory: the frontier (at most
 * log2(size) + 1 hashes), plus log2(size) hashes per tracked leaf.
 */
export const makeMerkleStream = (from?: MerkleFrontier): MerkleStream => {
  let size = 0
  const frontier: Array<Subtree> = []
  const paths = new Map<number, Array<Uint8Array>>()
  if (from !== undefined) {
    if (!Number.isSafeInteger(from.size) || from.size < 0 || bitCount(from.size) !== from.nodes.length) {
      throw new Error(
        `A frontier of ${from.size} leaves has ${bitCount(from.size)} nodes, not ${from.nodes.length}`,
      )
    }
    let node = 0
    for (let h = Math.floor(Math.log2(Math.max(from.size, 1))); h >= 0; h--) {
      if (Math.floor(from.size / 2 ** h) % 2 === 1) {
        const hex = from.nodes[node++]!
        if (!HASH_HEX.test(hex)) throw new Error(`Not a Merkle node: ${hex}`)
        frontier.push({ hash: hexToBytes(hex), height: h, tracked: NONE })
      }
    }
    size = from.size
  }

  const add = (leaf: Uint8Array, track = false): number => {
    const index = size
    if (track) paths.set(index, [])
    let right: Subtree = { hash: leaf, height: 0, tracked: track ? [index] : NONE }
    // Like adding one to a binary counter: equal subtrees merge, the left one first.
    while (frontier.length > 0 && frontier[frontier.length - 1]!.height === right.height) {
      const left = frontier.pop()!
      for (const t of left.tracked) paths.get(t)!.push(right.hash)
      for (const t of right.tracked) paths.get(t)!.push(left.hash)
      right = {
        hash: nodeHash(left.hash, right.hash),
        height: left.height + 1,
        tracked: joined(left.tracked, right.tracked),
      }
    }
    frontier.push(right)
    size += 1
    return index
  }

  /** MTH of the whole tree: the frontier folded from its smallest subtree; `visit` sees each join. */
  const fold = (visit?: (left: Subtree, right: Subtree) => void): Uint8Array => {
    const last = frontier[frontier.length - 1]
    if (last === undefined) return EMPTY_TREE_ROOT
    let right: Subtree = last
    for (let i = frontier.length - 2; i >= 0; i--) {
      const left = frontier[i]!
      visit?.(left, right)
      right = {
        hash: nodeHash(left.hash, right.hash),
        height: left.height + 1,
        tracked: joined(left.tracked, right.tracked),
      }
    }
    return right.hash
  }

  return {
    size: () => size,
    add,
    root: () => fold(),
    frontier: () => ({ size, nodes: frontier.map((s) => bytesToHex(s.hash)) }),
    paths: () => {
      const complete = new Map<number, Array<Uint8Array>>([...paths].map(([i, p]) => [i, [...p]]))
      fold((left, right) => {
        for (const t of left.tracked) complete.get(t)!.push(right.hash)
        for (const t of right.tracked) complete.get(t)!.push(left.hash)
      })
      return complete
    },
  }
}

/**
 * The root that an audit path gives for leaf `index` of a tree of `size` leaves (RFC 9162 §2.1.3.2), or
 * undefined when the path cannot be one of that tree (wrong length for the index and size).
 */
export const rootFromInclusionProof = (
  index: number,
  size: number,
  leaf: Uint8Array,
  path: ReadonlyArray<Uint8Array>,
): Uint8Array | undefined => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size)
    return undefined
  if (leaf.length !== 32 || path.some((p) => p.length !== 32)) return undefined
  let fn = index
  let sn = size - 1
  let r = leaf
  for (const p of path) {
    if (sn === 0) return undefined
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r)
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2)
          sn = Math.floor(sn / 2)
        }
      }
    } else {
      r = nodeHash(r, p)
    }
    fn = Math.floor(fn / 2)
    sn = Math.floor(sn / 2)
  }
  return sn === 0 ? r : undefined
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/** Whether `path` proves that `leaf` is leaf `index` of the tree of `size` leaves whose root is `root`. */
export const verifyInclusion = (
  index: number,
  size: number,
  leaf: Uint8Array,
  path: ReadonlyArray<Uint8Array>,
  root: Uint8Array,
): boolean => {
  const computed = rootFromInclusionProof(index, size, leaf, path)
  return computed !== undefined && equalBytes(computed, root)
}
