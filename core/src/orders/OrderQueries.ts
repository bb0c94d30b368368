/**
 * The order reads: one order of the member's, their orders and received transfers paged, their payouts, and
 * the sales queue with each sell's standing (issue 24).
 */
import { Clock, Effect } from "effect"
import { Durations } from "../shared/Constants.ts"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { OrderNotFound } from "./OrderErrors.ts"
import type { OrderRecord, TransactionFilters } from "./OrderModel.ts"
import { QUEUED_SELL_STATUSES } from "./OrderTransitions.ts"
import type { OrderRepository } from "./ports/OrderRepository.ts"
import type { PayoutRepository } from "./ports/PayoutRepository.ts"
import {
  type ConfirmedBuy,
  QUEUE_HISTORY_DAYS,
  type SaleQueueStanding,
  saleQueueStanding,
} from "./SaleQueuePosition.ts"
import { type QueuedSell, remainingInQueue } from "./SalesQueue.ts"
import { transactionPage } from "./Transactions.ts"

/** A queued sell with its standing, oldest first (the CLI's `sales-queue show`). */
export interface QueueRow {
  readonly order: OrderRecord
  readonly standing: SaleQueueStanding
}

export const makeOrderQueries = (
  orders: OrderRepository["Service"],
  payoutRepo: PayoutRepository["Service"],
) => {
  const queueOf = (unitType: UnitType) =>
    Effect.map(
      orders.find({ orderType: "SELL", unitType, statuses: QUEUED_SELL_STATUSES }),
      (sells): ReadonlyArray<QueuedSell> =>
        sells.map((o) => ({
          orderId: o.orderId,
          memberId: o.memberId,
          sequence: o.sequence,
          remaining: o.sell === undefined ? 0 : remainingInQueue(o.sell),
        })),
    )

  /**
   * The confirmed buys of `unitType` that took Units from the queue's side (not LU2X) in the last 30 days:
   * each at its confirmation (its Approved entry; a buy Completed at once was Approved the same instant).
   */
  const recentBuys = (unitType: UnitType, now: number) =>
    Effect.map(
      // A buy confirmed in the window was updated at its confirmation or later: only those are read.
      orders.find({
        orderType: "BUY",
        unitType,
        statuses: ["Approved", "Completed"],
        isDoubleLand: false,
        updatedSince: new Date(now - QUEUE_HISTORY_DAYS * Durations.DAY).toISOString(),
      }),
      (buys): ReadonlyArray<ConfirmedBuy> =>
        buys.flatMap((o) => {
          const approved = o.timeline.find((t) => t.to === "Approved")
          return approved === undefined || approved.at <= now - QUEUE_HISTORY_DAYS * Durations.DAY
            ? []
            : [{ at: approved.at, units: o.currencyUnit.numberOfUnits }]
        }),
    )

  const standingsOf = (unitType: UnitType) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const queue = yield* queueOf(unitType)
      const buys = yield* recentBuys(unitType, now)
      return (orderId: OrderId) => saleQueueStanding({ queue, orderId, buys, now })
    })

  return {
    /** One order the member placed, or a transfer they received (its page links from their history). */
    getOrder: (memberId: MemberId, orderId: OrderId): Effect.Effect<OrderRecord, OrderNotFound> =>
      Effect.flatMap(orders.get(orderId), (order) =>
        order.memberId === memberId || order.recipientMemberId === memberId
          ? Effect.succeed(order)
          : Effect.fail(new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })),
      ),
    transactions: (memberId: MemberId, filters: TransactionFilters) =>
      Effect.map(orders.find({ involving: memberId }), (found) => transactionPage(found, filters)),
    payouts: (memberId: MemberId) => payoutRepo.find({ memberId }),
    /** A sell order's standing in its queue; undefined for any other order or a sell with nothing queued. */
    queueStanding: (order: OrderRecord): Effect.Effect<SaleQueueStanding | undefined> =>
      order.orderType !== "SELL" ||
      order.sell === undefined ||
      !(QUEUED_SELL_STATUSES as ReadonlyArray<string>).includes(order.orderStatus) ||
      remainingInQueue(order.sell) <= 0
        ? Effect.succeed(undefined)
        : Effect.map(standingsOf(order.currencyUnit.unitType), (standing) => standing(order.orderId)),
    /** Every queued sell with Units left, oldest first per unit type, each with its standing. */
    salesQueue: (unitTypes: ReadonlyArray<UnitType>): Effect.Effect<ReadonlyArray<QueueRow>> =>
      Effect.map(
        Effect.forEach(unitTypes, (unitType) =>
          Effect.gen(function* () {
            const standing = yield* standingsOf(unitType)
            const sells = yield* orders.find({ orderType: "SELL", unitType, statuses: QUEUED_SELL_STATUSES })
            return sells.flatMap((order) => {
              const found = standing(order.orderId)
              return found === undefined ? [] : [{ order, standing: found }]
            })
          }),
        ),
        (rows) => rows.flat(),
      ),
  }
}
