/**
 * The order page's cancel in the DOM (happy-dom) with the API's transport replaced: each answer replaces the
 * button pressed, and focus follows it (WCAG 2.4.3).
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useLoaderData,
} from "@tanstack/react-router"
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import type { OrderPageData } from "../src/api/orderLoaders.ts"
import { OrderPage } from "../src/components/orders/OrderPage.tsx"

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })

/** A sale with Units still in the sales queue: the member may take back the unsold rest. */
const sale = (orderStatus: string): OrderPageData =>
  ({
    found: true,
    order: {
      orderId: "ord_sell1",
      orderType: "SELL",
      orderStatus,
      currencyUnit: {
        unitType: "LAND_USD",
        numberOfUnits: 20,
        pricePerUnit: 11_490,
        sellOrderTransactionFeeInUnits: 10,
        isDoubleLand: false,
      },
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
      timeline: [],
    },
    intent: undefined,
    bank: undefined,
  }) as unknown as OrderPageData

/** The page under a route whose loader answers `load()`, so the page's router.invalidate() reads it again. */
const renderLoaded = async (load: () => OrderPageData) => {
  const rootRoute = createRootRoute({
    loader: load,
    component: function Loaded() {
      return <OrderPage data={useLoaderData({ from: "__root__" })} />
    },
  })
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ["/"] }),
  })
  await act(async () => {
    render(<RouterProvider router={router} />)
  })
}

const press = async (name: string) => {
  const button = screen.getByRole("button", { name })
  button.focus()
  await act(async () => fireEvent.click(button))
}

afterEach(cleanup)

describe("order page: taking back a sale's unsold Units moves focus with each answer (WCAG 2.4.3)", () => {
  it("the question, 'No, keep it' → the button again, a refusal → its message, done → the new status", async () => {
    let data = sale("InProcess")
    let refuse = true
    setFetch(async (input) => {
      const path = String(input).replace(/^\/api/, "")
      if (path !== "/order/cancel_order") return json(404, { message: "Not found" })
      if (refuse) return json(409, { message: "This sale can no longer be changed" })
      data = sale("Cancelled")
      return json(200, { orderCancelledData: {} })
    })
    await renderLoaded(() => data)
    expect(document.activeElement).toBe(document.body)

    await press("Take back the unsold Units")
    expect(document.activeElement?.textContent).toMatch(/Do you want to go on\?$/)
    await press("No, keep it")
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Take back the unsold Units" }))

    await press("Take back the unsold Units")
    await press("Yes, take back the unsold units")
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe("This sale can no longer be changed"),
    )

    refuse = false
    await press("Yes, take back the unsold units")
    await waitFor(() => expect(document.activeElement?.classList.contains("order-page__status")).toBe(true))
    expect(screen.queryByRole("button", { name: /take back/i })).toBeNull()
  })
})
