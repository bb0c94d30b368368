/**
 * The order page in the DOM (happy-dom) with the API's transport replaced: the cancel, whose answers replace the
 * button pressed while focus follows (WCAG 2.4.3); a sale's payouts and its timeline going on past the first
 * partial sale (issue 38).
 */
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
  useLoaderData,
} from "@tanstack/react-router"
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react"
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
      payouts: [],
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
      payouts:
        remainderInCents === 0
          ? []
          : [
              {
                payoutId: "pay_1",
                kind: "convertRemainder",
                orderId: "ord_conv1",
                unitType: "LAND_EUR",
                units: 0,
                pricePerUnit: 10_549,
                amountCents: remainderInCents,
                currency: "EUR",
                status: "Initiated",
                owedAt: "2026-11-20T10:00:00.000Z",
              },
            ],
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
        "Units are whole: €10.55 of the value of your Unit (€) buys no whole Unit (£). It is yours: it is paid back to your bank account as a payout, with the other payouts.",
      ),
    ).toBeTruthy()
    // The payout itself, among the order's payouts: what it pays, not Units at a price.
    expect(screen.getByRole("heading", { name: "Your payouts" })).toBeTruthy()
    expect(screen.getByText("The value of your Unit (€) that bought no whole Unit")).toBeTruthy()
  })

  it("says nothing was left over when the Units bought whole Units", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(() => conversion(0))
    expect(screen.getByRole("heading", { name: "Nothing left over" })).toBeTruthy()
    expect(term("The remainder")).toBe("None: your Units bought whole Units")
    expect(screen.queryByText("How it is paid")).toBeNull()
    expect(screen.queryByRole("heading", { name: "Your payouts" })).toBeNull()
  })
})

describe("order page: a sale's payouts, and its timeline past the first partial sale (issue 38)", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 10) + minutes * 60_000).toISOString()
  const payout = (id: string, units: number, amountCents: number, extra: Record<string, string> = {}) => ({
    payoutId: id,
    orderId: "ord_sell1",
    unitType: "LAND_POUND",
    units,
    pricePerUnit: 8967,
    amountCents,
    currency: "GBP",
    status: extra.paidAt === undefined ? "Initiated" : "Completed",
    owedAt: at(units),
    ...extra,
  })
  const soldTwice = (): OrderPageData => {
    const base = sale("PartialComplete") as unknown as { order: Record<string, unknown> }
    return {
      ...base,
      order: {
        ...base.order,
        currencyUnit: { unitType: "LAND_POUND", numberOfUnits: 40, pricePerUnit: 8967, isDoubleLand: false },
        timeline: [
          { at: at(0), to: "Initiated", actor: { _tag: "You" } },
          { at: at(0), from: "Initiated", to: "InProcess", actor: { _tag: "You" } },
          {
            at: at(5),
            from: "InProcess",
            to: "PartialComplete",
            actor: { _tag: "Admin" },
            reason: "5 of 30 queued Units sold",
          },
        ],
        payouts: [payout("pay_1", 5, 4484, { paidAt: at(60 * 24 * 3) }), payout("pay_2", 12, 10760)],
      },
    } as unknown as OrderPageData
  }

  it("lists each payout with its amount, state, Units, price and dates, and the totals paid and owed", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(soldTwice)
    const panel = within(screen.getByRole("region", { name: "Your payouts" }))
    expect(panel.getByTestId("payout-totals").textContent).toBe("£44.84 paid, £107.60 owed")
    const items = panel.getAllByRole("listitem").map((li) => li.textContent)
    expect(items).toEqual([
      "£44.84 Paid5 Unit (£) at £8.967 a UnitPaid Nov 23, 2026, 10:00 AM UTC (owed since Nov 20, 2026, 10:05 AM UTC)",
      "£107.60 Owed12 Unit (£) at £8.967 a UnitOwed since Nov 20, 2026, 10:12 AM UTC",
    ])
  })

  it("the timeline goes on past the first partial sale: every slice owed and every payout paid, in time order", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(soldTwice)
    const timeline = within(screen.getByRole("region", { name: "Timeline" }))
    const steps = timeline
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".order-timeline__step")?.textContent)
    expect(steps).toEqual([
      "Placed: Initiated",
      "Initiated → In the sales queue",
      "In the sales queue → Partly sold",
      "5 Unit (£) sold: £44.84 owed to you",
      "12 Unit (£) sold: £107.60 owed to you",
      "£44.84 paid to your bank account",
    ])
  })

  it("a sale with nothing sold yet says where its payouts will appear; a buy shows no payouts box", async () => {
    setFetch(async () => json(404, { message: "Not found" }))
    await renderLoaded(() => sale("InProcess"))
    expect(screen.getByRole("region", { name: "Your payouts" }).textContent).toContain("Nothing sold yet.")
    cleanup()
    const buy = sale("Completed") as unknown as { order: Record<string, unknown> }
    await renderLoaded(
      () => ({ ...buy, order: { ...buy.order, orderType: "BUY" } }) as unknown as OrderPageData,
    )
    expect(screen.queryByRole("region", { name: "Your payouts" })).toBeNull()
  })
})
