/**
 * The price charts of issue 24 in the DOM (happy-dom): the admins' schedule changes and the member's own paid buys
 * become markers, drawn on the chart and written in its table's "On this day" column, so a screen reader reads
 * everything the chart shows.
 */
import type { Order } from "@landunits/core/orders/OrderModel.ts"
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import { OrderId } from "@landunits/core/shared/Ids.ts"
import { cleanup, render, screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { LineChart } from "../src/components/shared/LineChart.tsx"
import { changeMarkers, pricePointsOf, purchaseMarkers } from "../src/lib/priceHistory.ts"
import { periodStart } from "../src/lib/pricePeriods.ts"

afterEach(cleanup)

const history: PriceHistory = {
  unitType: "LAND_EUR",
  currency: "EUR",
  from: "2026-03-01",
  to: "2026-03-03",
  prices: [
    { day: "2026-03-01", pricePerUnit: 10_000 },
    { day: "2026-03-02", pricePerUnit: 12_000 },
    { day: "2026-03-03", pricePerUnit: 12_001 },
  ],
  changes: [
    {
      at: "2026-03-02T10:00:00.000Z",
      day: "2026-03-02",
      basePrice: 12_000,
      baseDate: "2026-03-02",
      growthPerYearPercent: 5,
      pricePerUnitBefore: 10_000,
      pricePerUnitAfter: 12_000,
    },
  ],
  exchangeRates: [],
}

const buy = (overrides: Partial<Order> & { createdAt: string }): Order =>
  ({
    orderId: OrderId.make("ord_1"),
    orderType: "BUY",
    orderStatus: "Completed",
    updatedAt: overrides.createdAt,
    currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 10, pricePerUnit: 10_000, isDoubleLand: false },
    ...overrides,
  }) as Order

describe("the price chart's markers", () => {
  it("a schedule change reads as the day's price before and after, with the new growth", () => {
    expect(changeMarkers(history)).toEqual([
      { day: "2026-03-02", kind: "change", value: 12_000, label: "€10.00 → €12.00, growing 5% a year" },
    ])
  })

  it("marks only the member's paid buys of the chart's unit type, on the day placed, at the price they kept", () => {
    const orders = [
      buy({ createdAt: "2026-03-01T09:00:00.000Z" }),
      buy({
        orderId: OrderId.make("ord_2"),
        createdAt: "2026-03-02T09:00:00.000Z",
        orderStatus: "Initiated",
      }),
      buy({
        orderId: OrderId.make("ord_3"),
        createdAt: "2026-03-03T09:00:00.000Z",
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 1, pricePerUnit: 1, isDoubleLand: false },
      }),
      buy({
        orderId: OrderId.make("ord_4"),
        createdAt: "2026-03-03T12:00:00.000Z",
        orderStatus: "Approved",
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 4, pricePerUnit: 12_001, isDoubleLand: true },
      }),
    ]
    expect(purchaseMarkers(orders, "LAND_EUR", "EUR")).toEqual([
      { day: "2026-03-01", kind: "purchase", value: 10_000, label: "10 Unit (€) at €10.00" },
      { day: "2026-03-03", kind: "purchase", value: 12_001, label: "4 Unit (€) at €12.001 (LU2X)" },
    ])
  })

  it("draws each marker and writes it in the table row of its day", () => {
    render(
      <LineChart
        title="Price of one Unit (€)"
        points={pricePointsOf(history)}
        format={String}
        valueLabel="Price per Unit"
        empty="none"
        markers={[
          ...changeMarkers(history),
          ...purchaseMarkers([buy({ createdAt: "2026-03-01T09:00:00.000Z" })], "LAND_EUR", "EUR"),
        ]}
      />,
    )
    const chart = screen.getByRole("img", { name: "Price of one Unit (€)" })
    expect(chart.querySelectorAll(".chart__marker--purchase")).toHaveLength(1)
    expect(chart.querySelectorAll(".chart__marker--change")).toHaveLength(1)
    const rows = within(screen.getByRole("table")).getAllByRole("row")
    expect(rows[0]!.textContent).toBe("DatePrice per UnitOn this day")
    expect(rows.slice(1).map((r) => r.querySelector("td:last-child")?.textContent)).toEqual([
      "Your purchase: 10 Unit (€) at €10.00",
      "Price schedule changed: €10.00 → €12.00, growing 5% a year",
      "",
    ])
    expect(screen.getByText("Your purchases, at the price you paid")).toBeTruthy()
  })

  it("a period of N days starts N − 1 days before today", () => {
    expect(periodStart(30, Date.UTC(2026, 2, 30, 15))).toBe("2026-03-01")
  })
})
