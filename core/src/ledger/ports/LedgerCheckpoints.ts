import { Context, Effect, Layer, Option, Schema } from "effect"
import { sortChains } from "../Checkpoint.ts"
import type { CheckpointChain, StoredCheckpoint } from "../CheckpointModel.ts"
import { LedgerStore } from "./LedgerStore.ts"

/** The ledger at one instant, as a checkpoint records it. */
export interface LedgerCut {
  /** How many transfers had been appended: the first treeSize of the append order. */
  readonly treeSize: number
  /** The append position (`seq`) of the last of them; 0 when there are none. */
  readonly lastPosition: number
  /** Every chain that has rows, its length and head, sorted by name. */
  readonly chains: ReadonlyArray<CheckpointChain>
}

/** One account's balance of one unit type, summed over the transfers up to a position. */
export interface AccountBalanceAt {
  readonly unitType: string
  /** The account as transfers store it: `member:<id>:<bucket>` or `platform:<name>`. */
  readonly key: string
  readonly units: number
}

/** A checkpoint whose number is not the next one (another process took it first): nothing is written. */
export class CheckpointNumberTaken extends Schema.TaggedError<CheckpointNumberTaken>()(
  "CheckpointNumberTaken",
  {
    number: Schema.Int,
    message: Schema.String,
  },
) {}

/**
 * Port: the append-only store of signed ledger checkpoints (issue 21), and the consistent cut of the ledger a
 * new one records. Checkpoints are numbered 1, 2, 3… with no gap: `append` takes only the next number, so two
 * processes that checkpoint at once write one checkpoint, and the other learns it (`CheckpointNumberTaken`).
 * There is no update and no delete.
 */
export class LedgerCheckpoints extends Context.Service<
  LedgerCheckpoints,
  {
    /**
     * The ledger's state now, with no append half-done: a transfer appended after it has a later position
     * than every transfer counted in it, so the tree of its first treeSize transfers never changes.
     */
    readonly cut: Effect.Effect<LedgerCut>
    readonly append: (checkpoint: StoredCheckpoint) => Effect.Effect<void, CheckpointNumberTaken>
    readonly latest: Effect.Effect<Option.Option<StoredCheckpoint>>
    /** Newest first: those numbered below `before` (every one without it), at most `limit`. */
    readonly newest: (options: {
      readonly before?: number | undefined
      readonly limit: number
    }) => Effect.Effect<ReadonlyArray<StoredCheckpoint>>
    /** Oldest first: those numbered above `number`, at most `limit` (verification reads them all this way). */
    readonly after: (number: number, limit: number) => Effect.Effect<ReadonlyArray<StoredCheckpoint>>
    /**
     * Every account's balance summed over the transfers at positions up to `lastPosition` (a cut's): what the
     * checkpoint's liabilities trees are built from, and a member's proof rebuilt from.
     */
    readonly balancesAt: (lastPosition: number) => Effect.Effect<ReadonlyArray<AccountBalanceAt>>
  }
>()("@landunits/core/ledger/ports/LedgerCheckpoints") {
  /**
   * In memory, over the in-memory ledger: the reference the PostgreSQL adapter's contract tests compare with.
   * Its cut holds the unit types' chains only (the in-memory audit log keeps no chain).
   */
  static readonly layerMemory = Layer.effect(LedgerCheckpoints)(
    Effect.gen(function* () {
      const ledger = yield* LedgerStore
      const checkpoints: Array<StoredCheckpoint> = []
      return LedgerCheckpoints.of({
        cut: Effect.gen(function* () {
          let treeSize = 0
          let lastPosition = 0
          for (;;) {
            const page = yield* ledger.chainAfter(lastPosition, 10_000)
            if (page.length === 0) break
            treeSize += page.length
            lastPosition = page[page.length - 1]!.position
          }
          const heads = yield* ledger.chainHeads
          const chains = sortChains(
            [...heads].map(([chain, h]) => ({ chain, length: h.length, head: h.head })),
          )
          return { treeSize, lastPosition, chains }
        }),
        append: (checkpoint) =>
          Effect.suspend(() => {
            const next = checkpoints.length + 1
            if (checkpoint.number !== next) {
              return Effect.fail(
                new CheckpointNumberTaken({
                  number: checkpoint.number,
                  message: `Checkpoint #${checkpoint.number} is not the next one: #${next} is`,
                }),
              )
            }
            checkpoints.push(checkpoint)
            return Effect.void
          }),
        latest: Effect.sync(() => Option.fromNullishOr(checkpoints[checkpoints.length - 1])),
        newest: ({ before, limit }) =>
          Effect.sync(() =>
            checkpoints
              .filter((c) => before === undefined || c.number < before)
              .reverse()
              .slice(0, limit),
          ),
        after: (number, limit) =>
          Effect.sync(() => checkpoints.filter((c) => c.number > number).slice(0, limit)),
        balancesAt: (lastPosition) =>
          Effect.gen(function* () {
            const sums = new Map<string, AccountBalanceAt>()
            const add = (unitType: string, key: string, units: number) => {
              const k = `${unitType}|${key}`
              sums.set(k, { unitType, key, units: (sums.get(k)?.units ?? 0) + units })
            }
            for (let after = 0; ; ) {
              const page = yield* ledger.chainAfter(after, 10_000)
              const rows = page.filter((r) => r.position <= lastPosition)
              for (const r of rows) {
                add(r.unitType, r.fromKey, -r.units)
                add(r.unitType, r.toKey, r.units)
              }
              if (rows.length < page.length || page.length === 0) break
              after = page[page.length - 1]!.position
            }
            return [...sums.values()]
          }),
      })
    }),
  )
}
