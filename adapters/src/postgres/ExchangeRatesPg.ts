/** ExchangeRates on PostgreSQL: a rate is the latest one set on or before today (the UTC day of Effect's Clock). */
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { ExchangeRates, ExchangeRateUnavailable } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { Clock, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const ExchangeRatesPg = Layer.effect(ExchangeRates)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const today = Effect.map(Clock.currentTimeMillis, (now) => formatIsoDate(now))

    return ExchangeRates.of({
      rate: (from, to) =>
        Effect.gen(function* () {
          const day = yield* today
          if (from === to) return { from, to, rate: 1_000_000, day }
          const rows = yield* sql<{ rate: string; day: string }>`
            SELECT rate, to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates
            WHERE from_currency = ${from} AND to_currency = ${to} AND day <= ${day}::date
            ORDER BY day DESC LIMIT 1`.pipe(Effect.orDie)
          if (rows[0] === undefined) {
            return yield* new ExchangeRateUnavailable({
              message: `No exchange rate from ${from} to ${to} today`,
              from,
              to,
            })
          }
          return { from, to, rate: Number(rows[0].rate), day: rows[0].day }
        }),
    })
  }),
)
