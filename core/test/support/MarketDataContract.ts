/**
 * The contracts of the read-side pricing ports (PriceSchedules, ExchangeRateHistory): run on memory here, on
 * PostgreSQL by the adapters' tests, each through its own way of writing what admins set.
 */
import { type Effect as E, Effect, type Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { ExchangeRate, PriceSchedule } from "../../src/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { PriceSchedules } from "../../src/pricing/ports/PriceSchedules.ts"

export interface MarketDataWriter {
  readonly setSchedule: (schedule: PriceSchedule) => E.Effect<void>
  readonly setRate: (rate: ExchangeRate) => E.Effect<void>
}

export const marketDataContract = (
  name: string,
  makeLayer: () => Layer.Layer<PriceSchedules | ExchangeRateHistory>,
  writer: () => MarketDataWriter,
) =>
  describe(`PriceSchedules and ExchangeRateHistory contract (${name})`, () => {
    it("answers every configured schedule, replaced by a later setting of the same unit type", async () => {
      const schedules = await Effect.runPromise(
        Effect.gen(function* () {
          const w = writer()
          yield* w.setSchedule({
            unitType: "LAND_USD",
            basePrice: 11_000,
            baseDate: "2026-01-01",
            growthPerYearPercent: 5,
          })
          yield* w.setSchedule({
            unitType: "LAND_EUR",
            basePrice: 10_000,
            baseDate: "2026-01-01",
            growthPerYearPercent: 5,
          })
          yield* w.setSchedule({
            unitType: "LAND_EUR",
            basePrice: 9_000,
            baseDate: "2026-02-01",
            growthPerYearPercent: 7.5,
          })
          return yield* (yield* PriceSchedules).schedules
        }).pipe(Effect.provide(makeLayer())),
      )
      expect(schedules.toSorted((a, b) => a.unitType.localeCompare(b.unitType))).toEqual([
        { unitType: "LAND_EUR", basePrice: 9_000, baseDate: "2026-02-01", growthPerYearPercent: 7.5 },
        { unitType: "LAND_USD", basePrice: 11_000, baseDate: "2026-01-01", growthPerYearPercent: 5 },
      ])
    })

    it("answers one pair's rates set on or before a day, oldest first, and no other pair's", async () => {
      const result = await Effect.runPromise(
        Effect.gen(function* () {
          const w = writer()
          yield* w.setRate({ from: "EUR", to: "GBP", rate: 860_000, day: "2026-03-03" })
          yield* w.setRate({ from: "EUR", to: "GBP", rate: 850_000, day: "2026-03-01" })
          yield* w.setRate({ from: "EUR", to: "GBP", rate: 870_000, day: "2026-03-05" })
          yield* w.setRate({ from: "GBP", to: "EUR", rate: 1_176_471, day: "2026-03-01" })
          const history = yield* ExchangeRateHistory
          return {
            until4: yield* history.ratesUntil("EUR", "GBP", "2026-03-04"),
            before: yield* history.ratesUntil("EUR", "GBP", "2026-02-28"),
            none: yield* history.ratesUntil("USD", "AUD", "2026-03-05"),
          }
        }).pipe(Effect.provide(makeLayer())),
      )
      expect(result.until4).toEqual([
        { from: "EUR", to: "GBP", rate: 850_000, day: "2026-03-01" },
        { from: "EUR", to: "GBP", rate: 860_000, day: "2026-03-03" },
      ])
      expect(result.before).toEqual([])
      expect(result.none).toEqual([])
    })
  })
