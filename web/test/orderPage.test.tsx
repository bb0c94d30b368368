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

/** A convert placed with a remainder (the issue's: 10 Unit (€) → 9 Unit (£), €10.55 left). */
const conversion = (remainderInCents: number): OrderPageData =>
  ({
    found: true,
    order: {
      orderId: "ord_conv1",
      orderType: "CONVERT",
      orderStatus: "Locked",
      currencyUnit: {
        unitType: "LAND_EUR",
        numberOfUnits: 10,
        pricePerUnit: 10_549,
        convertOrderTransactionFeeInUnits: 0,
        isDoubleLand: false,
      },
      convert: {
        numberOfUnits: 9,
        unitType: "LAND_POUND",
        pricePerUnit: 8_967,
        exchangeRate: 850_000,
        remainderInCents,
        remainderCurrency: "EUR",
        ...(remainderInCents === 0 ? {} : { remainderPayoutId: "pay_1" }),
        convertOrderTransactionFeeInCents: 0,
      },
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
      timeline: [],
    },
    intent: undefined,
    bank: undefined,
  }) as unknown as OrderPageData

describe("order page: a convert's remainder (shared/decisions.md, Converts)", () => {
  const term = (name: string) => screen.getByText(name).nextElementSibling?.textContent

  it("shows the remainder in money, that it is paid out as a payout, and the fee", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(() => conversion(1_055))
    expect(screen.getByRole("heading", { name: "Paid back to you" })).toBeTruthy()
    expect(term("The remainder")).toBe("€10.55")
    expect(term("How it is paid")).toBe(
      "A payout owed to you, paid to your bank account with the other payouts",
    )
    expect(term("Convert fee")).toBe("No fee")
    expect(
      screen.getByText(
        "Units are whole: €10.55 of your Unit (€)'s value buys no whole Unit (£). It is yours: it is paid back to your bank account as a payout, with the other payouts.",
      ),
    ).toBeTruthy()
  })

  it("says nothing was left over when the Units bought whole Units", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(() => conversion(0))
    expect(screen.getByRole("heading", { name: "Nothing left over" })).toBeTruthy()
    expect(term("The remainder")).toBe("None: your Units bought whole Units")
    expect(screen.queryByText("How it is paid")).toBeNull()
  })
})
