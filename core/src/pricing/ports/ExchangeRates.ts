import { Clock, Context, Effect, Layer, Schema } from "effect"
import { formatIsoDate } from "../../format/Format.ts"
import { EXCHANGE_RATE_SCALE } from "../../shared/Constants.ts"
import { CurrencyType } from "../../shared/Enums.ts"
import type { ExchangeRate } from "../PricingModel.ts"

export class ExchangeRateUnavailable extends Schema.TaggedError<ExchangeRateUnavailable>()(
  "ExchangeRateUnavailable",
  { message: Schema.String, from: CurrencyType, to: CurrencyType },
  { httpApiStatus: 503 },
) {}

/** Port: today's exchange rate between two currencies, in millionths (EXCHANGE_RATE_SCALE). */
export class ExchangeRates extends Context.Service<
  ExchangeRates,
  {
    readonly rate: (
      from: CurrencyType,
      to: CurrencyType,
    ) => Effect.Effect<ExchangeRate, ExchangeRateUnavailable>
  }
>()("@landunits/core/pricing/ports/ExchangeRates") {
  /**
   * In memory over a table keyed "FROM->TO" that the caller owns; a currency to itself is always 1.
   * The rate's day is today's UTC date from the Clock.
   */
  static readonly layerMemory = (rates: Map<string, number>) =>
    Layer.succeed(ExchangeRates)({
      rate: (from, to) =>
        Effect.gen(function* () {
          const rate = from === to ? EXCHANGE_RATE_SCALE : rates.get(`${from}->${to}`)
          if (rate === undefined) {
            return yield* new ExchangeRateUnavailable({
              message: `No exchange rate from ${from} to ${to} today`,
              from,
              to,
            })
          }
          const day = formatIsoDate(yield* Clock.currentTimeMillis)
          return { from, to, rate, day }
        }),
    })
}
