/**
 * The public market data, read from the price book, the exchange rates and the ledger's project totals:
 * the fees page, the statistics page, today's exchange rates, one pair's daily history, and a reference
 * code's discount terms. Unit types without a price yet (a new installation) are left out of the fees and
 * project totals and offer no land.
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import { formatIsoDate } from "../format/Format.ts"
import { HoldingsService } from "../ledger/HoldingsService.ts"
import { type DiscountCode, DiscountCodes } from "../orders/ports/DiscountCodes.ts"
import type { ExchangeRate, LandUnitStats } from "../pricing/PricingModel.ts"
import { ExchangeRateHistory } from "../pricing/ports/ExchangeRateHistory.ts"
import { ExchangeRates, type ExchangeRateUnavailable } from "../pricing/ports/ExchangeRates.ts"
import { PriceBook } from "../pricing/ports/PriceBook.ts"
import { PriceSchedules } from "../pricing/ports/PriceSchedules.ts"
import { Durations, EXCHANGE_RATE_SCALE } from "../shared/Constants.ts"
import { type CurrencyType, CurrencyTypes, type UnitType, UnitTypeOfCurrency } from "../shared/Enums.ts"
import { MarketMessages, ReferenceCodeNotFound } from "./MarketErrors.ts"
import { daysFrom, ratesInEffect, totalAmountsConvertedFromGBP } from "./MarketFormulas.ts"
import {
  DAILY_RATE_DAYS_DEFAULT,
  type DailyRateQuery,
  type FeesPage,
  MAX_LAND_UNITS_FOR_SALE_PERCENTAGE,
  type Statistics,
} from "./MarketModel.ts"

export class MarketService extends Context.Service<
  MarketService,
  {
    readonly fees: Effect.Effect<FeesPage>
    readonly landUnitStats: Effect.Effect<LandUnitStats>
    /** Needs today's rate of every currency to GBP and of GBP to USD and EUR. */
    readonly statistics: Effect.Effect<Statistics, ExchangeRateUnavailable>
    /** Today's rate of every pair that has one. */
    readonly exchangeRates: Effect.Effect<ReadonlyArray<ExchangeRate>>
    readonly dailyExchangeRates: (query: DailyRateQuery) => Effect.Effect<ReadonlyArray<ExchangeRate>>
    /** An active code's terms; unknown and disabled codes answer alike. */
    readonly discountByCode: (code: string) => Effect.Effect<DiscountCode, ReferenceCodeNotFound>
  }
>()("@landunits/core/market/MarketService") {
  static readonly layer = Layer.effect(MarketService)(
    Effect.gen(function* () {
      const book = yield* PriceBook
      const rates = yield* ExchangeRates
      const history = yield* ExchangeRateHistory
      const schedules = yield* PriceSchedules
      const codes = yield* DiscountCodes
      const holdings = yield* HoldingsService

      /** A unit type without a price yet has no land offered: 0. */
      const landValueOf = (priced: ReadonlyArray<UnitType>, currency: CurrencyType) => {
        const unitType = UnitTypeOfCurrency[currency]
        return priced.includes(unitType)
          ? Effect.map(book.landLimits(unitType), (l) => l.totalProjectLandValueInCents)
          : Effect.succeed(0)
      }

      const landUnitStats = Effect.gen(function* () {
        const all = yield* schedules.schedules
        const priced = yield* book.pricedUnitTypes
        return {
          landValues_aud: yield* landValueOf(priced, "AUD"),
          landValues_eur: yield* landValueOf(priced, "EUR"),
          landValues_usd: yield* landValueOf(priced, "USD"),
          landValues_pound: yield* landValueOf(priced, "GBP"),
          maxLandUnitsForSalePercentage: MAX_LAND_UNITS_FOR_SALE_PERCENTAGE,
          growthPerYearPercent: Math.max(0, ...all.map((s) => s.growthPerYearPercent)),
        } satisfies LandUnitStats
      })

      const fees = Effect.gen(function* () {
        const unitFees = yield* Effect.forEach(yield* book.pricedUnitTypes, (unitType) =>
          Effect.map(book.unitPrice(unitType), (p) => ({
            unitType,
            currency: p.currency,
            buyOrderTransactionFeeInCents: p.buyOrderTransactionFeeInCents,
            sellOrderTransactionFeeInUnits: p.sellOrderTransactionFeeInUnits,
            convertOrderTransactionFeeInUnits: p.convertOrderTransactionFeeInUnits,
          })),
        )
        return { fees: unitFees, externalFees: yield* book.externalFees } satisfies FeesPage
      })

      const statistics = Effect.gen(function* () {
        const stats = yield* landUnitStats
        const toGbp = {} as Record<CurrencyType, number>
        for (const currency of CurrencyTypes) toGbp[currency] = (yield* rates.rate(currency, "GBP")).rate
        const totals = yield* Effect.forEach(yield* book.pricedUnitTypes, (unitType) =>
          Effect.map(holdings.projectTotals(unitType), (t) => ({ unitType, ...t })),
        )
        return {
          landUnitStats: stats,
          totalAmountsConvertedFromGBP: totalAmountsConvertedFromGBP({
            landValues: {
              EUR: stats.landValues_eur,
              USD: stats.landValues_usd,
              AUD: stats.landValues_aud,
              GBP: stats.landValues_pound,
            },
            toGbp,
            gbpToUsd: (yield* rates.rate("GBP", "USD")).rate,
            gbpToEur: (yield* rates.rate("GBP", "EUR")).rate,
          }),
          projectTotals: totals,
        } satisfies Statistics
      })

      const exchangeRates = Effect.map(
        Effect.forEach(
          CurrencyTypes.flatMap((from) =>
            CurrencyTypes.filter((to) => to !== from).map((to) => [from, to] as const),
          ),
          ([from, to]) => Effect.option(rates.rate(from, to)),
        ),
        (found) => found.flatMap((r) => Option.toArray(r)),
      )

      const dailyExchangeRates = Effect.fn("MarketService.dailyExchangeRates")(function* (
        query: DailyRateQuery,
      ) {
        const now = yield* Clock.currentTimeMillis
        const days = query.days ?? DAILY_RATE_DAYS_DEFAULT
        const toDay = formatIsoDate(now)
        const fromDay = formatIsoDate(now - (days - 1) * Durations.DAY)
        const range = daysFrom(fromDay, toDay)
        if (query.from === query.to)
          return range.map((day) => ({ from: query.from, to: query.to, rate: EXCHANGE_RATE_SCALE, day }))
        return ratesInEffect(yield* history.ratesUntil(query.from, query.to, toDay), range)
      })

      const discountByCode = Effect.fn("MarketService.discountByCode")(function* (code: string) {
        const found = yield* codes.find(code)
        if (Option.isNone(found))
          return yield* new ReferenceCodeNotFound({ message: MarketMessages.referenceCodeNotFound })
        return found.value
      })

      return MarketService.of({
        fees,
        landUnitStats,
        statistics,
        exchangeRates,
        dailyExchangeRates,
        discountByCode,
      })
    }),
  )
}
