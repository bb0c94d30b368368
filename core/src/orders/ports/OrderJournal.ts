import { Context, Effect, Layer, Option } from "effect"
import type { InsufficientUnits, InvalidTransfer } from "../../ledger/LedgerErrors.ts"
import type { Transfer } from "../../ledger/LedgerModel.ts"
import { LedgerStore } from "../../ledger/ports/LedgerStore.ts"
import type { NewOrderRecord, OrderRecord } from "../OrderModel.ts"
import { IdempotencyKeyTaken, type IdempotencyRecord, IdempotencyStore } from "./IdempotencyStore.ts"
import { OrderRepository } from "./OrderRepository.ts"

/** What a command that creates an order writes at its end. */
export interface NewOrderEntry {
  /** The order, without its sequence (the journal gives it one, as OrderRepository.insert does). */
  readonly order: NewOrderRecord
  /** The ledger transfers the order causes (ids and instant assigned), appended as one checked batch. */
  readonly transfers: ReadonlyArray<Transfer>
  /** The command's idempotency record; its response is the stored order (with its sequence). */
  readonly key: Omit<IdempotencyRecord, "response">
}

/**
 * Port: records a new order, the ledger transfers it causes and its command's idempotency record, all or
 * nothing, as the last write of the command (so the PostgreSQL adapter makes it one statement, inside the
 * command's unit of work, where the three separate writes were three round trips).
 *
 * The same rules as the three ports it writes to: the batch is checked as `LedgerStore.append` checks it
 * (InsufficientUnits, InvalidTransfer), the order gets its sequence as `OrderRepository.insert` gives it,
 * and a key already saved fails with IdempotencyKeyTaken. On any failure nothing is written.
 */
export class OrderJournal extends Context.Service<
  OrderJournal,
  {
    readonly recordNew: (
      entry: NewOrderEntry,
    ) => Effect.Effect<OrderRecord, InsufficientUnits | InvalidTransfer | IdempotencyKeyTaken>
  }
>()("@landunits/core/orders/ports/OrderJournal") {
  /** In memory: over the in-memory ledger, orders and keys, every check made before the first write. */
  static readonly layerMemory = Layer.effect(OrderJournal)(
    Effect.gen(function* () {
      const ledger = yield* LedgerStore
      const orders = yield* OrderRepository
      const keys = yield* IdempotencyStore
      return OrderJournal.of({
        recordNew: Effect.fnUntraced(function* (entry: NewOrderEntry) {
          if (Option.isSome(yield* keys.find(entry.key.scope, entry.key.idempotencyKey))) {
            return yield* new IdempotencyKeyTaken({
              scope: entry.key.scope,
              idempotencyKey: entry.key.idempotencyKey,
            })
          }
          // The append checks its batch before it changes anything; the two writes after it cannot fail.
          yield* ledger.append(entry.transfers)
          const stored = yield* orders.insert(entry.order)
          yield* keys.save({ ...entry.key, response: stored })
          return stored
        }),
      })
    }),
  )
}
