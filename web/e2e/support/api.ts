/**
 * The API as the web app calls it: a cookie-keeping client outside the browser, and calls made with the page's
 * own session. Both echo the XSRF-TOKEN cookie in X-XSRF-TOKEN (spec §7).
 */
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** A browser-like API client: keeps cookies and echoes XSRF-TOKEN. */
export const apiClient = (baseUrl: string) => {
  const cookies = new Map<string, string>()
  const request = async (method: string, p: string, body?: unknown) => {
    const headers: Record<string, string> = {}
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const xsrf = cookies.get("XSRF-TOKEN")
    if (xsrf !== undefined) headers["x-xsrf-token"] = xsrf
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await fetch(`${baseUrl}${p}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      redirect: "manual",
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";")
      const eq = pair.indexOf("=")
      const value = pair.slice(eq + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(pair.slice(0, eq).trim())
      else cookies.set(pair.slice(0, eq).trim(), value)
    }
    return response
  }
  return {
    get: (p: string) => request("GET", p),
    post: (p: string, body?: unknown) => request("POST", p, body),
  }
}

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
      currencyUnit: { unitType: order.unitType, numberOfUnits: order.numberOfUnits },
      paymentDetails: { paymentMethod: order.paymentMethod },
    },
    { "Idempotency-Key": `e2e-${crypto.randomUUID()}` },
  )
  expect(created.status(), await created.text()).toBe(200)
  return ((await created.json()) as { orderCreatedData: { orderId: string } }).orderCreatedData.orderId
}
