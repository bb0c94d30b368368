/**
 * The record building of the order commands: the clock, status transitions, a new order's id and base record,
 * its fees, discount and source bucket, and the transfers that release a buy's reservation. A service (one per
 * engine, provided inside OrderService.layer); the families that build records require it.
 */

import { Clock, Context, Effect, Layer, Option } from "effect"
import { ISSUANCE, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import type { PaymentMethod } from "../shared/Enums.ts"
import { type MemberId, OrderId } from "../shared/Ids.ts"
import { IdGenerator } from "../shared/ports/IdGenerator.ts"
import { UnknownReferenceCode } from "./OrderErrors.ts"
import type { NewOrderRecord, OrderRecord, PaymentMethodFees, SourceBucket } from "./OrderModel.ts"
import { byMember, type StatusCause, timelineEntry } from "./OrderTimeline.ts"
import { moveTo } from "./OrderTransitions.ts"
import { DiscountCodes } from "./ports/DiscountCodes.ts"

export const makeOrderRecords = Effect.gen(function* () {
  const prices = yield* PriceBook
  const discounts = yield* DiscountCodes
  const ids = yield* IdGenerator

  const now = Clock.currentTimeMillis
  const iso = (at: number) => new Date(at).toISOString()
  /** The order moved to `to` at `at` by `cause` (one timeline entry), or InvalidTransition. */
  const transition = (order: OrderRecord, to: OrderRecord["orderStatus"], at: number, cause: StatusCause) =>
    Effect.fromResult(moveTo(order, to, at, cause))

  const externalFeeOf = Effect.fnUntraced(function* (method: PaymentMethod) {
    if (method === "None") return { fixedCentsFees: 0, fixedPercentageFees: 0 } satisfies PaymentMethodFees
    return (yield* prices.externalFees)[method]
  })

  const findDiscount = Effect.fnUntraced(function* (code: string) {
    const found = yield* discounts.find(code)
    if (Option.isNone(found)) {
      return yield* new UnknownReferenceCode({ message: `The reference code ${code} is not valid` })
    }
    return found.value
  })

  const releaseDrafts = (order: OrderRecord): ReadonlyArray<TransferDraft> => [
    {
      unitType: order.currencyUnit.unitType,
      from: member(order.memberId, "pendingBuy"),
      to: ISSUANCE,
      units: order.currencyUnit.numberOfUnits,
    },
  ]

  const newOrderId = Effect.map(ids.next("ord"), OrderId.make)

  const baseRecord = (input: {
    readonly orderId: OrderId
    readonly memberId: MemberId
    readonly orderType: OrderRecord["orderType"]
    readonly currencyUnit: OrderRecord["currencyUnit"]
    readonly at: number
  }): NewOrderRecord => ({
    orderId: input.orderId,
    orderType: input.orderType,
    orderStatus: "Initiated",
    currencyUnit: input.currencyUnit,
    createdAt: iso(input.at),
    updatedAt: iso(input.at),
    memberId: input.memberId,
    // Placed by its member: every order is created by the member it belongs to.
    timeline: [timelineEntry(undefined, "Initiated", input.at, { actor: byMember(input.memberId) })],
  })

  const sourceOf = (isDoubleLand: boolean | undefined): SourceBucket =>
    isDoubleLand === true ? "owned_DOUBLE_LAND" : "owned"

  return {
    now,
    iso,
    transition,
    externalFeeOf,
    findDiscount,
    releaseDrafts,
    newOrderId,
    baseRecord,
    sourceOf,
  }
})

/** The OrderRecords service, made by `makeOrderRecords`. */
export class OrderRecords extends Context.Service<OrderRecords, Effect.Success<typeof makeOrderRecords>>()(
  "@landunits/core/orders/OrderRecords",
) {
  static readonly layer = Layer.effect(OrderRecords)(makeOrderRecords)
}
