/**
 * The contracts of the read-side pricing ports (PriceSchedules, ExchangeRateHistory, PriceScheduleHistory): run on memory here, on
 * PostgreSQL by the adapters' tests, each through its own way of writing what admins set.
 */
import { describe, expect, it } from "@effect/vitest"
import { type Effect as E, Effect, type Layer } from "effect"
import { TestClock } from "effect/testing"
import type { ExchangeRate, PriceSchedule } from "../../src/pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { PriceScheduleHistory } from "../../src/pricing/ports/PriceScheduleHistory.ts"
import { PriceSchedules } from "../../src/pricing/ports/PriceSchedules.ts"

export interface MarketDataWriter {
  /** As an admin sets it (PricingSettings.setUnit on PostgreSQL), at the Clock's instant. */
  readonly setSchedule: (schedule: PriceSchedule) => E.Effect<void>
  readonly setRate: (rate: ExchangeRate) => E.Effect<void>
}

export const marketDataContract = (
  name: string,
  makeLayer: () => Layer.Layer<PriceSchedules | ExchangeRateHistory | PriceScheduleHistory>,
  writer: () => MarketDataWriter,
) =>
  describe(`PriceSchedules, ExchangeRateHistory and PriceScheduleHistory contract (${name})`, () => {
    it.effect(
      "keeps every schedule a unit type had with the instant it was set, oldest first; a setting that keeps it adds none",
      () =>
        Effect.gen(function* () {
          const at =
            (millis: number) =>
            <A, E, R>(effect: Effect.Effect<A, E, R>) =>
              TestClock.setTime(millis).pipe(Effect.andThen(effect))
          const first = {
            unitType: "LAND_AUD",
            basePrice: 15_000,
            baseDate: "2026-01-01",
            growthPerYearPercent: 5,
          } as const
          const second = { ...first, basePrice: 16_000, baseDate: "2026-04-01" }
          const result = yield* Effect.gen(function* () {
            const w = writer()
            yield* at(Date.UTC(2026, 0, 1, 9))(w.setSchedule(first))
            yield* at(Date.UTC(2026, 1, 1, 9))(w.setSchedule(first))
            yield* at(Date.UTC(2026, 3, 1, 10, 30))(w.setSchedule(second))
            yield* at(Date.UTC(2026, 3, 2))(w.setSchedule({ ...first, unitType: "LAND_POUND" }))
            const history = yield* PriceScheduleHistory
            return { aud: yield* history.changes("LAND_AUD"), usd: yield* history.changes("LAND_USD") }
          }).pipe(Effect.provide(makeLayer()))
          expect(result.aud).toEqual([
            { at: Date.UTC(2026, 0, 1, 9), schedule: first },
            { at: Date.UTC(2026, 3, 1, 10, 30), schedule: second },
          ])
          expect(result.usd).toEqual([])
        }),
    )

    it.live("answers every configured schedule, replaced by a later setting of the same unit type", () =>
      Effect.gen(function* () {
        const schedules = yield* Effect.gen(function* () {
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
        }).pipe(Effect.provide(makeLayer()))
        expect(schedules.toSorted((a, b) => a.unitType.localeCompare(b.unitType))).toEqual([
          { unitType: "LAND_EUR", basePrice: 9_000, baseDate: "2026-02-01", growthPerYearPercent: 7.5 },
          { unitType: "LAND_USD", basePrice: 11_000, baseDate: "2026-01-01", growthPerYearPercent: 5 },
        ])
      }),
    )

    it.live("answers one pair's rates set on or before a day, oldest first, and no other pair's", () =>
      Effect.gen(function* () {
        const result = yield* Effect.gen(function* () {
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
        }).pipe(Effect.provide(makeLayer()))
        expect(result.until4).toEqual([
          { from: "EUR", to: "GBP", rate: 850_000, day: "2026-03-01" },
          { from: "EUR", to: "GBP", rate: 860_000, day: "2026-03-03" },
        ])
        expect(result.before).toEqual([])
        expect(result.none).toEqual([])
      }),
    )
  })
