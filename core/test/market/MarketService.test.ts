import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Result } from "effect"
import { TestClock } from "effect/testing"
import { HoldingsService } from "../../src/ledger/HoldingsService.ts"
import { LedgerStore } from "../../src/ledger/ports/LedgerStore.ts"
import { MarketMessages } from "../../src/market/MarketErrors.ts"
import { MarketService } from "../../src/market/MarketService.ts"
import { DiscountCodes } from "../../src/orders/ports/DiscountCodes.ts"
import { OrderRepository } from "../../src/orders/ports/OrderRepository.ts"
import { ExchangeRateHistory } from "../../src/pricing/ports/ExchangeRateHistory.ts"
import { ExchangeRates } from "../../src/pricing/ports/ExchangeRates.ts"
import { PriceBook, type PriceBookConfig } from "../../src/pricing/ports/PriceBook.ts"
import { PriceSchedules } from "../../src/pricing/ports/PriceSchedules.ts"
import type { UnitType } from "../../src/shared/Enums.ts"
import { defaultPriceBook, defaultRates, START } from "../support/OrderHarness.ts"

const market = (rates: Map<string, number>, book: PriceBookConfig) =>
  MarketService.layer.pipe(
    Layer.provide(HoldingsService.layer),
    Layer.provide(
      Layer.mergeAll(
        PriceBook.layerMemory({ current: book }),
        ExchangeRates.layerMemory(rates),
        ExchangeRateHistory.layerMemory({
          current: [
            { from: "EUR", to: "GBP", rate: 850_000, day: "2026-01-13" },
            { from: "EUR", to: "GBP", rate: 860_000, day: "2026-01-15" },
          ],
        }),
        PriceSchedules.layerMemory({
          current: [
            { unitType: "LAND_EUR", basePrice: 10_000, baseDate: "2026-01-01", growthPerYearPercent: 5 },
            { unitType: "LAND_AUD", basePrice: 16_000, baseDate: "2026-01-01", growthPerYearPercent: 7.5 },
          ],
        }),
        DiscountCodes.layerMemory([
          { code: "WELCOME10", isPercent: true, amount: 10, minPaymentAmountInCents: 0 },
        ]),
        LedgerStore.layerMemory,
        OrderRepository.layerMemory,
      ),
    ),
  )

/** `effect`'s result over fresh stores with these rates and price book, the test clock set to START. */
const fresh = <A, E>(
  effect: Effect.Effect<A, E, MarketService>,
  rates = defaultRates(),
  book = defaultPriceBook(),
) => Effect.result(TestClock.setTime(START).pipe(Effect.andThen(effect), Effect.provide(market(rates, book))))

/** The default price book with only `priced` unit types priced: a new installation part-way configured. */
const pricedOnly = (priced: ReadonlyArray<UnitType>): PriceBookConfig => {
  const book = defaultPriceBook()
  const keep = <A>(record: Readonly<Record<UnitType, A>>) =>
    Object.fromEntries(priced.map((u) => [u, record[u]])) as Record<UnitType, A>
  return { ...book, prices: keep(book.prices), landLimits: keep(book.landLimits) }
}

describe("the market data service", () => {
  it.effect("states the land statistics with every project offered whole and the highest growth rate", () =>
    Effect.gen(function* () {
      const stats = Result.getOrThrow(yield* fresh(Effect.flatMap(MarketService, (m) => m.landUnitStats)))
      expect(stats).toEqual({
        landValues_aud: 10_000_000,
        landValues_eur: 10_000_000,
        landValues_usd: 10_000_000,
        landValues_pound: 10_000_000,
        maxLandUnitsForSalePercentage: 100,
        growthPerYearPercent: 7.5,
      })
    }),
  )

  it.effect(
    "refuses the statistics when a rate they need is missing, rather than answer a partial figure",
    () =>
      Effect.gen(function* () {
        const rates = defaultRates()
        rates.delete("AUD->GBP")
        const result = yield* fresh(
          Effect.flatMap(MarketService, (m) => m.statistics),
          rates,
        )
        expect(Result.isFailure(result) && result.failure._tag).toBe("ExchangeRateUnavailable")
        const complete = Result.getOrThrow(yield* fresh(Effect.flatMap(MarketService, (m) => m.statistics)))
        // Four land values of 100,000.00 at 1.0 to GBP, then 1.0 to USD and EUR.
        expect(complete.totalAmountsConvertedFromGBP).toEqual({
          pound: 40_000_000,
          usd: 40_000_000,
          euro: 40_000_000,
        })
        expect(complete.projectTotals).toHaveLength(4)
      }),
  )

  it.effect(
    "leaves unit types without a price out of the fees page and the project totals, offering no land of them",
    () =>
      Effect.gen(function* () {
        const book = pricedOnly(["LAND_EUR"])
        const fees = Result.getOrThrow(
          yield* fresh(
            Effect.flatMap(MarketService, (m) => m.fees),
            undefined,
            book,
          ),
        )
        expect(fees.fees.map((f) => f.unitType)).toEqual(["LAND_EUR"])
        const statistics = Result.getOrThrow(
          yield* fresh(
            Effect.flatMap(MarketService, (m) => m.statistics),
            undefined,
            book,
          ),
        )
        expect(statistics.landUnitStats).toMatchObject({
          landValues_eur: 10_000_000,
          landValues_usd: 0,
          landValues_aud: 0,
          landValues_pound: 0,
        })
        expect(statistics.projectTotals.map((t) => t.unitType)).toEqual(["LAND_EUR"])
        expect(statistics.totalAmountsConvertedFromGBP.pound).toBe(10_000_000)
        const none = Result.getOrThrow(
          yield* fresh(
            Effect.flatMap(MarketService, (m) => m.fees),
            undefined,
            pricedOnly([]),
          ),
        )
        expect(none.fees).toEqual([])
      }),
  )

  it.effect("answers a pair's daily history up to today's clock day", () =>
    Effect.gen(function* () {
      const daily = Result.getOrThrow(
        yield* fresh(
          Effect.flatMap(MarketService, (m) => m.dailyExchangeRates({ from: "EUR", to: "GBP", days: 4 })),
        ),
      )
      expect(daily.map((r) => [r.day, r.rate])).toEqual([
        ["2026-01-13", 850_000],
        ["2026-01-14", 850_000],
        ["2026-01-15", 860_000],
      ])
    }),
  )

  it.effect("answers an active code's terms, and ReferenceCodeNotFound with its message for any other", () =>
    Effect.gen(function* () {
      const found = Result.getOrThrow(
        yield* fresh(Effect.flatMap(MarketService, (m) => m.discountByCode(" WELCOME10 "))),
      )
      expect(found).toMatchObject({ isPercent: true, amount: 10 })
      const missing = yield* fresh(Effect.flatMap(MarketService, (m) => m.discountByCode("NOPE")))
      expect(Result.isFailure(missing) && missing.failure.message).toBe(MarketMessages.referenceCodeNotFound)
    }),
  )
})
