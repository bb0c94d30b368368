/**
 * The ledger's Merkle tree is RFC 6962's (docs/ledger.md §10): the published vectors of the Certificate
 * Transparency reference (transparency-dev/merkle, proof/verify_test.go: eight leaves, every tree head of
 * sizes 1 to 8, and audit paths), and properties against the RFC's recursive definitions written out here.
 */
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  EMPTY_TREE_ROOT,
  leafHash,
  makeMerkleStream,
  nodeHash,
  rootFromInclusionProof,
  transferLeafHash,
  verifyInclusion,
} from "../../src/ledger/MerkleTree.ts"

// transparency-dev/merkle proof/verify_test.go: the leaves' data, the root of each size 1…8, and audit paths
// (their leaf numbers there count from 1).
const LEAVES = [
  "",
  "00",
  "10",
  "2021",
  "3031",
  "40414243",
  "5051525354555657",
  "606162636465666768696a6b6c6d6e6f",
].map((h) => hexToBytes(h))
const ROOTS = [
  "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
  "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
  "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
  "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
  "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
  "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
  "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
  "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
const PATHS: ReadonlyArray<{ index: number; size: number; path: ReadonlyArray<string> }> = [
  {
    index: 0,
    size: 8,
    path: [
      "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
  },
  {
    index: 5,
    size: 8,
    path: [
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
      "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
      "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
  },
  { index: 2, size: 3, path: ["fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125"] },
  {
    index: 1,
    size: 5,
    path: [
      "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
      "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
      "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ],
  },
]

const hex = (bytes: Uint8Array) => bytesToHex(bytes)

/** The stream of `leaves` (leaf hashes), tracking `tracked`. */
const streamOf = (leaves: ReadonlyArray<Uint8Array>, tracked: ReadonlySet<number> = new Set()) => {
  const stream = makeMerkleStream()
  for (const [i, leaf] of leaves.entries()) stream.add(leaf, tracked.has(i))
  return stream
}

// RFC 6962 §2.1, word for word: the Merkle Tree Hash and the audit path, by recursion over the leaf hashes.
const largestPowerOfTwoBelow = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1)
const mth = (leaves: ReadonlyArray<Uint8Array>): Uint8Array => {
  if (leaves.length === 0) return sha256(new Uint8Array(0))
  if (leaves.length === 1) return leaves[0]!
  const k = largestPowerOfTwoBelow(leaves.length)
  return nodeHash(mth(leaves.slice(0, k)), mth(leaves.slice(k)))
}
const rfcPath = (m: number, leaves: ReadonlyArray<Uint8Array>): Array<Uint8Array> => {
  if (leaves.length <= 1) return []
  const k = largestPowerOfTwoBelow(leaves.length)
  return m < k
    ? [...rfcPath(m, leaves.slice(0, k)), mth(leaves.slice(k))]
    : [...rfcPath(m - k, leaves.slice(k)), mth(leaves.slice(0, k))]
}

/** Leaves with distinct data, as the ledger's are (every chain hash commits to a transfer id of its own). */
const leafHashes = fc
  .array(fc.uint8Array({ minLength: 0, maxLength: 8 }), { minLength: 1, maxLength: 70 })
  .map((data) => data.map((d, i) => leafHash(Uint8Array.of(i >> 8, i & 255, ...d))))

/** A random tree, one of its leaves, and that leaf's path and root. */
const treeAndLeaf = leafHashes.chain((leaves) =>
  fc.nat({ max: leaves.length - 1 }).map((index) => {
    const stream = streamOf(leaves, new Set([index]))
    return { leaves, index, path: stream.paths().get(index)!, root: stream.root() }
  }),
)

describe("the ledger's Merkle tree (RFC 6962)", () => {
  it("gives the published tree heads of Certificate Transparency's eight leaves, at every size", () => {
    expect(hex(EMPTY_TREE_ROOT)).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    expect(hex(makeMerkleStream().root())).toBe(hex(EMPTY_TREE_ROOT))
    const leaves = LEAVES.map(leafHash)
    for (let size = 1; size <= 8; size++) {
      expect(hex(streamOf(leaves.slice(0, size)).root()), `size ${size}`).toBe(ROOTS[size - 1])
    }
  })

  it("gives the published audit paths, and each verifies against its published root", () => {
    const leaves = LEAVES.map(leafHash)
    for (const vector of PATHS) {
      const stream = streamOf(leaves.slice(0, vector.size), new Set([vector.index]))
      const path = stream.paths().get(vector.index)!
      expect(path.map(hex), `leaf ${vector.index} of ${vector.size}`).toEqual(vector.path)
      const root = hexToBytes(ROOTS[vector.size - 1]!)
      expect(verifyInclusion(vector.index, vector.size, leaves[vector.index]!, path, root)).toBe(true)
    }
  })

  it("a transfer's leaf is the leaf hash of its chain hash's 32 bytes", () => {
    const chainHash = "ab".repeat(32)
    expect(hex(transferLeafHash(chainHash))).toBe(hex(sha256(hexToBytes(`00${chainHash}`))))
    expect(() => transferLeafHash("not a hash")).toThrow("Not a chain hash: not a hash")
  })

  it("the streamed root equals the recursive definition, for any leaves", () => {
    fc.assert(fc.property(leafHashes, (leaves) => hex(streamOf(leaves).root()) === hex(mth(leaves))))
  })

  it("a streamed audit path equals the recursive definition's, for every leaf of a random tree", () => {
    fc.assert(
      fc.property(leafHashes, (leaves) => {
        const all = new Set(leaves.map((_, i) => i))
        const paths = streamOf(leaves, all).paths()
        return leaves.every((_, i) => paths.get(i)!.map(hex).join() === rfcPath(i, leaves).map(hex).join())
      }),
    )
  })

  it("every leaf of a random tree verifies against the root", () => {
    fc.assert(
      fc.property(treeAndLeaf, ({ leaves, index, path, root }) =>
        verifyInclusion(index, leaves.length, leaves[index]!, path, root),
      ),
    )
  })

  it("a changed leaf, index, size or path node fails", () => {
    const flip = (bytes: Uint8Array, at: number) => {
      const copy = bytes.slice()
      copy[at % copy.length]! ^= 1
      return copy
    }
    fc.assert(
      fc.property(treeAndLeaf, fc.nat(), fc.integer({ min: 1, max: 200 }), (t, at, shift) => {
        const n = t.leaves.length
        const leaf = t.leaves[t.index]!
        const otherIndex = (t.index + shift) % Math.max(n, 2)
        // As the reference's own checks do: a tree of twice or half the size (another size whose shape gives
        // the same hashes, 3 and 4 for one, is ruled out by the checkpoint, which signs the size with the root).
        const otherSizes = [n * 2, ...(Math.floor(n / 2) > t.index ? [Math.floor(n / 2)] : [])]
        const changedPath =
          t.path.length === 0 ? [] : t.path.map((p, i) => (i === at % t.path.length ? flip(p, at) : p))
        return (
          !verifyInclusion(t.index, n, flip(leaf, at), t.path, t.root) &&
          (otherIndex === t.index || !verifyInclusion(otherIndex, n, leaf, t.path, t.root)) &&
          otherSizes.every((size) => !verifyInclusion(t.index, size, leaf, t.path, t.root)) &&
          (t.path.length === 0 || !verifyInclusion(t.index, n, leaf, changedPath, t.root)) &&
          !verifyInclusion(t.index, n, leaf, [...t.path, t.root], t.root) &&
          (t.path.length === 0 || !verifyInclusion(t.index, n, leaf, t.path.slice(1), t.root))
        )
      }),
    )
  })

  it("a stream resumed from a frontier gives the same root and frontier as one that read every leaf", () => {
    fc.assert(
      fc.property(leafHashes, fc.nat(), (leaves, cut) => {
        const at = cut % (leaves.length + 1)
        const first = streamOf(leaves.slice(0, at))
        const resumed = makeMerkleStream(first.frontier())
        for (const leaf of leaves.slice(at)) resumed.add(leaf)
        const whole = streamOf(leaves)
        return (
          resumed.size() === leaves.length &&
          hex(resumed.root()) === hex(whole.root()) &&
          resumed.frontier().nodes.join() === whole.frontier().nodes.join()
        )
      }),
    )
  })

  it("the frontier holds one node per 1 bit of the size, so memory stays logarithmic", () => {
    const stream = streamOf(Array.from({ length: 1000 }, (_, i) => leafHash(Uint8Array.of(i % 256, i >> 8))))
    // 1000 = 0b1111101000: six perfect subtrees (512, 256, 128, 64, 32, 8).
    expect(stream.frontier().nodes).toHaveLength(6)
    expect(() => makeMerkleStream({ size: 1000, nodes: stream.frontier().nodes.slice(1) })).toThrow(
      "A frontier of 1000 leaves has 6 nodes, not 5",
    )
  })

  it("refuses an index outside the tree and a path of the wrong length", () => {
    const leaves = LEAVES.map(leafHash)
    const root = hexToBytes(ROOTS[7]!)
    const path = PATHS[0]!.path.map((h) => hexToBytes(h))
    expect(rootFromInclusionProof(8, 8, leaves[0]!, path)).toBeUndefined()
    expect(rootFromInclusionProof(-1, 8, leaves[0]!, path)).toBeUndefined()
    expect(rootFromInclusionProof(0, 0, leaves[0]!, [])).toBeUndefined()
    expect(verifyInclusion(0, 8, leaves[0]!, path.slice(0, 2), root)).toBe(false)
    expect(verifyInclusion(0, 1, leaves[0]!, [], leaves[0]!)).toBe(true)
  })
})
