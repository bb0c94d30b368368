/**
 * Verifying the stored checkpoints against the ledger as it is streamed (issue 21, `landunits ledger verify`):
 * every checkpoint's signature, and, when the running count of transfers reaches its treeSize, the Merkle root
 * of the transfers so far (one frontier in memory, MerkleTree.ts), each unit type's chain against what the
 * chains recompute to at that point, and (v2) its liabilities trees rebuilt from the members' balances so far
 * (one tally of balances in memory, LiabilitiesTally.ts); when the count of audit entries reaches its audit chain's length, the audit
 * chain's head. Checkpoints are read oldest first, a page at a time, so memory holds one page of them, one
 * frontier and one value per chain, however long the history.
 *
 * A checkpoint signed by a key other than this installation's is refused unless its id is one the operator
 * names as an earlier key of theirs (after a rotation); a checkpoint's stored public key must be the one its id
 * names, so nobody can slip in a checkpoint of their own signing.
 */
import { bytesToHex } from "@noble/hashes/utils.js"
import { Effect, Option, Schema } from "effect"
import { checkpointSignatureValid, ledgerKeyId, publicKeyFromHex } from "./Checkpoint.ts"
import type { StoredCheckpoint } from "./CheckpointModel.ts"
import { liabilitiesAt, makeLiabilitiesTally } from "./LiabilitiesTally.ts"
import { LIABILITY_BUCKETS, type LiabilitiesHasher } from "./LiabilitiesTree.ts"
import { makeMerkleStream, transferLeafHash } from "./MerkleTree.ts"
import { LedgerCheckpoints } from "./ports/LedgerCheckpoints.ts"
import type { LedgerStore } from "./ports/LedgerStore.ts"
import type { ChainHead } from "./TransferChain.ts"
import { AUDIT_CHAIN, CHAIN_GENESIS } from "./TransferChain.ts"
import {
  type TransferChainBroken,
  type TransferChainWalk,
  verifyTransferChains,
} from "./TransferChainWalk.ts"

/** A stored checkpoint that the ledger, or its signature, does not bear out. */
export class CheckpointMismatch extends Schema.TaggedError<CheckpointMismatch>()("CheckpointMismatch", {
  number: Schema.Int,
  message: Schema.String,
}) {}

/** Checkpoints read a page. */
const CHECKPOINT_PAGE = 500

export interface TrustedKeys {
  /** This installation's key: its id and its 32 public bytes in hex. */
  readonly current: { readonly keyId: string; readonly publicKey: string }
  /** Ids of earlier keys of this installation, named by the operator, whose checkpoints are accepted too. */
  readonly earlier: ReadonlyArray<string>
}

/** How many checkpoints each key signed. */
export type SignedBy = ReadonlyMap<string, number>

const mismatch = (c: StoredCheckpoint, message: string) =>
  new CheckpointMismatch({ number: c.number, message: `checkpoint #${c.number}: ${message}` })

/**
 * Oldest first, a page at a time, measured by `measure` (a count the stream reaches), up to checkpoint `upTo`
 * (the latest when the verification began: one taken while it runs may count rows the stream has passed).
 */
const makeCursor = (
  store: LedgerCheckpoints["Service"],
  measure: (c: StoredCheckpoint) => number,
  upTo: number,
) => {
  let buffer: Array<StoredCheckpoint> = []
  let lastNumber = 0
  let exhausted = false
  let previous: StoredCheckpoint | undefined
  const fill = Effect.gen(function* () {
    if (buffer.length > 0 || exhausted) return
    const page = yield* store.after(lastNumber, CHECKPOINT_PAGE)
    buffer = page.filter((c) => c.number <= upTo)
    const last = page[page.length - 1]
    if (last === undefined || buffer.length < page.length) exhausted = true
    else lastNumber = last.number
  })
  return {
    fill,
    next: (): StoredCheckpoint | undefined => buffer[0],
    /** Takes the next checkpoint, refusing one that counts less than the one before it. */
    take: (): Effect.Effect<StoredCheckpoint, CheckpointMismatch> => {
      const c = buffer.shift()!
      const before = previous
      previous = c
      if (before === undefined && c.number !== 1) {
        return Effect.fail(mismatch(c, "it is the first stored: checkpoints before it are missing"))
      }
      if (before !== undefined && (c.number !== before.number + 1 || measure(c) < measure(before))) {
        return Effect.fail(
          mismatch(
            c,
            c.number !== before.number + 1
              ? `it follows checkpoint #${before.number}: checkpoints are missing between them`
              : `it counts ${measure(c)}, fewer than checkpoint #${before.number}'s ${measure(before)}: checkpoints never go back`,
          ),
        )
      }
      return Effect.succeed(c)
    },
  }
}

const chainOf = (c: StoredCheckpoint, chain: string): ChainHead =>
  c.chains.find((ch) => ch.chain === chain) ?? { length: 0, head: CHAIN_GENESIS }

/** The checkpoint's signature under the key its id names, which must be trusted. */
const checkSignature = (c: StoredCheckpoint, keys: TrustedKeys, signedBy: Map<string, number>) => {
  const isCurrent = c.keyId === keys.current.keyId
  if (!isCurrent && !keys.earlier.includes(c.keyId)) {
    return Effect.fail(
      mismatch(
        c,
        `it is signed by key ${c.keyId}, not this installation's ledger key ${keys.current.keyId} (publish an earlier key of yours in LEDGER_EARLIER_PUBLIC_KEYS, or name it with --earlier-key)`,
      ),
    )
  }
  const publicKey = publicKeyFromHex(isCurrent ? keys.current.publicKey : c.publicKey)
  if (publicKey === undefined || ledgerKeyId(publicKey) !== c.keyId) {
    return Effect.fail(mismatch(c, `its stored public key is not key ${c.keyId}`))
  }
  if (!checkpointSignatureValid(c, publicKey)) {
    return Effect.fail(
      mismatch(
        c,
        `its signature does not verify with key ${c.keyId} (the checkpoint was changed after it was signed)`,
      ),
    )
  }
  signedBy.set(c.keyId, (signedBy.get(c.keyId) ?? 0) + 1)
  return Effect.void
}

/** The checkpoint's transfer chains against the recomputed heads at its tree size. */
const checkTransferChains = (c: StoredCheckpoint, heads: ReadonlyMap<string, ChainHead>) => {
  const stated = c.chains.filter((ch) => ch.chain !== AUDIT_CHAIN)
  for (const ch of stated) {
    const found = heads.get(ch.chain) ?? { length: 0, head: CHAIN_GENESIS }
    if (found.length !== ch.length || found.head !== ch.head) {
      return Effect.fail(
        mismatch(
          c,
          `it states the ${ch.chain} chain at ${ch.length} rows ending ${ch.head}, but its first ${c.treeSize} transfers give ${found.length} ending ${found.head}`,
        ),
      )
    }
  }
  for (const [chain, head] of heads) {
    if (!stated.some((ch) => ch.chain === chain)) {
      return Effect.fail(
        mismatch(c, `it leaves out the ${chain} chain, which its transfers give ${head.length} rows`),
      )
    }
  }
  return Effect.void
}

/**
 * A v2 checkpoint's liabilities against the members' balances its first treeSize transfers give: each unit type's
 * tree rebuilt with its stored salt key has the root and totals it states, and those totals are what the issuance
 * and fees accounts say is owed (LiabilitiesTally.ts).
 */
const checkLiabilities = (
  c: StoredCheckpoint,
  tally: ReturnType<typeof makeLiabilitiesTally>,
  hasher: LiabilitiesHasher | undefined,
) => {
  if (c.liabilities === undefined) return Effect.void
  if (c.liabilitiesSaltKey === undefined) {
    return Effect.fail(
      mismatch(c, "it states liabilities but its salt key is not stored: its trees cannot be rebuilt"),
    )
  }
  const built = liabilitiesAt(c.liabilitiesSaltKey, tally, hasher)
  if (!built.ok)
    return Effect.fail(mismatch(c, `its first ${c.treeSize} transfers give no liabilities: ${built.message}`))
  const text = (l: { unitType: string; root: string; totals: Record<string, number> }) =>
    `${l.unitType} root ${l.root} totals ${LIABILITY_BUCKETS.map((b) => l.totals[b]).join(",")}`
  const stated = c.liabilities.map(text).sort()
  const found = built.value.fields.map(text).sort()
  for (let i = 0; i < Math.max(stated.length, found.length); i++) {
    if (stated[i] !== found[i]) {
      return Effect.fail(
        mismatch(
          c,
          `it states liabilities ${stated[i] ?? "(none)"}, but its first ${c.treeSize} transfers give ${found[i] ?? "(none)"}`,
        ),
      )
    }
  }
  return Effect.void
}

export interface LedgerAndCheckpointsVerified {
  readonly transfers: number
  readonly heads: ReadonlyMap<string, ChainHead>
  readonly checkpoints: number
  /** The latest checkpoint when the verification began: those after it are left to the next run. */
  readonly upTo: number
  readonly signedBy: SignedBy
}

/**
 * The transfers' chains (verifyTransferChains) and every stored checkpoint against them: signature, Merkle root
 * and chains at its tree size. The audit chain of each checkpoint is checked by `makeAuditCheckpointCheck`.
 */
export const verifyTransfersAndCheckpoints = <E = never, R = never>(
  walk: TransferChainWalk<E, R>,
  keys: TrustedKeys,
  /** The liabilities trees' hashes: core's portable ones unless the caller passes Node's (the same hashes). */
  liabilitiesHasher?: LiabilitiesHasher,
): Effect.Effect<
  LedgerAndCheckpointsVerified,
  TransferChainBroken | CheckpointMismatch | E,
  LedgerStore | LedgerCheckpoints | R
> =>
  Effect.gen(function* () {
    const store = yield* LedgerCheckpoints
    const upTo = Option.match(yield* store.latest, { onNone: () => 0, onSome: (c) => c.number })
    const cursor = makeCursor(store, (c) => c.treeSize, upTo)
    const tree = makeMerkleStream()
    const tally = makeLiabilitiesTally()
    const signedBy = new Map<string, number>()
    let checkpoints = 0
    /** Every checkpoint whose tree size `count` the stream just reached. */
    const reached = (count: number, heads: () => ReadonlyMap<string, ChainHead>) =>
      Effect.gen(function* () {
        const root = bytesToHex(tree.root())
        for (yield* cursor.fill; (cursor.next()?.treeSize ?? count + 1) <= count; yield* cursor.fill) {
          const c = yield* cursor.take()
          yield* checkSignature(c, keys, signedBy)
          if (c.merkleRoot !== root) {
            return yield* mismatch(
              c,
              `its Merkle root ${c.merkleRoot} is not the root of the ledger's first ${count} transfers (${root})`,
            )
          }
          yield* checkTransferChains(c, heads())
          yield* checkLiabilities(c, tally, liabilitiesHasher)
          checkpoints += 1
        }
      })
    yield* reached(0, () => new Map())
    const walked = yield* verifyTransferChains<E | CheckpointMismatch, R>({
      ...walk,
      onRow: (row, position, heads) => {
        const more = walk.onRow?.(row, position, heads)
        // The tree is needed only while a checkpoint is left to check (none stored: no hashing at all).
        const next = cursor.next()
        if (next === undefined) return more
        tree.add(transferLeafHash(row.hash!))
        tally.add(row.unitType, row.fromKey, row.toKey, row.units)
        const count = position + 1
        const check = next.treeSize <= count ? reached(count, heads) : undefined
        return more === undefined ? check : check === undefined ? more : Effect.andThen(more, check)
      },
    })
    const beyond = cursor.next()
    if (beyond !== undefined) {
      return yield* mismatch(
        beyond,
        `it counts ${beyond.treeSize} transfers, but the ledger holds ${walked.transfers} (rows at its end were deleted, or the checkpoint was changed)`,
      )
    }
    return { ...walked, checkpoints, upTo, signedBy }
  })

/**
 * The audit chain of every stored checkpoint up to `upTo` (verifyTransfersAndCheckpoints' own), as the audit log
 * is streamed: call `reached(count, head)` after each entry (and once with 0 before the first), then `end(count)`.
 */
export const makeAuditCheckpointCheck = Effect.fnUntraced(function* (upTo: number) {
  const cursor = makeCursor(yield* LedgerCheckpoints, (c) => chainOf(c, AUDIT_CHAIN).length, upTo)
  /** Whether a checkpoint waits for `count` entries (or fewer: one that went back, refused when taken). */
  const waitsFor = (count: number) => {
    const next = cursor.next()
    return next !== undefined && chainOf(next, AUDIT_CHAIN).length <= count
  }
  const reached = (count: number, head: ChainHead) =>
    Effect.gen(function* () {
      for (yield* cursor.fill; waitsFor(count); yield* cursor.fill) {
        const c = yield* cursor.take()
        const stated = chainOf(c, AUDIT_CHAIN)
        if (stated.head !== head.head) {
          return yield* mismatch(
            c,
            `it states the audit chain at ${stated.length} entries ending ${stated.head}, but the audit log's first ${count} entries end ${head.head}`,
          )
        }
      }
    })
  return {
    /** Whether a checkpoint waits for this count (so `reached` is worth calling). */
    waitsFor,
    reached,
    end: (count: number) =>
      Effect.gen(function* () {
        yield* cursor.fill
        const beyond = cursor.next()
        if (beyond !== undefined) {
          return yield* mismatch(
            beyond,
            `it counts ${chainOf(beyond, AUDIT_CHAIN).length} audit entries, but the audit log holds ${count} (entries at its end were deleted, or the checkpoint was changed)`,
          )
        }
      }),
  }
})
