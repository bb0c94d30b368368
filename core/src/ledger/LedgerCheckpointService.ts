/**
 * Signed ledger checkpoints and members' inclusion proofs (issue 21, docs/ledger.md §10–12).
 *
 * - `take`: the ledger's consistent cut (LedgerCheckpoints.cut), the Merkle root over its transfers resumed from
 *   the last checkpoint's frontier (only the transfers since are read, and each must continue its chain from
 *   the last checkpoint's heads, or nothing is signed), signed with the ledger key and appended with the next
 *   number. Another process that took that number first wins; its checkpoint is answered.
 * - `takeIfDue` (the job): takes one when the ledger or the audit log grew since the last, or the last is a day
 *   old, so there is one at least daily.
 * - `proof`: one of the member's orders, its transfers, and the audit path of each to the latest checkpoint,
 *   collected in one pass over the transfers (a frontier and a path per transfer in memory, never the ledger);
 *   each transfer as the member may see it (ProvenTransfer.ts: another member by pseudonym, never by id).
 */
import { bytesToHex } from "@noble/hashes/utils.js"
import { Clock, Context, Effect, Layer, Option, Semaphore } from "effect"
import type { OrderNotFound } from "../orders/OrderErrors.ts"
import { OrderService } from "../orders/OrderService.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { type ChainedTransfer, makeChainVerifier } from "./ChainVerifier.ts"
import {
  CHECKPOINT_ALGORITHM,
  canonicalCheckpoint,
  ed25519PublicKeyPem,
  ledgerKeyId,
  publicKeyFromHex,
} from "./Checkpoint.ts"
import {
  type CheckpointPage,
  type CheckpointPageQuery,
  type CheckpointSettings,
  type CheckpointTaken,
  type LedgerEarlierKey,
  type LedgerPublicKey,
  type LiabilitiesProof,
  type OrderProof,
  publicCheckpoint,
  type StoredCheckpoint,
} from "./CheckpointModel.ts"
import { liabilitiesNote, nextCheckpointBy, proofNote } from "./CheckpointNotes.ts"
import { CheckpointRefused } from "./LedgerErrors.ts"
import { liabilitiesOfBalances } from "./LiabilitiesTally.ts"
import {
  type LiabilitiesTree,
  leafIndexOf,
  liabilitiesPath,
  memberCommitment,
  memberSalt,
  totalsOf,
} from "./LiabilitiesTree.ts"
import { makeMerkleStream, transferLeafHash } from "./MerkleTree.ts"
import { provenTransfer } from "./ProvenTransfer.ts"
import { LedgerCheckpoints, type LedgerCut } from "./ports/LedgerCheckpoints.ts"
import { LedgerSigner } from "./ports/LedgerSigner.ts"
import { LedgerStore } from "./ports/LedgerStore.ts"
import type { ChainHead } from "./TransferChain.ts"
import { AUDIT_CHAIN, CHAIN_GENESIS } from "./TransferChain.ts"

/** Transfers read a page. */
export const CHECKPOINT_PAGE_ROWS = 5_000

/** A checkpoint at least this often, even when nothing moved. */
export const CHECKPOINT_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** A transfer chain's rows only (the audit log's chain is not made of transfers). */
const transferChains = (chains: LedgerCut["chains"]): Map<string, ChainHead> =>
  new Map(
    chains.filter((c) => c.chain !== AUDIT_CHAIN).map((c) => [c.chain, { length: c.length, head: c.head }]),
  )

const sameState = (c: StoredCheckpoint, cut: LedgerCut) =>
  c.treeSize === cut.treeSize &&
  c.chains.length === cut.chains.length &&
  c.chains.every((ch, i) => {
    const other = cut.chains[i]!
    return ch.chain === other.chain && ch.length === other.length && ch.head === other.head
  })

/** The leaf of a stored row (a row with no chain hash, forged past the database's chaining, gets the genesis). */
const leafOf = (row: ChainedTransfer) => transferLeafHash(row.hash ?? CHAIN_GENESIS)

export class LedgerCheckpointService extends Context.Service<
  LedgerCheckpointService,
  {
    /** Takes a checkpoint now. */
    readonly take: Effect.Effect<CheckpointTaken, CheckpointRefused>
    /** Takes one when the ledger grew since the last, or the last is a day old; none otherwise. */
    readonly takeIfDue: Effect.Effect<Option.Option<CheckpointTaken>, CheckpointRefused>
    /** Newest first, a page at a time (GET /api/ledger/checkpoints). */
    readonly list: (query: CheckpointPageQuery) => Effect.Effect<CheckpointPage>
    /** The key that signs new checkpoints. */
    readonly publicKey: LedgerPublicKey
    /** The member's order's inclusion proof against the latest checkpoint; another's order is not found. */
    readonly proof: (memberId: MemberId, orderId: OrderId) => Effect.Effect<OrderProof, OrderNotFound>
    /** The member's leaves in the latest checkpoint's liabilities trees, with their salt and paths. */
    readonly liabilitiesProof: (memberId: MemberId) => Effect.Effect<LiabilitiesProof>
  }
>()("@landunits/core/ledger/LedgerCheckpointService") {
  static readonly layer = (settings: CheckpointSettings) =>
    Layer.effect(LedgerCheckpointService)(
      Effect.gen(function* () {
        const ledger = yield* LedgerStore
        const store = yield* LedgerCheckpoints
        const signer = yield* LedgerSigner
        const orders = yield* OrderService
        // One proof at a time per process: each reads the ledger once, and a burst of clicks must not read it
        // many times over at once.
        const oneProofAtATime = yield* Semaphore.make(1)
        /** The latest checkpoint's liabilities trees, built once per process (by taking it, or the first proof). */
        let treesCache: { number: number; trees: ReadonlyMap<string, LiabilitiesTree> } | undefined

        const refuse = (message: string) => Effect.fail(new CheckpointRefused({ message }))

        /** The root and frontier at the cut, resumed from `previous`, each new row checked against its chain. */
        const treeAt = Effect.fnUntraced(function* (previous: StoredCheckpoint | undefined, cut: LedgerCut) {
          let stream: ReturnType<typeof makeMerkleStream>
          try {
            stream = makeMerkleStream(previous?.frontier)
          } catch (e) {
            return yield* refuse(
              `checkpoint #${previous?.number}'s stored frontier is unusable: ${String(e)}`,
            )
          }
          const verifier = makeChainVerifier(
            previous === undefined ? undefined : transferChains(previous.chains),
          )
          let after = previous?.lastPosition ?? 0
          reading: while (stream.size() < cut.treeSize) {
            const page = yield* ledger.chainAfter(after, CHECKPOINT_PAGE_ROWS)
            if (page.length === 0) break
            for (const row of page) {
              if (row.position > cut.lastPosition) break reading
              const found = verifier.next(row)
              if (found !== undefined) {
                return yield* refuse(
                  `the transfers since the last checkpoint do not verify: ${found.kind}: ${found.message}`,
                )
              }
              stream.add(leafOf(row))
              after = row.position
            }
          }
          if (stream.size() !== cut.treeSize || after !== cut.lastPosition) {
            return yield* refuse(
              `the ledger holds ${stream.size()} transfer(s) up to position ${after}, not the ${cut.treeSize} up to ${cut.lastPosition} it counted`,
            )
          }
          const recorded = transferChains(cut.chains)
          const ended = verifier.end(recorded)
          if (ended !== undefined) {
            return yield* refuse(
              `the transfers since the last checkpoint do not verify: ${ended.kind}: ${ended.message}`,
            )
          }
          const unrecorded = [...verifier.heads().keys()].find((chain) => !recorded.has(chain))
          if (unrecorded !== undefined)
            return yield* refuse(`the ${unrecorded} chain has rows but no recorded head`)
          return stream
        })

        const takeNow = Effect.fnUntraced(function* (onlyIfDue: boolean) {
          const previous = Option.getOrUndefined(yield* store.latest)
          const cut = yield* store.cut
          const now = yield* Clock.currentTimeMillis
          if (previous !== undefined) {
            if (cut.treeSize < previous.treeSize || cut.lastPosition < previous.lastPosition) {
              return yield* refuse(
                `the ledger holds ${cut.treeSize} transfer(s), fewer than checkpoint #${previous.number}'s ${previous.treeSize}: rows were deleted`,
              )
            }
            // After a rotation the latest checkpoint is signed by an earlier key: a new one, under the current key,
            // is due at once, so members' proofs (always against the latest) are signed by the key published first.
            // So is one after a v1 checkpoint (taken before the proof of liabilities), so members get one.
            if (
              onlyIfDue &&
              sameState(previous, cut) &&
              now - previous.at < CHECKPOINT_MAX_AGE_MS &&
              previous.keyId === signer.keyId &&
              previous.liabilities !== undefined
            ) {
              return Option.none<CheckpointTaken>()
            }
          }
          const stream = yield* treeAt(previous, cut)
          const number = (previous?.number ?? 0) + 1
          const saltKey = yield* signer.liabilitiesSaltKey(number)
          const liabilities = liabilitiesOfBalances(
            saltKey,
            yield* store.balancesAt(cut.lastPosition),
            settings.liabilitiesHasher,
          )
          if (!liabilities.ok)
            return yield* refuse(`the proof of liabilities cannot be built: ${liabilities.message}`)
          const fields = {
            number,
            at: now,
            treeSize: cut.treeSize,
            merkleRoot: bytesToHex(stream.root()),
            chains: cut.chains,
            keyId: signer.keyId,
            liabilities: liabilities.value.fields,
          }
          const stored: StoredCheckpoint = {
            ...fields,
            signature: yield* signer.sign(canonicalCheckpoint(fields)),
            lastPosition: cut.lastPosition,
            frontier: stream.frontier(),
            publicKey: signer.publicKey,
            liabilitiesSaltKey: saltKey,
          }
          const appended = yield* store.append(stored).pipe(
            Effect.as(true),
            Effect.catchTag("CheckpointNumberTaken", () => Effect.succeed(false)),
          )
          if (appended) treesCache = { number, trees: liabilities.value.trees }
          if (appended) return Option.some({ checkpoint: publicCheckpoint(stored), taken: true })
          const latest = yield* store.latest
          return Option.map(latest, (c) => ({ checkpoint: publicCheckpoint(c), taken: false }))
        })

        const take = takeNow(false).pipe(
          Effect.flatMap((taken) =>
            Option.match(taken, {
              onSome: Effect.succeed,
              onNone: () => refuse("no checkpoint was written and none is stored"),
            }),
          ),
          Effect.withSpan("LedgerCheckpointService.take"),
        )

        const publicKeyBytes = publicKeyFromHex(signer.publicKey)!
        const earlier: Array<LedgerEarlierKey> = []
        for (const hex of settings.earlierPublicKeys ?? []) {
          const bytes = publicKeyFromHex(hex.toLowerCase())
          if (bytes === undefined) continue
          const keyId = ledgerKeyId(bytes)
          if (keyId === signer.keyId || earlier.some((k) => k.keyId === keyId)) continue
          earlier.push({ keyId, publicKey: bytesToHex(bytes), publicKeyPem: ed25519PublicKeyPem(bytes) })
        }

        const proof = Effect.fn("LedgerCheckpointService.proof")(function* (
          memberId: MemberId,
          orderId: OrderId,
        ): Effect.fn.Return<OrderProof, OrderNotFound> {
          yield* orders.getOrder(memberId, orderId)
          const rows = yield* ledger.chainOfOrder(orderId)
          const checkpoint = Option.getOrUndefined(yield* store.latest)
          const now = yield* Clock.currentTimeMillis
          const nextBy = nextCheckpointBy(checkpoint, now, settings.everyMs)
          const included = new Set(
            checkpoint === undefined
              ? []
              : rows.filter((r) => r.position <= checkpoint.lastPosition).map((r) => r.position),
          )
          const leafIndexes = new Map<number, number>()
          let paths: ReadonlyMap<number, ReadonlyArray<Uint8Array>> = new Map()
          if (checkpoint !== undefined && included.size > 0) {
            const stream = makeMerkleStream()
            yield* oneProofAtATime.withPermits(1)(
              Effect.gen(function* () {
                for (let after = 0; stream.size() < checkpoint.treeSize; ) {
                  const page = yield* ledger.chainAfter(after, CHECKPOINT_PAGE_ROWS)
                  if (page.length === 0) break
                  for (const row of page.slice(0, checkpoint.treeSize - stream.size())) {
                    const tracked = included.has(row.position)
                    const index = stream.add(leafOf(row), tracked)
                    if (tracked) leafIndexes.set(row.position, index)
                    after = row.position
                  }
                }
              }),
            )
            paths = stream.paths()
            if (bytesToHex(stream.root()) !== checkpoint.merkleRoot) {
              // The member's check will fail and say so; the platform must hear of it first.
              yield* Effect.logError(
                `The ledger no longer gives checkpoint #${checkpoint.number}'s Merkle root: run landunits ledger verify`,
              )
            }
          }
          const transfers = rows.map((row) => {
            const leafIndex = leafIndexes.get(row.position)
            return provenTransfer(
              memberId,
              row,
              leafIndex === undefined
                ? undefined
                : { leafIndex, auditPath: (paths.get(leafIndex) ?? []).map((node) => bytesToHex(node)) },
            )
          })
          const pending = transfers.length - leafIndexes.size
          return {
            orderId,
            checkpoint: checkpoint === undefined ? null : publicCheckpoint(checkpoint),
            transfers,
            pending,
            ...(pending > 0 ? { nextCheckpointBy: nextBy } : {}),
            note: proofNote(transfers.length, pending, checkpoint, nextBy),
          }
        })

        const liabilitiesProof = Effect.fn("LedgerCheckpointService.liabilitiesProof")(function* (
          memberId: MemberId,
        ): Effect.fn.Return<LiabilitiesProof> {
          const checkpoint = Option.getOrUndefined(yield* store.latest)
          const now = yield* Clock.currentTimeMillis
          const nextBy = nextCheckpointBy(checkpoint, now, settings.everyMs)
          if (checkpoint?.liabilities === undefined || checkpoint.liabilitiesSaltKey === undefined) {
            return {
              checkpoint: checkpoint === undefined ? null : publicCheckpoint(checkpoint),
              memberId,
              leaves: [],
              note: liabilitiesNote(undefined, 0, nextBy),
            }
          }
          const saltKey = checkpoint.liabilitiesSaltKey
          const trees = yield* oneProofAtATime.withPermits(1)(
            Effect.gen(function* () {
              if (treesCache?.number === checkpoint.number) return treesCache.trees
              const built = liabilitiesOfBalances(
                saltKey,
                yield* store.balancesAt(checkpoint.lastPosition),
                settings.liabilitiesHasher,
              )
              const rebuilt = built.ok ? built.value.trees : new Map<string, LiabilitiesTree>()
              if (!built.ok) {
                yield* Effect.logError(
                  `The ledger no longer gives checkpoint #${checkpoint.number}'s liabilities: ${built.message}: run landunits ledger verify`,
                )
              }
              treesCache = { number: checkpoint.number, trees: rebuilt }
              return rebuilt
            }),
          )
          for (const stated of checkpoint.liabilities) {
            if (trees.get(stated.unitType)?.root.hash !== stated.root) {
              // The member's check will fail and say so; the platform must hear of it first.
              yield* Effect.logError(
                `The ledger no longer gives checkpoint #${checkpoint.number}'s ${stated.unitType} liabilities root: run landunits ledger verify`,
              )
            }
          }
          const salt = memberSalt(saltKey, memberId)
          const commitment = memberCommitment(salt, memberId)
          const leaves = [...trees.values()].flatMap((tree) => {
            const index = leafIndexOf(tree, commitment)
            if (index === undefined) return []
            return [
              {
                unitType: tree.unitType,
                balances: totalsOf(tree.leaves[index]!.sums),
                path: liabilitiesPath(tree, index).map((step) => ({
                  side: step.side,
                  hash: step.hash,
                  sums: totalsOf(step.sums),
                })),
              },
            ]
          })
          return {
            checkpoint: publicCheckpoint(checkpoint),
            memberId,
            salt,
            commitment,
            leaves,
            note: liabilitiesNote(checkpoint, leaves.length, nextBy),
          }
        })

        return LedgerCheckpointService.of({
          take,
          takeIfDue: takeNow(true).pipe(Effect.withSpan("LedgerCheckpointService.takeIfDue")),
          list: ({ before, limit = 20 }) =>
            Effect.map(store.newest({ before, limit }), (found) => {
              const last = found[found.length - 1]
              return {
                checkpoints: found.map(publicCheckpoint),
                ...(found.length === limit && last !== undefined && last.number > 1
                  ? { nextBefore: last.number }
                  : {}),
              }
            }),
          publicKey: {
            algorithm: CHECKPOINT_ALGORITHM,
            keyId: signer.keyId,
            publicKey: signer.publicKey,
            publicKeyPem: ed25519PublicKeyPem(publicKeyBytes),
            earlier,
          },
          proof,
          liabilitiesProof,
        })
      }),
    )
}
