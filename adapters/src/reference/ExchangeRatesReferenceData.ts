/**
 * ExchangeRates answered from a ReferenceData snapshot instead of one query each, with ExchangeRatesPg's answers: a
 * missing rate is ExchangeRateUnavailable. For read-only pages (the member's bundle): orders keep reading the
 * database (ExchangeRatesPg) so an admin's change applies at once.
 */

import { ExchangeRates, ExchangeRateUnavailable } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { EXCHANGE_RATE_SCALE } from "@landunits/core/shared/Constants.ts"
import { Effect, Layer } from "effect"
import { ReferenceData, todayIn } from "./ReferenceData.ts"

export const ExchangeRatesReferenceData = Layer.effect(ExchangeRates)(
  Effect.gen(function* () {
    const today = todayIn(yield* ReferenceData)
    return ExchangeRates.of({
      rate: (from, to) =>
        Effect.flatMap(today, (snapshot) => {
          if (from === to) return Effect.succeed({ from, to, rate: EXCHANGE_RATE_SCALE, day: snapshot.day })
          const found = snapshot.rates.find((r) => r.from === from && r.to === to)
          return found === undefined
            ? Effect.fail(
                new ExchangeRateUnavailable({
                  message: `No exchange rate from ${from} to ${to} today`,
                  from,
                  to,
                }),
              )
            : Effect.succeed(found)
        }),
    })
  }),
)
