import { Context, Effect, Layer } from "effect"
import { LedgerStore, type LedgerTotals } from "../../ledger/ports/LedgerStore.ts"
import type { UnitType } from "../../shared/Enums.ts"
import { UnitOfWork } from "./UnitOfWork.ts"

/**
 * Port: takes a unit type's order-command lock (as `UnitOfWork.lockUnitTypes([unitType])`) and answers the
 * unit type's ledger totals read after it, so they include everything the lock's previous holder committed.
 * For a command whose first locked read is the capacity check (a new buy): the PostgreSQL adapter does both
 * in one round trip inside the serial section, where they were two. Inside a transaction only, as the lock.
 */
export class LockedTotals extends Context.Service<
  LockedTotals,
  {
    readonly lockThenRead: (unitType: UnitType) => Effect.Effect<LedgerTotals>
  }
>()("@landunits/core/orders/ports/LockedTotals") {
  /** In memory: the unit of work's lock, then the ledger's totals. */
  static readonly layerMemory = Layer.effect(LockedTotals)(
    Effect.gen(function* () {
      const uow = yield* UnitOfWork
      const ledger = yield* LedgerStore
      return LockedTotals.of({
        lockThenRead: (unitType) => Effect.andThen(uow.lockUnitTypes([unitType]), ledger.totals(unitType)),
      })
    }),
  )
}
