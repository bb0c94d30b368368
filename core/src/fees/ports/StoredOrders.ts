import { Context, Effect, Layer } from "effect"
import type { OrderRecord } from "../../orders/OrderModel.ts"

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
      page: ({ afterSequence, limit, createdFrom, createdBefore }) =>
        Effect.sync(() =>
          orders.current
            .filter((o) => {
              const at = Date.parse(o.createdAt)
              return (
                o.sequence > afterSequence &&
                (createdFrom === undefined || at >= createdFrom) &&
                (createdBefore === undefined || at < createdBefore)
              )
            })
            .toSorted((a, b) => a.sequence - b.sequence)
            .slice(0, limit),
        ),
    })
}
