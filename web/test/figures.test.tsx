/** The statistics block and the figures it shows, from GET /api/market/statistics. */

import { formatFigure, formatPercent } from "@landunits/core/format/Format.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import { cleanup, screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { StatisticsBlock } from "../src/components/marketing/Marketing.tsx"
import { landValueFigures } from "../src/lib/figures.ts"
import { formatPrice, formatRate } from "../src/lib/prices.ts"
import { renderInRouter } from "./support/router.tsx"

const STATISTICS: Statistics = {
  landUnitStats: {
    landValues_aud: 500000000,
    landValues_eur: 500000000,
    landValues_usd: 500000000,
    landValues_pound: 500000000,
    maxLandUnitsForSalePercentage: 100,
    growthPerYearPercent: 5,
  },
  totalAmountsConvertedFromGBP: { pound: 1572484500, usd: 2016478644, euro: 1849982412 },
  projectTotals: [],
}

afterEach(cleanup)

describe("statistics figures", () => {
  it("land value is shown in GBP, USD and EUR from integer cents, with the currency's symbol", () => {
    expect(landValueFigures(STATISTICS).map((f) => f.value)).toEqual([
      "£15,724,845.00",
      "$20,164,786.44",
      "€18,499,824.12",
    ])
  })

  it("percentages and figures show 0 or 2 decimals, like every number; prices keep their 1/1000", () => {
    expect(formatPercent(1.5)).toBe("1.50%")
    expect(formatPercent(2.9)).toBe("2.90%")
    expect(formatPercent(0)).toBe("0%")
    expect(formatFigure(505)).toBe("505")
    expect(formatFigure(12.5)).toBe("12.50")
    expect(formatPrice(1234, "USD")).toBe("$1.234")
    expect(formatPrice(1000, "AUD")).toBe("A$1.00")
    expect(formatRate(1282352)).toBe("1.282352")
  })

  it("the block shows the three land values when loaded", async () => {
    await renderInRouter(() => <StatisticsBlock statistics={{ ok: true, value: STATISTICS }} />)
    expect(screen.getByTestId("land-value-GBP").textContent).toBe("£15,724,845.00")
    expect(screen.getByTestId("land-value-USD").textContent).toBe("$20,164,786.44")
    expect(screen.getByTestId("land-value-EUR").textContent).toBe("€18,499,824.12")
    expect(screen.queryByRole("alert")).toBeNull()
  })

  it("when the figures cannot be loaded the block says why and shows no number", async () => {
    await renderInRouter(() => <StatisticsBlock statistics={{ ok: false, message: "Server down" }} />)
    expect(screen.getByRole("alert").textContent).toBe("The land values could not be loaded: Server down")
    expect(screen.queryByTestId("land-value-GBP")).toBeNull()
  })
})
