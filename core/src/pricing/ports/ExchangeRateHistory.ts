import { Context, Effect, Layer } from "effect"
import type { CurrencyType } from "../../shared/Enums.ts"
import type { ExchangeRate } from "../PricingModel.ts"

/**
 * Port: the exchange rates admins set for one pair of currencies, day by day. A day without a rate of its
 * own keeps the latest earlier one (as ExchangeRates answers today's rate); `ratesInEffect` fills the days.
 */
export class ExchangeRateHistory extends Context.Service<
  ExchangeRateHistory,
  {
    /** The rates set for from → to on or before `untilDay` (YYYY-MM-DD), oldest first. */
    readonly ratesUntil: (
      from: CurrencyType,
      to: CurrencyType,
      untilDay: string,
    ) => Effect.Effect<ReadonlyArray<ExchangeRate>>
  }
>()("@landunits/core/pricing/ports/ExchangeRateHistory") {
  /** In memory over a list the caller owns (any order). */
  static readonly layerMemory = (rates: { current: ReadonlyArray<ExchangeRate> }) =>
    Layer.succeed(ExchangeRateHistory)({
      ratesUntil: (from, to, untilDay) =>
        Effect.sync(() =>
          rates.current
            .filter((r) => r.from === from && r.to === to && r.day <= untilDay)
            .toSorted((a, b) => a.day.localeCompare(b.day)),
        ),
    })
}
