/**
 * The API as the web app calls it: a cookie-keeping client outside the browser, and calls made with the page's
 * own session. Both echo the XSRF-TOKEN cookie in X-XSRF-TOKEN (spec §7).
 */
import { apiClient as sharedApiClient } from "@landunits/test-support/ApiClient.ts"
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** A browser-like API client (test-support's): keeps cookies and echoes XSRF-TOKEN. */
export const apiClient = (baseUrl: string) => sharedApiClient(() => baseUrl)

/** The page's own API call, with the session cookie and the XSRF-TOKEN echoed (as the web app sends it). */
export const pageApi = async (
  page: Page,
  method: "GET" | "POST",
  p: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const cookies = await page.context().cookies()
  const xsrf = cookies.find((c) => c.name === "XSRF-TOKEN")?.value ?? ""
  return page.request.fetch(p.startsWith("http") ? p : `${new URL(page.url()).origin}${p}`, {
    method,
    headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf), ...headers },
    ...(body === undefined ? {} : { data: body }),
  })
}

export interface OrderRequest {
  readonly unitType: "LAND_EUR" | "LAND_USD" | "LAND_AUD" | "LAND_POUND"
  readonly numberOfUnits: number
  readonly paymentMethod: "bank" | "crypto" | "card-stripe" | "card-square"
}

/** Places a buy through the API with the page's session, as the app does (with an Idempotency-Key); answers its id. */
export const createBuyOrder = async (page: Page, order: OrderRequest): Promise<string> => {
  const created = await pageApi(
    page,
    "POST",
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: order.unitType, numberOfUnits: order.numberOfUnits },
      paymentDetails: { paymentMethod: order.paymentMethod },
    },
    { "Idempotency-Key": `e2e-${crypto.randomUUID()}` },
  )
  expect(created.status(), await created.text()).toBe(200)
  return ((await created.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId
}
