import { Clock, Effect, Layer } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  convertCents,
  daysFrom,
  ratesInEffect,
  totalAmountsConvertedFromGBP,
} from "../../src/market/MarketFormulas.ts"
import type { PriceChange } from "../../src/pricing/PriceHistory.ts"
import type { ExchangeRate } from "../../src/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { PriceScheduleHistory } from "../../src/pricing/ports/PriceScheduleHistory.ts"
import { PriceSchedules } from "../../src/pricing/ports/PriceSchedules.ts"
import { marketDataContract } from "../support/MarketDataContract.ts"

{
  const schedules = {
    current: [] as ReadonlyArray<import("../../src/pricing/PricingModel.ts").PriceSchedule>,
  }
  const rates = { current: [] as ReadonlyArray<ExchangeRate> }
  const changes = { current: [] as ReadonlyArray<PriceChange> }
  marketDataContract(
    "memory",
    () => {
      schedules.current = []
      rates.current = []
      changes.current = []
      return Layer.mergeAll(
        PriceSchedules.layerMemory(schedules),
        ExchangeRateHistory.layerMemory(rates),
        PriceScheduleHistory.layerMemory(changes),
      )
    },
    () => ({
      setSchedule: (s) =>
        Effect.flatMap(Clock.currentTimeMillis, (at) =>
          Effect.sync(() => {
            const before = schedules.current.find((x) => x.unitType === s.unitType)
            const same =
              before !== undefined &&
              before.basePrice === s.basePrice &&
              before.baseDate === s.baseDate &&
              before.growthPerYearPercent === s.growthPerYearPercent
            if (!same) changes.current = [...changes.current, { at, schedule: s }]
            schedules.current = [...schedules.current.filter((x) => x.unitType !== s.unitType), s]
          }),
        ),
      setRate: (r) =>
        Effect.sync(() => {
          rates.current = [
            ...rates.current.filter((x) => !(x.from === r.from && x.to === r.to && x.day === r.day)),
            r,
          ]
        }),
    }),
  )
}

describe("converting money between currencies", () => {
  it("converts cents at a rate in millionths, rounding half-up once", () => {
    expect(convertCents(10_000, 850_000)).toBe(8_500)
    // 1 × 1.5 = 1.5 cents → 2; 3 × 0.5 = 1.5 → 2; 1 × 0.499999 → 0.
    expect(convertCents(1, 1_500_000)).toBe(2)
    expect(convertCents(3, 500_000)).toBe(2)
    expect(convertCents(1, 499_999)).toBe(0)
  })

  it("is never more than half a cent from the exact product", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 1, max: 10 ** 8 }),
        (cents, rate) => {
          const exact = BigInt(cents) * BigInt(rate) * 2n // twice the exact value, in millionths
          const got = BigInt(convertCents(cents, rate)) * 2_000_000n
          const diff = got > exact ? got - exact : exact - got
          expect(diff <= 1_000_000n).toBe(true)
        },
      ),
    )
  })

  it("refuses a negative amount or a rate that is not a positive whole number", () => {
    expect(() => convertCents(-1, 1_000_000)).toThrow(RangeError)
    expect(() => convertCents(1, 0)).toThrow(RangeError)
    expect(() => convertCents(1, 1.5)).toThrow(RangeError)
  })
})

describe("totalAmountsConvertedFromGBP", () => {
  it("sums every land value in GBP, then tells that GBP total in USD and EUR", () => {
    const result = totalAmountsConvertedFromGBP({
      landValues: { EUR: 1_000_000, USD: 2_000_000, AUD: 3_000_000, GBP: 500_000 },
      toGbp: { EUR: 850_000, USD: 779_817, AUD: 515_152, GBP: 1_000_000 },
      gbpToUsd: 1_282_353,
      gbpToEur: 1_176_471,
    })
    // 850,000 + 1,559,634 + 1,545,456 + 500,000
    expect(result.pound).toBe(4_455_090)
    expect(result.usd).toBe(5_712_998) // 4,455,090 × 1.282353 = 5,712,998.03
    expect(result.euro).toBe(5_241_284) // 4,455,090 × 1.176471 = 5,241,284.19
  })
})

describe("a pair's daily rate history", () => {
  const rate = (day: string, value: number): ExchangeRate => ({ from: "EUR", to: "GBP", rate: value, day })

  it("lists every UTC day of the range, across a month's end", () => {
    expect(daysFrom("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ])
    expect(daysFrom("2026-03-02", "2026-03-01")).toEqual([])
  })

  it("gives each day the latest rate set on or before it, and leaves out the days before the first rate", () => {
    const stored = [rate("2026-03-02", 850_000), rate("2026-03-04", 860_000)]
    expect(ratesInEffect(stored, daysFrom("2026-03-01", "2026-03-05"))).toEqual([
      rate("2026-03-02", 850_000),
      rate("2026-03-03", 850_000),
      rate("2026-03-04", 860_000),
      rate("2026-03-05", 860_000),
    ])
  })

  it("carries a rate set before the range into its first day", () => {
    expect(ratesInEffect([rate("2026-01-01", 840_000)], ["2026-03-01"])).toEqual([
      rate("2026-03-01", 840_000),
    ])
  })
})
