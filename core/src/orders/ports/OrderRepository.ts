import { Context, Effect, Layer } from "effect"
import type { OrderStatus, OrderType, UnitType } from "../../shared/Enums.ts"
import type { MemberId, OrderId } from "../../shared/Ids.ts"
import { OrderNotFound } from "../OrderErrors.ts"
import type { NewOrderRecord, OrderRecord } from "../OrderModel.ts"

/** Which orders to find; every given field must match. */
export interface OrderFilter {
  readonly memberId?: MemberId
  /** Orders of this member or transfers they received. */
  readonly involving?: MemberId
  readonly orderType?: OrderType
  readonly unitType?: UnitType
  readonly statuses?: ReadonlyArray<OrderStatus>
  readonly isDoubleLand?: boolean
  /** Orders last updated at or after this instant (ISO 8601, UTC, as `updatedAt` is written). */
  readonly updatedSince?: string
}

const matches = (order: OrderRecord, filter: OrderFilter): boolean =>
  (filter.memberId === undefined || order.memberId === filter.memberId) &&
  (filter.involving === undefined ||
    order.memberId === filter.involving ||
    order.recipientMemberId === filter.involving) &&
  (filter.orderType === undefined || order.orderType === filter.orderType) &&
  (filter.unitType === undefined || order.currencyUnit.unitType === filter.unitType) &&
  (filter.statuses === undefined || filter.statuses.includes(order.orderStatus)) &&
  (filter.isDoubleLand === undefined || order.currencyUnit.isDoubleLand === filter.isDoubleLand) &&
  (filter.updatedSince === undefined || order.updatedAt >= filter.updatedSince)

export const notFound = (orderId: string) =>
  new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })

/**
 * Port: where orders are kept. `insert` gives the order its sequence (strictly increasing: the sales
 * queue's first-in-first-out order); `find` returns orders by ascending sequence.
 */
export class OrderRepository extends Context.Service<
  OrderRepository,
  {
    readonly insert: (order: NewOrderRecord) => Effect.Effect<OrderRecord>
    readonly update: (order: OrderRecord) => Effect.Effect<void, OrderNotFound>
    readonly get: (orderId: OrderId) => Effect.Effect<OrderRecord, OrderNotFound>
    /**
     * The orders with these ids, by ascending sequence, each once, in one read however many there are
     * (none for no ids); OrderNotFound names the first id that is not stored.
     */
    readonly getMany: (
      orderIds: ReadonlyArray<OrderId>,
    ) => Effect.Effect<ReadonlyArray<OrderRecord>, OrderNotFound>
    readonly find: (filter: OrderFilter) => Effect.Effect<ReadonlyArray<OrderRecord>>
  }
>()("@landunits/core/orders/ports/OrderRepository") {
  static readonly layerMemory = Layer.effect(OrderRepository)(
    Effect.sync(() => {
      const orders = new Map<string, OrderRecord>()
      let sequence = 0
      return OrderRepository.of({
        insert: (order) =>
          Effect.sync(() => {
            sequence += 1
            const stored: OrderRecord = { ...order, sequence }
            orders.set(order.orderId, stored)
            return stored
          }),
        update: (order) =>
          Effect.suspend(() => {
            if (!orders.has(order.orderId)) return Effect.fail(notFound(order.orderId))
            orders.set(order.orderId, order)
            return Effect.void
          }),
        get: (orderId) =>
          Effect.suspend(() => {
            const order = orders.get(orderId)
            return order === undefined ? Effect.fail(notFound(orderId)) : Effect.succeed(order)
          }),
        getMany: (orderIds) =>
          Effect.suspend(() => {
            const found = new Map<string, OrderRecord>()
            for (const orderId of orderIds) {
              const order = orders.get(orderId)
              if (order === undefined) return Effect.fail(notFound(orderId))
              found.set(orderId, order)
            }
            return Effect.succeed([...found.values()].sort((a, b) => a.sequence - b.sequence))
          }),
        find: (filter) =>
          Effect.sync(() =>
            [...orders.values()].filter((o) => matches(o, filter)).sort((a, b) => a.sequence - b.sequence),
          ),
      })
    }),
  )
}
