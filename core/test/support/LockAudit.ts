/**
 * Checks, in memory, the rule the PostgreSQL unit of work relies on: inside a command's transaction, every
 * read a check depends on (ledger totals and balances, the orders of a unit type) and every write (ledger
 * transfers, orders, payouts) touches only unit types the command has locked (`UnitOfWork.lockUnitTypes`).
 * A command that forgets a lock dies with the name of what it touched, so every engine test and the
 * model-based properties catch it. Outside a transaction (tests seeding state, read-only queries) nothing is
 * checked.
 */
import { Effect, Layer } from "effect"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "../../src/orders/ports/PayoutRepository.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { UnitTypes } from "../../src/shared/Enums.ts"

export type HeldLocks = () => ReadonlySet<UnitType> | undefined

/** Dies when a transaction is running and has not locked every one of `unitTypes`. */
export const requireLocks = (held: HeldLocks, what: string, unitTypes: Iterable<UnitType>) =>
  Effect.suspend(() => {
    const locks = held()
    if (locks === undefined) return Effect.void
    for (const unitType of unitTypes) {
      if (!locks.has(unitType)) return Effect.die(new Error(`${what} of ${unitType} without its lock`))
    }
    return Effect.void
  })

const orderUnitTypes = (order: Pick<OrderRecord, "currencyUnit" | "convert">): ReadonlyArray<UnitType> =>
  order.convert === undefined
    ? [order.currencyUnit.unitType]
    : [order.currencyUnit.unitType, order.convert.unitType]

/** The in-memory ledger, orders and payouts, each access checked against the locks `held` reports. */
export const lockAuditedStores = (held: HeldLocks) => {
  const need = (what: string, unitTypes: Iterable<UnitType>) => requireLocks(held, what, unitTypes)
  const ledger = Layer.effect(LedgerStore)(
    Effect.map(Effect.service(LedgerStore), (inner) =>
      LedgerStore.of({
        ...inner,
        append: (batch) =>
          Effect.andThen(
            need(
              "a ledger append",
              batch.map((t) => t.unitType),
            ),
            inner.append(batch),
          ),
        balance: (unitType, account) =>
          Effect.andThen(need("a balance read", [unitType]), inner.balance(unitType, account)),
        totals: (unitType) => Effect.andThen(need("a totals read", [unitType]), inner.totals(unitType)),
      }),
    ),
  ).pipe(Layer.provide(LedgerStore.layerMemory))
  const orders = Layer.effect(OrderRepository)(
    Effect.map(Effect.service(OrderRepository), (inner) =>
      OrderRepository.of({
        ...inner,
        insert: (order) =>
          Effect.andThen(need("an order insert", orderUnitTypes(order)), inner.insert(order)),
        update: (order) =>
          Effect.andThen(need("an order update", orderUnitTypes(order)), inner.update(order)),
        // A search is what a check reads: the orders of one unit type, or of every one.
        find: (filter) =>
          Effect.andThen(
            need("an order search", filter.unitType === undefined ? UnitTypes : [filter.unitType]),
            inner.find(filter),
          ),
      }),
    ),
  ).pipe(Layer.provide(OrderRepository.layerMemory))
  const payouts = Layer.effect(PayoutRepository)(
    Effect.map(Effect.service(PayoutRepository), (inner) =>
      PayoutRepository.of({
        ...inner,
        insert: (list) =>
          Effect.andThen(
            need(
              "a payout insert",
              list.map((p) => p.unitType),
            ),
            inner.insert(list),
          ),
        update: (payout) => Effect.andThen(need("a payout update", [payout.unitType]), inner.update(payout)),
      }),
    ),
  ).pipe(Layer.provide(PayoutRepository.layerMemory))
  return Layer.mergeAll(ledger, orders, payouts)
}
