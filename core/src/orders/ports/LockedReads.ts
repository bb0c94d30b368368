import { Context, Effect, Layer, type Option } from "effect"
import { LedgerStore, type LedgerTotals } from "../../ledger/ports/LedgerStore.ts"
import type { UnitType } from "../../shared/Enums.ts"
import type { IdempotencyKey } from "../../shared/Ids.ts"
import { type IdempotencyRecord, IdempotencyStore } from "./IdempotencyStore.ts"
import { UnitOfWork } from "./UnitOfWork.ts"

/** What a new buy reads once it holds its unit type's lock. */
export interface BuyReads {
  /** The unit type's ledger totals, with everything the lock's previous holder committed. */
  readonly totals: LedgerTotals
  /** The first result already saved under the command's idempotency key, if any. */
  readonly existing: Option.Option<IdempotencyRecord>
}

/**
 * Port: takes a unit type's order-command lock (as `UnitOfWork.lockUnitTypes([unitType])`) and answers what a
 * new buy reads under it: the unit type's ledger totals (its capacity check) and the record saved under the
 * command's idempotency key. The PostgreSQL adapter does all three in one round trip, where they were three:
 * every statement of a buy costs both processes a wake-up, and that, not the work, is most of a buy's cost
 * (docs/benchmarks.md). Inside a transaction only, as the lock.
 */
export class LockedReads extends Context.Service<
  LockedReads,
  {
    readonly lockThenRead: (
      unitType: UnitType,
      key: { readonly scope: string; readonly idempotencyKey: IdempotencyKey },
    ) => Effect.Effect<BuyReads>
  }
>()("@landunits/core/orders/ports/LockedReads") {
  /** In memory: the unit of work's lock, then the ledger's totals and the key's record. */
  static readonly layerMemory = Layer.effect(LockedReads)(
    Effect.gen(function* () {
      const uow = yield* UnitOfWork
      const ledger = yield* LedgerStore
      const idempotency = yield* IdempotencyStore
      return LockedReads.of({
        lockThenRead: (unitType, key) =>
          Effect.andThen(
            uow.lockUnitTypes([unitType]),
            Effect.all({
              totals: ledger.totals(unitType),
              existing: idempotency.find(key.scope, key.idempotencyKey),
            }),
          ),
      })
    }),
  )
}
