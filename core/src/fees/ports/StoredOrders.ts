import { Context, Effect, Layer } from "effect"
import type { OrderRecord } from "../../orders/OrderModel.ts"
import { OrderRepository } from "../../orders/ports/OrderRepository.ts"

/** Which page of the stored orders: those after a sequence, created in an optional range of instants. */
export interface OrdersPage {
  /** Orders whose sequence is above this (0 for the first page). */
  readonly afterSequence: number
  readonly limit: number
  /** Created at or after this instant (epoch ms). */
  readonly createdFrom?: number | undefined
  /** Created before this instant (epoch ms). */
  readonly createdBefore?: number | undefined
}

/** The page of `orders` (any order) that `page` names, by ascending sequence. */
const pageOf = (
  orders: ReadonlyArray<OrderRecord>,
  { afterSequence, limit, createdFrom, createdBefore }: OrdersPage,
): ReadonlyArray<OrderRecord> =>
  orders
    .filter((o) => {
      const at = Date.parse(o.createdAt)
      return (
        o.sequence > afterSequence &&
        (createdFrom === undefined || at >= createdFrom) &&
        (createdBefore === undefined || at < createdBefore)
      )
    })
    .toSorted((a, b) => a.sequence - b.sequence)
    .slice(0, limit)

/**
 * Port: every stored order, a page at a time by ascending sequence (the fee replay, `landunits audit fees`). Each
 * page is one read of its own: nothing is held open between pages, so a replay of any size leaves the app's
 * writes unblocked. Implemented by adapters/src/postgres/StoredOrdersPg.ts.
 */
export class StoredOrders extends Context.Service<
  StoredOrders,
  {
    readonly page: (page: OrdersPage) => Effect.Effect<ReadonlyArray<OrderRecord>>
  }
>()("@landunits/core/fees/ports/StoredOrders") {
  /** In memory over a list the caller owns. */
  static readonly layerMemory = (orders: { current: ReadonlyArray<OrderRecord> }) =>
    Layer.succeed(StoredOrders)({
      page: (page) => Effect.sync(() => pageOf(orders.current, page)),
    })

  /** In memory over the orders an OrderRepository holds (its memory layer: the contract's reference). */
  static readonly layerFromRepository = Layer.effect(StoredOrders)(
    Effect.gen(function* () {
      const repository = yield* OrderRepository
      return StoredOrders.of({
        page: (page) => Effect.map(repository.find({}), (orders) => pageOf(orders, page)),
      })
    }),
  )
}
