/**
 * GET /api/prices/history (issue 24): one unit type's daily prices from its schedules as admins set them, every
 * change in the range, and the exchange rates a convert out of that unit type used each day. Public.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { formatIsoDate, parseIsoDate } from "../format/Format.ts"
import { daysFrom, ratesInEffect } from "../market/MarketFormulas.ts"
import { Durations } from "../shared/Constants.ts"
import { CurrencyOfUnitType, CurrencyTypes } from "../shared/Enums.ts"
import { changesBetween, dailyPrices } from "./PriceHistory.ts"
import { PriceHistoryRangeInvalid } from "./PricingErrors.ts"
import {
  PRICE_HISTORY_DAYS_DEFAULT,
  PRICE_HISTORY_DAYS_MAX,
  type PriceHistory,
  type PriceHistoryQuery,
} from "./PricingModel.ts"
import { ExchangeRateHistory } from "./ports/ExchangeRateHistory.ts"
import { PriceScheduleHistory } from "./ports/PriceScheduleHistory.ts"

/** The range a query asks for with its defaults, or why the clock refuses it. */
export const historyRange = (
  query: Pick<PriceHistoryQuery, "from" | "to">,
  today: string,
): { readonly from: string; readonly to: string } | PriceHistoryRangeInvalid => {
  const to =
    query.to ??
    (query.from === undefined ? today : minDay(today, addDays(query.from, PRICE_HISTORY_DAYS_MAX - 1)))
  const from = query.from ?? addDays(to, -(PRICE_HISTORY_DAYS_DEFAULT - 1))
  if (from > today)
    return new PriceHistoryRangeInvalid({
      path: "from",
      message: `The start date must be today (${today}) or earlier`,
    })
  if (to > today)
    return new PriceHistoryRangeInvalid({
      path: "to",
      message: `Prices are known up to today (${today}): the end date must be today or earlier`,
    })
  return { from, to }
}

const addDays = (day: string, days: number) =>
  formatIsoDate(parseIsoDate(day).getTime() + days * Durations.DAY)
const minDay = (a: string, b: string) => (a <= b ? a : b)

export class PriceHistoryService extends Context.Service<
  PriceHistoryService,
  { readonly history: (query: PriceHistoryQuery) => Effect.Effect<PriceHistory, PriceHistoryRangeInvalid> }
>()("@landunits/core/pricing/PriceHistoryService") {
  static readonly layer = Layer.effect(PriceHistoryService)(
    Effect.gen(function* () {
      const schedules = yield* PriceScheduleHistory
      const rates = yield* ExchangeRateHistory
      return PriceHistoryService.of({
        history: Effect.fn("PriceHistoryService.history")(function* (query: PriceHistoryQuery) {
          const range = historyRange(query, formatIsoDate(yield* Clock.currentTimeMillis))
          if (range instanceof PriceHistoryRangeInvalid) return yield* range
          const days = daysFrom(range.from, range.to)
          const changes = yield* schedules.changes(query.unitType)
          const currency = CurrencyOfUnitType[query.unitType]
          const exchangeRates = yield* Effect.forEach(
            CurrencyTypes.filter((to) => to !== currency),
            (to) =>
              Effect.map(rates.ratesUntil(currency, to, range.to), (stored) => ratesInEffect(stored, days)),
          )
          return {
            unitType: query.unitType,
            currency,
            from: range.from,
            to: range.to,
            prices: dailyPrices(changes, days),
            changes: changesBetween(changes, range.from, range.to),
            exchangeRates: exchangeRates.flat(),
          } satisfies PriceHistory
        }),
      })
    }),
  )
}
