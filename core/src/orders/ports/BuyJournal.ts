import { Context, Effect, Layer, Option } from "effect"
import type { InsufficientUnits, InvalidTransfer } from "../../ledger/LedgerErrors.ts"
import type { Transfer } from "../../ledger/LedgerModel.ts"
import { LedgerStore, type LedgerTotals } from "../../ledger/ports/LedgerStore.ts"
import type { UnitType } from "../../shared/Enums.ts"
import type { NewOrderRecord, OrderRecord } from "../OrderModel.ts"
import type { IdempotencyKeyTaken, IdempotencyRecord } from "./IdempotencyStore.ts"
import { IdempotencyStore } from "./IdempotencyStore.ts"
import { OrderRepository } from "./OrderRepository.ts"
import { UnitOfWork } from "./UnitOfWork.ts"

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

/** What `recordBuy` did: recorded the buy, or found the key's first result and wrote nothing. */
export type BuyRecorded =
  | { readonly _tag: "Recorded"; readonly order: OrderRecord }
  | { readonly _tag: "Repeated"; readonly existing: IdempotencyRecord }

/**
 * Port: a new buy, all of it under its unit type's lock: takes the lock (as `UnitOfWork.lockUnitTypes`), reads the
 * key (a record saved under it answers `Repeated` and nothing is written), reads the unit type's ledger totals, runs
 * `check` on them, and records the order, its transfers and its key, all or nothing.
 *
 * Where the check runs differs, and the caller must allow for both. In memory, where nothing can be taken back,
 * it runs before the write: a refusal writes nothing. On PostgreSQL the lock, the reads and the write are one
 * statement (a buy's cost is mostly its statements: docs/benchmarks.md), so the check runs after the write, on the
 * totals read before it: a refusal fails this effect, and the command's transaction, which must end with that
 * failure, rolls the write back. So `check` judges the totals it is given, and when it reads more (the member's
 * orders, the LU2X buys), it must not count the new order, which may already be there (exclude it by id).
 *
 * The rest as the three ports it writes to: the batch is checked as `LedgerStore.append` checks it
 * (InsufficientUnits, InvalidTransfer), the order gets its sequence as `OrderRepository.insert` gives it, and a key
 * saved meanwhile by a command holding another lock fails with IdempotencyKeyTaken. Inside a transaction only.
 */
export class BuyJournal extends Context.Service<
  BuyJournal,
  {
    readonly recordBuy: <E>(
      entry: NewBuyEntry,
      check: (totals: LedgerTotals) => Effect.Effect<void, E>,
    ) => Effect.Effect<BuyRecorded, E | InsufficientUnits | InvalidTransfer | IdempotencyKeyTaken>
  }
>()("@landunits/core/orders/ports/BuyJournal") {
  /** In memory: lock, key, totals, the check, then the write (the append checks its batch before it changes anything). */
  static readonly layerMemory = Layer.effect(BuyJournal)(
    Effect.gen(function* () {
      const uow = yield* UnitOfWork
      const ledger = yield* LedgerStore
      const orders = yield* OrderRepository
      const keys = yield* IdempotencyStore
      return BuyJournal.of({
        recordBuy: (entry, check) =>
          Effect.gen(function* () {
            yield* uow.lockUnitTypes([entry.unitType])
            const existing = yield* keys.find(entry.key.scope, entry.key.idempotencyKey)
            if (Option.isSome(existing))
              return { _tag: "Repeated", existing: existing.value } satisfies BuyRecorded
            yield* check(yield* ledger.totals(entry.unitType))
            yield* ledger.append(entry.transfers)
            const stored = yield* orders.insert(entry.order)
            yield* keys.save({ ...entry.key, response: stored })
            return { _tag: "Recorded", order: stored } satisfies BuyRecorded
          }),
      })
    }),
  )
}
