/**
 * The dashboard's headline (issue 38): the member's total value in the currency they choose, remembered on this
 * device, with its change since the previous price day; a member who holds nothing sees one next step.
 */
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import type { UnitType } from "@landunits/core/shared/EnumValues.ts"
import { cleanup, fireEvent, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { FirstUnits, PortfolioHeadline } from "../src/components/dashboard/PortfolioHeadline.tsx"
import { headlineParts, holdsNothing } from "../src/lib/headline.ts"
import { renderInRouter } from "./support/router.tsx"

const YESTERDAY = "2026-11-28"
const TODAY = "2026-11-29"

const holding = (unitType: UnitType, owned: number, valueToday: number): UnitHolding => ({
  unitType,
  owned,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  total_value_bought: valueToday,
  total_value_today: valueToday,
  profit: 0,
  profit_percentage: 0,
  currencyType: ({ LAND_EUR: "EUR", LAND_USD: "USD", LAND_AUD: "AUD", LAND_POUND: "GBP" } as const)[unitType],
})

/** A unit type's two days: its price each day and its currency's rates to the others. */
const history = (
  unitType: UnitType,
  currency: PriceHistory["currency"],
  prices: readonly [number, number],
  rates: ReadonlyArray<readonly [PriceHistory["currency"], number, number]>,
): PriceHistory => ({
  unitType,
  currency,
  from: YESTERDAY,
  to: TODAY,
  prices: [
    { day: YESTERDAY, pricePerUnit: prices[0] },
    { day: TODAY, pricePerUnit: prices[1] },
  ],
  changes: [],
  exchangeRates: rates.flatMap(([to, before, now]) => [
    { from: currency, to, rate: before, day: YESTERDAY },
    { from: currency, to, rate: now, day: TODAY },
  ]),
})

// 10 Unit (€) at €10.549 (€10.548 yesterday), 20 Unit (£) at £12.345 both days.
const HOLDINGS = [
  holding("LAND_EUR", 10, 10_549),
  holding("LAND_USD", 0, 0),
  holding("LAND_POUND", 20, 24_690),
]
const HISTORIES = [
  history("LAND_EUR", "EUR", [10_548, 10_549], [["GBP", 850_000, 850_000]]),
  history("LAND_POUND", "GBP", [12_345, 12_345], [["EUR", 1_176_470, 1_176_471]]),
]

afterEach(() => {
  cleanup()
  window.localStorage.clear()
})

const headline = () => screen.getByRole("region", { name: "Total value" })

describe("the dashboard's headline", () => {
  it("opens on the total in the default currency, with its change since yesterday's prices and rates", async () => {
    await renderInRouter(() => (
      <PortfolioHeadline holdings={HOLDINGS} histories={HISTORIES} defaultCurrency="EUR" />
    ))
    // €105.49 + £246.90 × 1.176471 = €290.47 (290.4707…): €395.96. Yesterday €105.48 + €290.47 (×1.17647).
    expect(screen.getByTestId("headline-value").textContent).toBe("€395.96")
    expect(headline().textContent).toContain("+€0.01 (+0.00%) since yesterday's prices and exchange rates")
  })

  it("shows the total in the currency the member chooses, and remembers the choice on this device", async () => {
    await renderInRouter(() => (
      <PortfolioHeadline holdings={HOLDINGS} histories={HISTORIES} defaultCurrency="EUR" />
    ))
    fireEvent.change(screen.getByLabelText("Show in"), { target: { value: "GBP" } })
    // €105.49 × 0.85 = £89.67 (89.6665) + £246.90: £336.57.
    expect(screen.getByTestId("headline-value").textContent).toBe("£336.57")
    expect(window.localStorage.getItem("landunits_headline_currency")).toBe("GBP")
    cleanup()
    await renderInRouter(() => (
      <PortfolioHeadline holdings={HOLDINGS} histories={HISTORIES} defaultCurrency="EUR" />
    ))
    expect((screen.getByLabelText("Show in") as HTMLSelectElement).value).toBe("GBP")
    expect(screen.getByTestId("headline-value").textContent).toBe("£336.57")
  })

  it("says which rate is missing instead of inventing one", async () => {
    await renderInRouter(() => (
      <PortfolioHeadline holdings={HOLDINGS} histories={HISTORIES} defaultCurrency="USD" />
    ))
    expect(screen.queryByTestId("headline-value")).toBeNull()
    expect(headline().textContent).toContain("no exchange rate from EUR, GBP to USD is recorded for today")
  })

  it("values each unit type's Units held now at yesterday's price, in its own cents", () => {
    expect(headlineParts(HOLDINGS, HISTORIES)).toEqual([
      { currency: "EUR", valueToday: 10_549, valuePrevious: 10_548 },
      { currency: "GBP", valueToday: 24_690, valuePrevious: 24_690 },
    ])
  })
})

describe("a member who holds nothing", () => {
  it("is told so, with one next step: buy your first Units", async () => {
    expect(holdsNothing([holding("LAND_EUR", 0, 0), holding("LAND_USD", 0, 0)])).toBe(true)
    expect(holdsNothing([{ ...holding("LAND_EUR", 0, 0), pendingBuy: 2 }])).toBe(false)
    expect(holdsNothing(HOLDINGS)).toBe(false)
    await renderInRouter(() => <FirstUnits />)
    const link = screen.getByRole("link", { name: "Buy your first Units" })
    expect(link.getAttribute("href")).toBe("/dashboard/transaction?tab=buy")
    expect(screen.getAllByRole("link")).toHaveLength(1)
  })
})
