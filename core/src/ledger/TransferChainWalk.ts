/**
 * The one walk over the ledger's hash chains (issue 21): every transfer read through the LedgerStore port, a
 * page at a time in the order appended (`chainAfter`), each checked by the chain verifier (ChainVerifier.ts),
 * and at the end every unit type's chain against its recorded head (`chainHeads`). Memory holds one page and a
 * few values per chain, never the history. `landunits ledger verify` and the order model's invariants
 * (core/test/support/EngineInvariants.ts) both walk the chains with it.
 */
import { Effect, Schema } from "effect"
import { type ChainBreak, type ChainedTransfer, makeChainVerifier } from "./ChainVerifier.ts"
import { LedgerStore } from "./ports/LedgerStore.ts"
import type { ChainHead } from "./TransferChain.ts"

/** The first row (or recorded head) of the transfers' chains that does not match: ChainVerifier's break. */
export class TransferChainBroken extends Schema.TaggedError<TransferChainBroken>()("TransferChainBroken", {
  kind: Schema.Literals(["edited", "missing", "inserted", "reordered"]),
  chain: Schema.String,
  name: Schema.String,
  message: Schema.String,
}) {}

export interface TransferChainWalk<E = never, R = never> {
  /** Rows read a page. */
  readonly pageSize: number
  /**
   * Each row once it extends its chain, with its place in the append order (0, 1, 2…) and the chains'
   * recomputed heads so far (read them only when needed: each call copies them). An effect it answers runs
   * before the next row (a check that must read more, at a few rows only).
   */
  readonly onRow?: (
    row: ChainedTransfer,
    position: number,
    heads: () => ReadonlyMap<string, ChainHead>,
  ) => Effect.Effect<void, E, R> | undefined
  /** After each page's rows (a progress bar's tick). */
  readonly onPage?: (rows: number) => Effect.Effect<void, E, R>
  /**
   * An earlier walk's result to go on from: only the rows appended since are read, each chain extended from the
   * head that walk recomputed (the order model checks the chains after every step this way).
   */
  readonly from?: TransferChainsVerified
}

export interface TransferChainsVerified {
  /** How many transfers the chains hold. */
  readonly transfers: number
  /** The append position of the last transfer read (0 when there is none): where a later walk goes on from. */
  readonly after: number
  /** Each unit type's chain as recomputed: its length and last hash. */
  readonly heads: ReadonlyMap<string, ChainHead>
}

const broken = (found: ChainBreak) => new TransferChainBroken(found)

/** Every transfer's chain recomputed from the store's rows and checked against its recorded head. */
export const verifyTransferChains = <E = never, R = never>(
  walk: TransferChainWalk<E, R>,
): Effect.Effect<TransferChainsVerified, TransferChainBroken | E, LedgerStore | R> =>
  Effect.gen(function* () {
    const store = yield* LedgerStore
    const verifier = makeChainVerifier(walk.from?.heads)
    let transfers = walk.from?.transfers ?? 0
    let after = walk.from?.after ?? 0
    for (;;) {
      const page = yield* store.chainAfter(after, walk.pageSize)
      if (page.length === 0) break
      for (const row of page) {
        const found = verifier.next(row)
        if (found !== undefined) return yield* broken(found)
        const more = walk.onRow?.(row, transfers, verifier.heads)
        if (more !== undefined) yield* more
        transfers += 1
        after = row.position
      }
      if (walk.onPage !== undefined) yield* walk.onPage(page.length)
    }
    const ended = verifier.end(yield* store.chainHeads)
    if (ended !== undefined) return yield* broken(ended)
    return { transfers, after, heads: verifier.heads() }
  })
