import { Context, Effect, Layer, Option, Schema } from "effect"
import type { InsufficientUnits, InvalidTransfer } from "../../ledger/LedgerErrors.ts"
import type { Transfer } from "../../ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "../../ledger/ports/LedgerStore.ts"
import type { UnitType } from "../../shared/Enums.ts"
import type { IdempotencyKey, OrderId } from "../../shared/Ids.ts"
import type { NewOrderRecord, OrderRecord } from "../OrderModel.ts"
import type { IdempotencyKeyTaken, IdempotencyRecord } from "./IdempotencyStore.ts"
import { IdempotencyStore } from "./IdempotencyStore.ts"
import { OrderRepository } from "./OrderRepository.ts"
import { lockOrder, UnitOfWork } from "./UnitOfWork.ts"

/** What a new buy writes: its order, the transfers it causes and its command's idempotency record. */
export interface NewBuyEntry {
  /** The buy's unit type: the lock taken, the totals read, the chain extended. */
  readonly unitType: UnitType
  /** The order, without its sequence (the journal gives it one, as OrderRepository.insert does). */
  readonly order: NewOrderRecord
  /** The ledger transfers the buy causes (ids and instant assigned, all of `unitType`), appended as one checked batch. */
  readonly transfers: ReadonlyArray<Transfer>
  /** The command's idempotency record; its response is the stored order (with its sequence). */
  readonly key: Omit<IdempotencyRecord, "response">
}

/** An idempotency key asked for by a batch: its scope and value. */
export interface BuyKey {
  readonly scope: string
  readonly idempotencyKey: IdempotencyKey
}

/** What a batch of buys starts from, read under its unit type's lock: the totals, and the keys already saved. */
export interface BuyBatchStart {
  readonly totals: LedgerTotals
  /** The saved records of the keys asked for (those never saved are absent). */
  readonly saved: ReadonlyArray<IdempotencyRecord>
}

/** A batch's judgement of one unit type's buys: the entries to keep, in order (a subset of those given). */
export type BuyBatchJudge<E> = (
  start: BuyBatchStart,
  /** The orders already written in this transaction, which reads of stored orders must leave out (PostgreSQL's guess). */
  written: ReadonlySet<OrderId>,
) => Effect.Effect<ReadonlyArray<NewBuyEntry>, E>

/** One unit type's part of a batch given to `recordBatch`: its entries (one per key), the keys asked for, its judge. */
export interface BuyBatchPart<E> {
  readonly unitType: UnitType
  readonly entries: ReadonlyArray<NewBuyEntry>
  readonly keys: ReadonlyArray<BuyKey>
  readonly judge: BuyBatchJudge<E>
}

/** `parts` in `lockOrder` of their unit types; a unit type given twice is a defect (one part per unit type). */
export const inLockOrder = <P extends { readonly unitType: UnitType }>(
  parts: ReadonlyArray<P>,
): ReadonlyArray<P> => {
  const byType = new Map(parts.map((part) => [part.unitType, part]))
  if (byType.size !== parts.length) throw new Error("A batch has one part per unit type")
  return lockOrder(byType.keys()).map((unitType) => byType.get(unitType)!)
}

/**
 * `recordBatch` guessed that every buy would be kept and wrote them all, but a judge kept fewer: the transaction must
 * end with this failure (its rollback takes the write back), and the batch run again with `openBatch` and `recordBuys`.
 */
export class BatchGuessedWrong extends Schema.TaggedError<BatchGuessedWrong>()("BatchGuessedWrong", {
  kept: Schema.Int,
  written: Schema.Int,
}) {}

/**
 * Port: new buys, a batch at a time (BuyBatches.ts), inside the batch's transaction.
 *
 * - `openBatch(unitType, keys)` takes the unit type's order-command lock (as `UnitOfWork.lockUnitTypes`) and reads,
 *   under it, the unit type's ledger totals and the records already saved under `keys`.
 * - `recordBuys(unitType, entries)` writes the accepted buys, in order, all or nothing: each order (given its sequence
 *   as `OrderRepository.insert` gives it), its transfers appended to the unit type's chain (checked as
 *   `LedgerStore.append` checks a batch: InsufficientUnits, InvalidTransfer) and its key, whose response is the stored
 *   order. A key saved meanwhile by a command holding another lock fails it with IdempotencyKeyTaken. It answers the
 *   stored orders in the order of `entries`. It holds the lock itself (taking it again is free), so it cannot write
 *   outside it.
 *
 * - `recordBatch(parts)` does both for each part (a unit type each, every one of them in the one transaction) in as
 *   few statements as it can: it takes the parts' locks in `lockOrder` (whatever the order given: every process takes
 *   them in one order, so two batches cannot deadlock), and for each part reads under its lock the start (the
 *   totals, the records saved under its `keys`), lets its `judge` answer which of its `entries` to keep, and writes
 *   those. It answers each part's stored orders, in the order of `parts`. On PostgreSQL it guesses that all will be
 *   kept: one statement takes every lock, reads every start and, for each part with no key saved, writes every
 *   entry; then each `judge` runs (told which orders were written); if one keeps fewer, the effect fails with
 *   BatchGuessedWrong (see there). In memory nothing is written before a `judge` answers.
 *
 * Core decides (the checks, in arrival order, on totals that include the batch's earlier buys); the adapter never
 * judges a buy. Inside a transaction only.
 */
export class BuyJournal extends Context.Service<
  BuyJournal,
  {
    readonly openBatch: (unitType: UnitType, keys: ReadonlyArray<BuyKey>) => Effect.Effect<BuyBatchStart>
    readonly recordBuys: (
      unitType: UnitType,
      entries: ReadonlyArray<NewBuyEntry>,
    ) => Effect.Effect<ReadonlyArray<OrderRecord>, InsufficientUnits | InvalidTransfer | IdempotencyKeyTaken>
    readonly recordBatch: <E>(
      parts: ReadonlyArray<BuyBatchPart<E>>,
    ) => Effect.Effect<
      ReadonlyArray<ReadonlyArray<OrderRecord>>,
      E | BatchGuessedWrong | InsufficientUnits | InvalidTransfer | IdempotencyKeyTaken
    >
  }
>()("@landunits/core/orders/ports/BuyJournal") {
  /** In memory: the lock, the reads and the writes through the stores (the append checks its batch before it changes anything). */
  static readonly layerMemory = Layer.effect(BuyJournal)(
    Effect.gen(function* () {
      const uow = yield* UnitOfWork
      const ledger = yield* LedgerStore
      const orders = yield* OrderRepository
      const keys = yield* IdempotencyStore
      const openBatch = (unitType: UnitType, wanted: ReadonlyArray<BuyKey>) =>
        Effect.gen(function* () {
          yield* uow.lockUnitTypes([unitType])
          const saved: Array<IdempotencyRecord> = []
          for (const key of wanted) {
            const found = yield* keys.find(key.scope, key.idempotencyKey)
            if (Option.isSome(found)) saved.push(found.value)
          }
          return { totals: yield* ledger.totals(unitType), saved } satisfies BuyBatchStart
        })
      const recordBuys = (unitType: UnitType, entries: ReadonlyArray<NewBuyEntry>) =>
        Effect.gen(function* () {
          yield* uow.lockUnitTypes([unitType])
          if (
            entries.some((e) => e.unitType !== unitType || e.transfers.some((t) => t.unitType !== unitType))
          ) {
            return yield* Effect.die(new Error(`A batch of ${unitType} buys moves only ${unitType}`))
          }
          yield* ledger.append(entries.flatMap((e) => e.transfers))
          const stored: Array<OrderRecord> = []
          for (const entry of entries) {
            const order = yield* orders.insert(entry.order)
            yield* keys.save({ ...entry.key, response: order })
            stored.push(order)
          }
          return stored as ReadonlyArray<OrderRecord>
        })
      return BuyJournal.of({
        openBatch,
        recordBuys,
        // Judged before anything is written (nothing here can be taken back): the entries are the judge's to keep.
        recordBatch: (parts) =>
          Effect.gen(function* () {
            const stored = new Map<UnitType, ReadonlyArray<OrderRecord>>()
            for (const part of inLockOrder(parts)) {
              const kept = yield* part.judge(yield* openBatch(part.unitType, part.keys), new Set())
              stored.set(part.unitType, kept.length === 0 ? [] : yield* recordBuys(part.unitType, kept))
            }
            return parts.map((part) => stored.get(part.unitType)!)
          }),
      })
    }),
  )
}
