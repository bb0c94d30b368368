/**
 * Loaders of the order pages (kept out of the components' modules: a route's loader stays in the entry chunk).
 * The forms need the member's bundle (prices, fees, holdings, rates) and the project totals (availability);
 * the totals may fail without failing the page (the server checks availability again).
 */
import { settle } from "./endpoints.ts"
import { ordersApi } from "./orders.ts"

export const loadOrderForms = async () => {
  const [bundle, statistics] = await Promise.all([ordersApi.bundle(), settle(ordersApi.statistics())])
  return { bundle, statistics }
}
export type OrderFormsData = Awaited<ReturnType<typeof loadOrderForms>>

/** A success page: the order, and the member's holding of its unit type (Pending, Owned, Locked). */
export const loadOrderResult = async (orderId: string) => {
  const [order, holdings] = await Promise.all([ordersApi.orderDetails(orderId), settle(ordersApi.holdings())])
  return { order: order.orderData, holdings }
}
export type OrderResultData = Awaited<ReturnType<typeof loadOrderResult>>

/** The `orderId` query parameter of the payment and success pages. */
export const orderIdSearch = (search: Record<string, unknown>): { orderId: string } => ({
  orderId: typeof search.orderId === "string" ? search.orderId : "",
})
