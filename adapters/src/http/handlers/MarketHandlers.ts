import { ImpactService } from "@landunits/core/impact/ImpactService.ts"
import { MarketService } from "@landunits/core/market/MarketService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"

export const MarketHandlers = HttpApiBuilder.group(
  Api,
  "market",
  Effect.fn(function* (handlers) {
    const market = yield* MarketService
    const impact = yield* ImpactService
    return handlers
      .handle("fees", () => market.fees)
      .handle("statistics", () => market.statistics)
      .handle("exchangeRates", () => Effect.map(market.exchangeRates, (exchangeRate) => ({ exchangeRate })))
      .handle("dailyExchangeRates", ({ query }) =>
        Effect.map(market.dailyExchangeRates(query), (dailyExchangeRate) => ({ dailyExchangeRate })),
      )
      .handle("envMetrics", () => impact.envMetrics)
  }),
)
