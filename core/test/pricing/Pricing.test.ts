import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatIsoDate } from "../../src/format/Format.ts"
import {
  daysBetween,
  displayPrice,
  isWithinPriceCap,
  landToUnitsRatioPercent,
  maxUnitsForSale,
  priceOnDay,
} from "../../src/pricing/Pricing.ts"
import { Durations, PRICE_CAP } from "../../src/shared/Constants.ts"

const BASE_DATE = "2024-01-01"
const dayAfter = (date: string, days: number): string =>
  formatIsoDate(Date.parse(date) + days * Durations.DAY)
const price = (basePrice: number, growthPerYearPercent: number, day: string) =>
  priceOnDay({ basePrice, baseDate: BASE_DATE, growthPerYearPercent, day })

describe("price on a day = round(base × (1 + growth/100) ^ (days since base / 365))", () => {
  it("is the base price on the base date and every day before it", () => {
    expect(price(1000, 10, BASE_DATE)).toBe(1000)
    expect(price(1000, 10, "2023-12-31")).toBe(1000)
    expect(price(1000, 10, "1999-06-15")).toBe(1000)
  })

  it("grows by the yearly rate over 365 days", () => {
    expect(price(1000, 10, "2024-12-31")).toBe(1100) // 2024 is a leap year: 365 days later
    expect(price(1000, 10, "2025-12-31")).toBe(1210)
    expect(price(1_000_000, 5, "2024-12-31")).toBe(1_050_000)
  })

  it("grows part of the way within the year, rounded to a whole 1/1000", () => {
    // 1000 × 1.1 ^ (182/365) = 1048.67…
    expect(price(1000, 10, dayAfter(BASE_DATE, 182))).toBe(1049)
  })

  it("stays at the base price with no growth", () => {
    expect(price(1234, 0, "2090-01-01")).toBe(1234)
  })

  it("never goes above the cap of 2,500 currency units", () => {
    expect(price(2_400_000, 10, "2025-01-01")).toBe(PRICE_CAP)
    expect(price(1000, 100, "9999-12-31")).toBe(PRICE_CAP)
  })

  it("refuses a base above the cap, a negative or non-numeric growth and a malformed day", () => {
    expect(() => price(PRICE_CAP + 1, 1, BASE_DATE)).toThrow(RangeError)
    expect(() => price(1000, -1, BASE_DATE)).toThrow(RangeError)
    expect(() => price(1000, Number.NaN, BASE_DATE)).toThrow(RangeError)
    expect(() => price(1000, 1, "2024-02-30")).toThrow(RangeError)
    expect(() => price(1000, 1, "01/01/2024")).toThrow(RangeError)
    expect(() => price(10.5, 1, BASE_DATE)).toThrow(RangeError)
  })

  it("counts whole UTC days", () => {
    expect(daysBetween("2024-01-01", "2024-03-01")).toBe(60)
    expect(daysBetween("2024-03-01", "2024-01-01")).toBe(-60)
  })

  it("the price never decreases from one day to the next and never exceeds the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PRICE_CAP }),
        fc.oneof(
          fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100),
          fc.double({ min: 0, max: 1000, noNaN: true }),
          fc.double({ min: 0, max: 1e-6, noNaN: true }),
        ),
        fc.integer({ min: -400, max: 30_000 }),
        (basePrice, growth, startOffset) => {
          let previous = price(basePrice, growth, dayAfter(BASE_DATE, startOffset))
          for (let d = startOffset + 1; d <= startOffset + 400; d++) {
            const today = price(basePrice, growth, dayAfter(BASE_DATE, d))
            expect(today).toBeGreaterThanOrEqual(previous)
            expect(today).toBeLessThanOrEqual(PRICE_CAP)
            expect(Number.isInteger(today)).toBe(true)
            previous = today
          }
        },
      ),
      { numRuns: 100 },
    )
  })

  it("the price never decreases over fifty years of consecutive days at common growth rates", () => {
    for (const growth of [0.01, 1, 2.5, 5, 7.25, 10, 33.33]) {
      for (const basePrice of [1, 999, 1000, 123_456]) {
        let previous = basePrice
        for (let d = 1; d <= 50 * 365; d++) {
          const today = price(basePrice, growth, dayAfter(BASE_DATE, d))
          if (today < previous) expect.fail(`price fell on day ${d} at ${growth}% from ${basePrice}`)
          previous = today
        }
      }
    }
  }, 60_000) // 511,000 prices: CPU-bound, so it gets room on a loaded machine

  it("the price on or before the base date is the base price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PRICE_CAP }),
        fc.integer({ min: 0, max: 100_000 }),
        (basePrice, back) => {
          expect(price(basePrice, 5, dayAfter(BASE_DATE, -back))).toBe(basePrice)
        },
      ),
    )
  })
})

describe("displayed price and the price cap", () => {
  it("shows pricePerUnit divided by the price scale of 1000", () => {
    expect(displayPrice(1500)).toBe(1.5)
    expect(displayPrice(PRICE_CAP)).toBe(2500)
  })

  it("accepts whole prices from 0 to 2,500 currency units", () => {
    expect(isWithinPriceCap(PRICE_CAP)).toBe(true)
    expect(isWithinPriceCap(0)).toBe(true)
    expect(isWithinPriceCap(PRICE_CAP + 1)).toBe(false)
    expect(isWithinPriceCap(-1)).toBe(false)
    expect(isWithinPriceCap(1.5)).toBe(false)
  })
})

describe("Units for sale and the land-to-Units ratio", () => {
  // $1,000,000 of land, 60% of it for sale, $1.00 a Unit.
  const land = { landValueCents: 100_000_000, maxLandUnitsForSalePercentage: 60, pricePerUnit: 1000 }

  it("max Units for sale = max percentage of the land value, in Units at the price", () => {
    expect(maxUnitsForSale(land)).toBe(600_000)
  })

  it("is rounded half-up to whole Units", () => {
    // 25% of $10.00 = $2.50 at $3.00 a Unit = 0.833… Units → 1; at $6.00 = 0.4166… → 0
    expect(
      maxUnitsForSale({ landValueCents: 1000, maxLandUnitsForSalePercentage: 25, pricePerUnit: 3000 }),
    ).toBe(1)
    expect(
      maxUnitsForSale({ landValueCents: 1000, maxLandUnitsForSalePercentage: 25, pricePerUnit: 6000 }),
    ).toBe(0)
    expect(
      maxUnitsForSale({ landValueCents: 1000, maxLandUnitsForSalePercentage: 25, pricePerUnit: 5000 }),
    ).toBe(1)
  })

  it("accepts a percentage with two decimals and refuses a price of 0", () => {
    expect(maxUnitsForSale({ ...land, maxLandUnitsForSalePercentage: 12.5 })).toBe(125_000)
    expect(() => maxUnitsForSale({ ...land, pricePerUnit: 0 })).toThrow(RangeError)
  })

  it("the land-to-Units ratio is the land value over the value of the Units for sale, as a percent", () => {
    expect(landToUnitsRatioPercent(land)).toBe(166.67)
    expect(landToUnitsRatioPercent({ ...land, maxLandUnitsForSalePercentage: 50 })).toBe(200)
    expect(landToUnitsRatioPercent({ ...land, maxLandUnitsForSalePercentage: 100 })).toBe(100)
  })

  it("the ratio is undefined (null) when no Unit may be for sale", () => {
    expect(landToUnitsRatioPercent({ ...land, maxLandUnitsForSalePercentage: 0 })).toBeNull()
  })

  it("the value of the Units for sale is within half a Unit of the percentage of the land value", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: PRICE_CAP }),
        (landValueCents, hundredths, pricePerUnit) => {
          const units = maxUnitsForSale({
            landValueCents,
            maxLandUnitsForSalePercentage: hundredths / 100,
            pricePerUnit,
          })
          // |units × price × 10,000 − land × 10 × hundredths| ≤ price × 10,000 / 2
          const diff =
            BigInt(units) * BigInt(pricePerUnit) * 10_000n - BigInt(landValueCents) * 10n * BigInt(hundredths)
          const abs = diff < 0n ? -diff : diff
          expect(2n * abs <= BigInt(pricePerUnit) * 10_000n).toBe(true)
        },
      ),
    )
  })
})
