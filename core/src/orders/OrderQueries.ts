/**
 * The order reads: one order of the member's, their orders and received transfers paged, their payouts (all, or
 * one order's, issue 38), the sales queue with each sell's standing (issue 24), and where a sale placed now would
 * stand (the sell review).
 */
import { Clock, Effect } from "effect"
import { sellQueuedUnits } from "../fees/Fees.ts"
import type { PriceBook } from "../pricing/ports/PriceBook.ts"
import { Durations } from "../shared/Constants.ts"
import type { UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { type MemberPayout, memberPayout, payoutsOfOrder } from "./MemberPayouts.ts"
import { OrderNotFound, SellNotAboveFee } from "./OrderErrors.ts"
import type { OrderRecord, TransactionFilters } from "./OrderModel.ts"
import { QUEUED_SELL_STATUSES } from "./OrderTransitions.ts"
import type { OrderRepository } from "./ports/OrderRepository.ts"
import type { PayoutRepository } from "./ports/PayoutRepository.ts"
import {
  type ConfirmedBuy,
  newSaleStanding,
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
  prices: PriceBook["Service"],
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

  /** One order the member placed, or a transfer they received (its page links from their history). */
  const getOrder = (memberId: MemberId, orderId: OrderId): Effect.Effect<OrderRecord, OrderNotFound> =>
    Effect.flatMap(orders.get(orderId), (order) =>
      order.memberId === memberId || order.recipientMemberId === memberId
        ? Effect.succeed(order)
        : Effect.fail(new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })),
    )

  return {
    getOrder,
    transactions: (memberId: MemberId, filters: TransactionFilters) =>
      Effect.map(orders.find({ involving: memberId }), (found) => transactionPage(found, filters)),
    payouts: (memberId: MemberId) => payoutRepo.find({ memberId }),
    /** Every payout owed or paid to the member, oldest first, as the member reads them. */
    memberPayouts: (memberId: MemberId): Effect.Effect<ReadonlyArray<MemberPayout>> =>
      Effect.map(payoutRepo.find({ memberId }), (found) => found.map(memberPayout)),
    /**
     * The payouts of one order of the member's, whatever its type (a sale's slices; any order paid back through
     * the payout steps), oldest first; OrderNotFound for an order that is not theirs, as for a missing one.
     */
    orderPayouts: (
      memberId: MemberId,
      orderId: OrderId,
    ): Effect.Effect<ReadonlyArray<MemberPayout>, OrderNotFound> =>
      Effect.flatMap(getOrder(memberId, orderId), () =>
        Effect.map(payoutRepo.find(payoutsOfOrder(memberId, orderId)), (found) => found.map(memberPayout)),
      ),
    /**
     * Where a sale of `numberOfUnits` placed now would stand (the sell review): behind every queued sell of its
     * unit type, with N − today's sale fee Units of its own, and when it may be all sold. SellNotAboveFee for
     * N ≤ fee, as the sell itself.
     */
    saleEstimate: (
      unitType: UnitType,
      numberOfUnits: number,
    ): Effect.Effect<SaleQueueStanding, SellNotAboveFee> =>
      Effect.gen(function* () {
        const feeUnits = (yield* prices.unitPrice(unitType)).sellOrderTransactionFeeInUnits
        if (numberOfUnits <= feeUnits) {
          return yield* new SellNotAboveFee({
            message: `A sell must be more than its fee of ${feeUnits} Units`,
            feeUnits,
          })
        }
        const queuedUnits = sellQueuedUnits(numberOfUnits, feeUnits)
        const now = yield* Clock.currentTimeMillis
        const queue = yield* queueOf(unitType)
        const buys = yield* recentBuys(unitType, now)
        return newSaleStanding({ queue, remaining: queuedUnits, buys, now })
      }),
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
