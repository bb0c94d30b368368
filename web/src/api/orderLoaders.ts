/**
 * Loaders of the order pages (kept out of the components' modules: a route's loader stays in the entry chunk).
 * The forms need the member's bundle (prices, fees, holdings, rates) and the project totals (availability);
 * the totals may fail without failing the page (the server checks availability again).
 */

import type { OrderDetails } from "@landunits/adapters/http/api/OrdersApi.ts"
import { isUnpaidBuy } from "@landunits/core/orders/OrderActions.ts"
import { pageHead } from "../lib/pageHead.ts"
import { ApiError } from "./client.ts"
import { settle } from "./endpoints.ts"
import { ordersApi } from "./orders.ts"

export const loadOrderForms = async () => {
  const [bundle, statistics, payments] = await Promise.all([
    ordersApi.bundle(),
    settle(ordersApi.statistics()),
    // Which coins crypto can pay with now (an address and a current price): the Buy form offers crypto only then.
    settle(ordersApi.paymentSettings()),
  ])
  return { bundle, statistics, payments }
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

/**
 * The route of an order's result page (the four success pages and the buy's cancelled page, spec §2): its title,
 * the orderId query parameter, and the order loaded afresh on every visit. Each route file adds only its URL and
 * its component (components/orders/OrderResult.tsx), so the five pages are one page at five URLs.
 */
export const orderResultRoute = (title: string) => ({
  head: () => pageHead(title),
  validateSearch: orderIdSearch,
  loaderDeps: ({ search }: { readonly search: { readonly orderId: string } }) => ({
    orderId: search.orderId,
  }),
  loader: ({ deps }: { readonly deps: { readonly orderId: string } }) => loadOrderResult(deps.orderId),
  staleTime: 0,
})

/**
 * The order page (/dashboard/transaction/{orderId}): the order with its timeline, and while it is an unpaid buy what paying it
 * needs again (its payment intent: amount, reference, deadline; for a bank buy the platform's account in
 * its currency); once a buy is paid, its documents (its invoice and any credit note, issue 46). Another member's
 * order, or none, is `found: false` (the API answers 404 for both).
 */
export const loadOrderPage = async (orderId: string) => {
  let order: OrderDetails
  try {
    order = (await ordersApi.orderDetails(orderId)).orderData
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { found: false as const, orderId }
    throw error
  }
  if (!isUnpaidBuy(order)) {
    // A paid buy's invoice and any credit note (issue 46); their failure leaves the rest of the page.
    const documents = order.orderType === "BUY" ? await settle(ordersApi.invoices(orderId)) : undefined
    return { found: true as const, order, intent: undefined, bank: undefined, documents }
  }
  const [intent, bundle] = await Promise.all([
    settle(ordersApi.paymentIntent(orderId)),
    order.paymentDetails?.paymentMethod === "bank" ? settle(ordersApi.bundle()) : undefined,
  ])
  const bank =
    bundle?.ok === true
      ? bundle.value.adminBankDetails.find((b) => b.currency === order.paymentDetails?.currency)?.details
      : undefined
  return { found: true as const, order, intent, bank, documents: undefined }
}
export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>
