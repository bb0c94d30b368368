import { ImpactService } from "@landunits/core/impact/ImpactService.ts"
import { MarketService } from "@landunits/core/market/MarketService.ts"
import { PriceHistoryService } from "@landunits/core/pricing/PriceHistoryService.ts"
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { InvalidInput } from "../api/ApiErrors.ts"

export const MarketHandlers = HttpApiBuilder.group(
  Api,
  "market",
  Effect.fn(function* (handlers) {
    const market = yield* MarketService
    const impact = yield* ImpactService
    const prices = yield* PriceHistoryService
    return handlers
      .handle("fees", () => market.fees)
      .handle("statistics", () => market.statistics)
      .handle("exchangeRates", () => Effect.map(market.exchangeRates, (exchangeRate) => ({ exchangeRate })))
      .handle("dailyExchangeRates", ({ query }) =>
        Effect.map(market.dailyExchangeRates(query), (dailyExchangeRate) => ({ dailyExchangeRate })),
      )
      .handle("envMetrics", () => impact.envMetrics)
      .handle("priceHistory", ({ query }) =>
        prices
          .history(query)
          .pipe(
            Effect.catchTag("PriceHistoryRangeInvalid", (e) =>
              Effect.fail(
                new InvalidInput({ message: e.message, errors: [{ path: e.path, message: e.message }] }),
              ),
            ),
          ),
      )
  }),
)
