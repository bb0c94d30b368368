/**
 * The public market data (the pages /fees and /statistics, the convert page's rates, the home page's impact
 * block): fees per unit type and per payment method, land statistics with totalAmountsConvertedFromGBP and
 * the project totals, today's exchange rates and one pair's daily history, the platform's impact
 * metrics (spec §7 GET /utility/get-env-metrics), and a unit type's prices over time with the admins'
 * changes (issue 24). Anyone may read them.
 */
import { ImpactMetrics } from "@landunits/core/content/ContentModel.ts"
import {
  DailyExchangeRates,
  DailyRateQuery,
  ExchangeRatesNow,
  FeesPage,
  Statistics,
} from "@landunits/core/market/MarketModel.ts"
import { PriceHistory, PriceHistoryQuery } from "@landunits/core/pricing/PricingModel.ts"
import { ExchangeRateUnavailable } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { InvalidInput } from "./ApiErrors.ts"

export const EnvMetricsAnswer = Schema.Struct({
  envMetrics: ImpactMetrics,
  /** How many land projects (open and closed) the figures sum. */
  projectCount: Schema.Int,
})
export type EnvMetricsAnswer = typeof EnvMetricsAnswer.Type

export class MarketApi extends HttpApiGroup.make("market").add(
  HttpApiEndpoint.get("fees", "/market/fees", { success: FeesPage }),
  HttpApiEndpoint.get("statistics", "/market/statistics", {
    success: Statistics,
    error: ExchangeRateUnavailable,
  }),
  HttpApiEndpoint.get("exchangeRates", "/market/exchange-rates", { success: ExchangeRatesNow }),
  HttpApiEndpoint.get("dailyExchangeRates", "/market/exchange-rates/daily", {
    query: DailyRateQuery,
    success: DailyExchangeRates,
  }),
  HttpApiEndpoint.get("envMetrics", "/utility/get-env-metrics", { success: EnvMetricsAnswer }),
  HttpApiEndpoint.get("priceHistory", "/prices/history", {
    query: PriceHistoryQuery,
    success: PriceHistory,
    error: InvalidInput,
  }),
) {}
