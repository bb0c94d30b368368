import type { OrderRecord } from "../orders/OrderModel.ts"
import type { Transfer } from "./LedgerModel.ts"

/**
 * A member's transfers and every order behind them, theirs or another member's (a buy that took the member's
 * Units on sale): what their holdings are computed from (HoldingsService.holdingsFrom).
 */
export interface TransfersWithOrders {
  readonly transfers: ReadonlyArray<Transfer>
  readonly orders: ReadonlyArray<OrderRecord>
}

/** The first transfer whose order is not among the orders, if any: a broken ledger. */
export const transferWithoutOrder = (records: TransfersWithOrders): Transfer | undefined => {
  const stored = new Set(records.orders.map((o) => o.orderId))
  return records.transfers.find((t) => !stored.has(t.orderId))
}
