/**
 * What a member may still do with one of their orders (the order page, the dashboard's "Finish paying"):
 * pay an unpaid buy, cancel an unpaid buy or the unsold rest of a sale. Plain values, no schema, so a page
 * reads them without loading Effect's Schema; the statuses are those of the transition table
 * (OrderTransitions.ts), and core's tests hold the two in step.
 */
import type { OrderStatus, OrderType } from "../shared/EnumValues.ts"

/** A buy in these statuses is unpaid: its payment can still be made (EXPIRING_BUY_STATUSES). */
export const UNPAID_BUY_STATUSES = ["Initiated", "InProcess"] as const satisfies ReadonlyArray<OrderStatus>

/** A sell in these statuses still has Units in the sales queue (QUEUED_SELL_STATUSES). */
const QUEUED_SELL = ["InProcess", "PartialComplete"] as const satisfies ReadonlyArray<OrderStatus>

interface OrderState {
  readonly orderType: OrderType
  readonly orderStatus: OrderStatus
}

/** A buy still waiting for the member's payment. */
export const isUnpaidBuy = (order: OrderState): boolean =>
  order.orderType === "BUY" && (UNPAID_BUY_STATUSES as ReadonlyArray<OrderStatus>).includes(order.orderStatus)

/**
 * What "cancel" does for this order, if the member may cancel it: "order" (an unpaid buy: its reserved
 * Units are released) or "unsoldRest" (a sale's Units still in the queue come back), else undefined.
 * Only the sell's own member may cancel; a received transfer cannot be cancelled.
 */
export const memberCancel = (order: OrderState): "order" | "unsoldRest" | undefined =>
  isUnpaidBuy(order)
    ? "order"
    : order.orderType === "SELL" && (QUEUED_SELL as ReadonlyArray<OrderStatus>).includes(order.orderStatus)
      ? "unsoldRest"
      : undefined
