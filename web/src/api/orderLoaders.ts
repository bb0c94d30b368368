/**
 * Loaders of the order pages (kept out of the components' modules: a route's loader stays in the entry chunk).
 * The forms need the member's bundle (prices, fees, holdings, rates) and the project totals (availability);
 * the totals may fail without failing the page (the server checks availability again).
 */

import type { OrderDetails } from "@landunits/adapters/http/api/OrdersApi.ts"
import { PRICES_EXCLUDE_TAX } from "@landunits/core/invoices/TaxWords.ts"
import { isUnpaidBuy } from "@landunits/core/orders/OrderActions.ts"
import type { CurrencyType } from "@landunits/core/shared/EnumValues.ts"
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

/**
 * The tax words of a currency as the payment settings give them (core's `taxWordsFor` on the server); the terms'
 * own words while the settings cannot be read.
 */
export const taxWordsOf = (payments: OrderFormsData["payments"], currency: CurrencyType): string =>
  (payments.ok ? payments.value.taxWords.find((w) => w.currency === currency)?.words : undefined) ??
  PRICES_EXCLUDE_TAX

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
  const currency = order.paymentDetails?.currency
  // A buy's tax words (issue 46): its invoice's once issued, else the currency's from the payment settings.
  const settingsTaxWords = async () =>
    currency === undefined ? undefined : taxWordsOf(await settle(ordersApi.paymentSettings()), currency)
  if (!isUnpaidBuy(order)) {
    // A sale's payout statements (one per payout paid); transfers and converts have no document.
    if (order.orderType !== "BUY") {
      const documents = order.orderType === "SELL" ? await settle(ordersApi.invoices(orderId)) : undefined
      return {
        found: true as const,
        order,
        intent: undefined,
        bank: undefined,
        documents,
        taxWords: undefined,
      }
    }
    // A paid buy's invoice and any credit note; their failure leaves the rest of the page.
    const [documents, taxWords] = await Promise.all([settle(ordersApi.invoices(orderId)), settingsTaxWords()])
    const invoice = documents.ok ? documents.value.invoices.find((d) => d.kind === "invoice") : undefined
    return {
      found: true as const,
      order,
      intent: undefined,
      bank: undefined,
      documents,
      taxWords: invoice?.taxWords ?? taxWords,
    }
  }
  const [intent, bundle, taxWords] = await Promise.all([
    settle(ordersApi.paymentIntent(orderId)),
    order.paymentDetails?.paymentMethod === "bank" ? settle(ordersApi.bundle()) : undefined,
    settingsTaxWords(),
  ])
  const bank =
    bundle?.ok === true
      ? bundle.value.adminBankDetails.find((b) => b.currency === currency)?.details
      : undefined
  return { found: true as const, order, intent, bank, documents: undefined, taxWords }
}
export type OrderPageData = Awaited<ReturnType<typeof loadOrderPage>>
