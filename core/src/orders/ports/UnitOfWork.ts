import { Context, Effect, Layer, Semaphore } from "effect"
import { type UnitType, UnitTypes } from "../../shared/Enums.ts"

/**
 * The order-command locks of `unitTypes`, in the one order every implementation takes them (the order of
 * `UnitTypes`), without repeats. Two commands that each need two unit types (a convert A → B and another
 * B → A) therefore always queue for the same lock first and never deadlock.
 */
export const lockOrder = (unitTypes: Iterable<UnitType>): ReadonlyArray<UnitType> => {
  const wanted = new Set(unitTypes)
  return UnitTypes.filter((u) => wanted.has(u))
}

/**
 * True while a database transaction is open on this fiber: inside `UnitOfWork.transaction` (both
 * implementations say so) and inside any other transaction the adapters open (postgres/TransactionMarker.ts). A
 * port that leaves the process (a payment provider, a mail server) refuses to be called then
 * (OutsideTransaction.ts): its answer may take seconds, and every lock the transaction holds would wait on it.
 */
export const InTransaction = Context.Reference<boolean>("@landunits/core/orders/ports/InTransaction", {
  defaultValue: () => false,
})

/** What the in-memory unit of work exposes to tests: the unit types the running transaction has locked. */
export interface UnitOfWorkMemory {
  readonly unitOfWork: UnitOfWork["Service"]
  /** The unit types locked by the transaction now running, or `undefined` outside a transaction. */
  readonly heldLocks: () => ReadonlySet<UnitType> | undefined
}

/**
 * Port: runs one command as one unit of work, and takes the locks the command's checks need.
 *
 * - `transaction(effect)`: one database transaction in production, so a failed command writes nothing.
 * - `lockUnitTypes(unitTypes)`: inside a transaction, takes the order-command lock of each unit type (in
 *   `lockOrder`), held until the transaction ends. A command calls it before it reads anything its checks
 *   depend on (capacity, balances, the sales queue, an order's status) and before it writes Units, orders
 *   or payouts of those unit types; reads that change nothing and no check depends on (idempotency lookup,
 *   member standing, prices) come before it, outside the lock. Calling it outside a transaction is a bug
 *   (a defect): the lock would end at once.
 *
 * In memory, transactions run one at a time (a semaphore), so the locks are held trivially; the in-memory
 * unit of work records them so tests can check that every write is covered (`OrderHarness`).
 */
export class UnitOfWork extends Context.Service<
  UnitOfWork,
  {
    readonly transaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
    readonly lockUnitTypes: (unitTypes: ReadonlyArray<UnitType>) => Effect.Effect<void>
  }
>()("@landunits/core/orders/ports/UnitOfWork") {
  /** The in-memory unit of work and a view of the locks its running transaction holds. */
  static readonly makeMemory: Effect.Effect<UnitOfWorkMemory> = Effect.gen(function* () {
    const semaphore = yield* Semaphore.make(1)
    let held: Set<UnitType> | undefined
    const unitOfWork = UnitOfWork.of({
      transaction: (effect) =>
        semaphore.withPermit(
          Effect.acquireUseRelease(
            Effect.sync(() => {
              held = new Set()
            }),
            () => Effect.provideService(effect, InTransaction, true),
            () =>
              Effect.sync(() => {
                held = undefined
              }),
          ),
        ),
      lockUnitTypes: (unitTypes) =>
        Effect.suspend(() => {
          if (held === undefined) return Effect.die(new Error("lockUnitTypes outside a transaction"))
          for (const unitType of lockOrder(unitTypes)) held.add(unitType)
          return Effect.void
        }),
    })
    return { unitOfWork, heldLocks: () => held }
  })

  static readonly layerMemory = Layer.effect(UnitOfWork)(
    Effect.map(UnitOfWork.makeMemory, (memory) => memory.unitOfWork),
  )
}
