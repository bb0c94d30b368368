/**
 * Prices over time (issue 24): the history a member reads equals, day by day, what the price book priced with the
 * schedules admins set; every admin change is listed with its date and the day's price before and after it; the
 * range is refused in words when it ends after today.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { formatIsoDate } from "../../src/format/Format.ts"
import { daysFrom } from "../../src/market/MarketFormulas.ts"
import {
  changesBetween,
  dailyPrices,
  type PriceChange,
  scheduleOnDay,
} from "../../src/pricing/PriceHistory.ts"
import { historyRange, PriceHistoryService } from "../../src/pricing/PriceHistoryService.ts"
import { priceOnDay } from "../../src/pricing/Pricing.ts"
import type { ExchangeRate, PriceHistoryQuery, PriceSchedule } from "../../src/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { PriceScheduleHistory } from "../../src/pricing/ports/PriceScheduleHistory.ts"
import { Durations, PRICE_CAP } from "../../src/shared/Constants.ts"
import { checkProperty } from "../support/EffectProperty.ts"

const DAY = Durations.DAY
const START = Date.UTC(2025, 5, 1)

const schedule = (basePrice: number, baseDate: string, growthPerYearPercent: number): PriceSchedule => ({
  unitType: "LAND_EUR",
  basePrice,
  baseDate,
  growthPerYearPercent,
})

const serviceAt = (
  now: number,
  changes: ReadonlyArray<PriceChange>,
  rates: ReadonlyArray<ExchangeRate> = [],
) => {
  const layer = PriceHistoryService.layer.pipe(
    Layer.provide(
      Layer.mergeAll(
        PriceScheduleHistory.layerMemory({ current: changes }),
        ExchangeRateHistory.layerMemory({ current: rates }),
      ),
    ),
  )
  return (query: PriceHistoryQuery) =>
    TestClock.setTime(now).pipe(
      Effect.andThen(Effect.result(Effect.flatMap(PriceHistoryService, (s) => s.history(query)))),
      Effect.provide(layer),
    )
}

/**
 * The model: the price book as it lived. Admin settings are applied one by one in the order they were made, and
 * at the last millisecond of each day the book prices that day with whatever schedule it then holds.
 */
const modelPrices = (changes: ReadonlyArray<PriceChange>, fromDay: string, toDay: string) => {
  const settings = [...changes].map((c, i) => ({ ...c, i })).sort((a, b) => a.at - b.at || a.i - b.i)
  const prices: Array<{ day: string; pricePerUnit: number }> = []
  let book: PriceSchedule | undefined
  let next = 0
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += DAY) {
    const endOfDay = t + DAY - 1
    while (next < settings.length && settings[next]!.at <= endOfDay) book = settings[next++]!.schedule
    const day = formatIsoDate(t)
    if (book !== undefined) prices.push({ day, pricePerUnit: priceOnDay({ ...book, day }) })
  }
  return prices
}

const arbitrarySchedule = fc.record({
  unitType: fc.constant("LAND_EUR" as const),
  basePrice: fc.integer({ min: 1, max: PRICE_CAP }),
  baseDate: fc.integer({ min: -400, max: 400 }).map((d) => formatIsoDate(START + d * DAY)),
  growthPerYearPercent: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 5000 }).map((h) => h / 100),
  ),
})

/** Admin changes at random instants over about a year (several may fall on one day, or one instant). */
const arbitraryChanges = fc.array(
  fc.record({ at: fc.integer({ min: START, max: START + 365 * DAY }), schedule: arbitrarySchedule }),
  { minLength: 0, maxLength: 8 },
)

describe("the price history", () => {
  it.effect(
    "equals, day by day, the price the price book gave with the schedules admins set (random schedules and changes)",
    () =>
      checkProperty(
        [arbitraryChanges, fc.integer({ min: 0, max: 365 }), fc.integer({ min: 1, max: 366 })],
        (changes, endOffset, length) =>
          Effect.gen(function* () {
            const now = START + 365 * DAY + 12 * 3_600_000
            const to = formatIsoDate(START + endOffset * DAY)
            const from = formatIsoDate(START + (endOffset - length + 1) * DAY)
            const answer = yield* serviceAt(now, changes)({ unitType: "LAND_EUR", from, to })
            if (answer._tag !== "Success") throw new Error(String(answer.failure))
            expect(answer.success.prices).toEqual(modelPrices(changes, from, to))
            // Every change made in the range is listed, once, oldest first, with that day's price before and after.
            const inRange = changes.filter((c) => formatIsoDate(c.at) >= from && formatIsoDate(c.at) <= to)
            expect(answer.success.changes.map((c) => c.at).toSorted()).toEqual(
              inRange.map((c) => new Date(c.at).toISOString()).toSorted(),
            )
            for (const entry of answer.success.changes) {
              expect(entry.pricePerUnitAfter).toBe(
                priceOnDay({
                  ...schedule(entry.basePrice, entry.baseDate, entry.growthPerYearPercent),
                  day: entry.day,
                }),
              )
            }
            // The last change of a day sets that day's price.
            const last = answer.success.changes.at(-1)
            if (
              last !== undefined &&
              answer.success.changes.filter((c) => c.day === last.day).at(-1) === last
            )
              expect(answer.success.prices.find((p) => p.day === last.day)?.pricePerUnit).toBe(
                last.pricePerUnitAfter,
              )
          }),
        { numRuns: 200 },
      ),
  )

  it("prices each day from the schedule in effect at its end, leaving out the days before the first", () => {
    const changes: ReadonlyArray<PriceChange> = [
      { at: Date.UTC(2026, 0, 3, 15), schedule: schedule(10_000, "2026-01-01", 0) },
      // Two changes on one day: the later one prices the day.
      { at: Date.UTC(2026, 0, 5, 9), schedule: schedule(11_000, "2026-01-05", 0) },
      { at: Date.UTC(2026, 0, 5, 17), schedule: schedule(12_000, "2026-01-05", 0) },
    ]
    expect(dailyPrices(changes, daysFrom("2026-01-02", "2026-01-06"))).toEqual([
      { day: "2026-01-03", pricePerUnit: 10_000 },
      { day: "2026-01-04", pricePerUnit: 10_000 },
      { day: "2026-01-05", pricePerUnit: 12_000 },
      { day: "2026-01-06", pricePerUnit: 12_000 },
    ])
    expect(scheduleOnDay(changes, "2026-01-02")).toBeUndefined()
    expect(changesBetween(changes, "2026-01-04", "2026-01-05")).toEqual([
      {
        at: "2026-01-05T09:00:00.000Z",
        day: "2026-01-05",
        basePrice: 11_000,
        baseDate: "2026-01-05",
        growthPerYearPercent: 0,
        pricePerUnitBefore: 10_000,
        pricePerUnitAfter: 11_000,
      },
      {
        at: "2026-01-05T17:00:00.000Z",
        day: "2026-01-05",
        basePrice: 12_000,
        baseDate: "2026-01-05",
        growthPerYearPercent: 0,
        pricePerUnitBefore: 11_000,
        pricePerUnitAfter: 12_000,
      },
    ])
  })

  it("grows daily by the schedule between changes: 10.000 at 5% a year is 10.246 after 182 days and 10.500 a year later", () => {
    const changes = [{ at: Date.UTC(2025, 0, 1), schedule: schedule(10_000, "2025-01-01", 5) }]
    const prices = dailyPrices(changes, ["2025-01-01", "2025-07-02", "2026-01-01"])
    expect(prices.map((p) => p.pricePerUnit)).toEqual([10_000, 10_246, 10_500])
  })

  it.effect(
    "gives the rates a convert out of the unit type used each day, from its currency to each other one",
    () =>
      Effect.gen(function* () {
        const now = Date.UTC(2026, 2, 5, 12)
        const answer = yield* serviceAt(
          now,
          [{ at: Date.UTC(2026, 0, 1), schedule: schedule(10_000, "2026-01-01", 0) }],
          [
            { from: "EUR", to: "GBP", rate: 850_000, day: "2026-03-02" },
            { from: "EUR", to: "GBP", rate: 860_000, day: "2026-03-04" },
            { from: "GBP", to: "EUR", rate: 1_170_000, day: "2026-03-01" },
          ],
        )({ unitType: "LAND_EUR", from: "2026-03-01", to: "2026-03-05" })
        if (answer._tag !== "Success") throw new Error("refused")
        expect(answer.success.currency).toBe("EUR")
        expect(answer.success.exchangeRates.map((r) => [r.from, r.to, r.day, r.rate])).toEqual([
          ["EUR", "GBP", "2026-03-02", 850_000],
          ["EUR", "GBP", "2026-03-03", 850_000],
          ["EUR", "GBP", "2026-03-04", 860_000],
          ["EUR", "GBP", "2026-03-05", 860_000],
        ])
      }),
  )
})

describe("the range of a price history", () => {
  const today = "2026-03-05"
  it("defaults to the 90 days up to today, and a start alone to at most 366 days from it", () => {
    expect(historyRange({}, today)).toEqual({ from: "2025-12-06", to: today })
    expect(historyRange({ to: "2026-01-31" }, today)).toEqual({ from: "2025-11-03", to: "2026-01-31" })
    expect(historyRange({ from: "2026-03-01" }, today)).toEqual({ from: "2026-03-01", to: today })
    expect(historyRange({ from: "2024-01-01" }, today)).toEqual({ from: "2024-01-01", to: "2024-12-31" })
  })

  it("is refused in words when it ends after today, naming the field", () => {
    expect(historyRange({ to: "2026-03-06" }, today)).toMatchObject({
      _tag: "PriceHistoryRangeInvalid",
      path: "to",
      message: "Prices are known up to today (2026-03-05): the end date must be today or earlier",
    })
    expect(historyRange({ from: "2026-04-01" }, today)).toMatchObject({ path: "from" })
  })
})
