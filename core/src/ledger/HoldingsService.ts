import { Context, Effect, Layer } from "effect"
import { subtotalCents } from "../fees/Fees.ts"
import type { OrderNotFound } from "../orders/OrderErrors.ts"
import type { OrderRecord } from "../orders/OrderModel.ts"
import { RESERVING_BUY_STATUSES } from "../orders/OrderTransitions.ts"
import { notFound, OrderRepository } from "../orders/ports/OrderRepository.ts"
import type { ProjectTotals } from "../pricing/PricingModel.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { type UnitType, UnitTypes } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { holdingOf, type OrderCost, projectTotalsOf } from "./Holdings.ts"
import type { UnitHolding } from "./LedgerModel.ts"
import { LedgerStore } from "./ports/LedgerStore.ts"
import { type TransfersWithOrders, transferWithoutOrder } from "./TransfersWithOrders.ts"

/** The price at which an order brought Units of `unitType`: a convert's target side is priced by its convert part. */
export const orderCost = (order: OrderRecord, unitType: UnitType): OrderCost =>
  order.convert !== undefined &&
  order.convert.unitType === unitType &&
  order.currencyUnit.unitType !== unitType
    ? { pricePerUnit: order.convert.pricePerUnit, isDoubleLand: false }
    : { pricePerUnit: order.currencyUnit.pricePerUnit, isDoubleLand: order.currencyUnit.isDoubleLand }

/** The LU2X buys that count against the cap: reserved, approved or completed. */
export const COUNTED_DOUBLE_LAND_STATUSES = [...RESERVING_BUY_STATUSES, "Approved", "Completed"] as const

/** Read side of the ledger: a member's holdings and the project totals of a unit type. */
export class HoldingsService extends Context.Service<
  HoldingsService,
  {
    /** The member's holding of every unit type (spec §3), in the order of UnitTypes. */
    readonly holdings: (memberId: MemberId) => Effect.Effect<ReadonlyArray<UnitHolding>, OrderNotFound>
    /**
     * The same holdings from records already read (SignedInMembers): the member's transfers and the orders behind
     * them. OrderNotFound names a transfer's order that is not among them.
     */
    readonly holdingsFrom: (
      memberId: MemberId,
      records: TransfersWithOrders,
    ) => Effect.Effect<ReadonlyArray<UnitHolding>, OrderNotFound>
    readonly projectTotals: (unitType: UnitType) => Effect.Effect<ProjectTotals>
    /**
     * The full-price value, in cents, of the LU2X buys of `unitType` that count against the LU2X cap; `excluding`
     * leaves those orders out (a batch of buys written before it is judged: BuyBatches.ts).
     */
    readonly doubleLandBoughtCents: (
      unitType: UnitType,
      excluding?: ReadonlySet<OrderId>,
    ) => Effect.Effect<number>
  }
>()("@landunits/core/ledger/HoldingsService") {
  static readonly layer = Layer.effect(HoldingsService)(
    Effect.gen(function* () {
      const store = yield* LedgerStore
      const orders = yield* OrderRepository
      const prices = yield* PriceBook

      const holdingsFrom = Effect.fn("HoldingsService.holdingsFrom")(function* (
        memberId: MemberId,
        records: TransfersWithOrders,
      ) {
        const missing = transferWithoutOrder(records)
        if (missing !== undefined) return yield* Effect.fail(notFound(missing.orderId))
        const { transfers } = records
        const byId = new Map<OrderId, OrderRecord>()
        for (const order of records.orders) byId.set(order.orderId, order)
        const result: Array<UnitHolding> = []
        for (const unitType of UnitTypes) {
          // A unit type the member never moved holds nothing, worth nothing at any price, so its price is not
          // read: an installation may not have priced every unit type yet (PriceBook.pricedUnitTypes).
          const moved = transfers.some((t) => t.unitType === unitType)
          result.push(
            holdingOf({
              memberId,
              unitType,
              transfers,
              costOf: (orderId, type) => orderCost(byId.get(orderId)!, type),
              pricePerUnitToday: moved ? (yield* prices.unitPrice(unitType)).pricePerUnit : 0,
            }),
          )
        }
        return result
      })

      const holdings = Effect.fn("HoldingsService.holdings")(function* (memberId: MemberId) {
        const transfers = yield* store.transfersByMember(memberId)
        // Every order behind the member's transfers in one read: the statements do not grow with the orders.
        const behind = yield* orders.getMany([...new Set(transfers.map((t) => t.orderId))])
        return yield* holdingsFrom(memberId, { transfers, orders: behind })
      })

      const doubleLandBoughtCents = Effect.fnUntraced(function* (
        unitType: UnitType,
        excluding: ReadonlySet<OrderId> = new Set(),
      ) {
        const doubleLand = yield* orders.find({
          orderType: "BUY",
          unitType,
          isDoubleLand: true,
          statuses: COUNTED_DOUBLE_LAND_STATUSES,
        })
        return doubleLand.reduce(
          (sum, o) =>
            excluding.has(o.orderId)
              ? sum
              : sum + subtotalCents(o.currencyUnit.numberOfUnits, o.currencyUnit.pricePerUnit, false),
          0,
        )
      })

      const projectTotals = Effect.fn("HoldingsService.projectTotals")(function* (unitType: UnitType) {
        const totals = yield* store.totals(unitType)
        const land = yield* prices.landLimits(unitType)
        return projectTotalsOf(totals, land, yield* doubleLandBoughtCents(unitType))
      })

      return HoldingsService.of({ holdings, holdingsFrom, projectTotals, doubleLandBoughtCents })
    }),
  )
}
