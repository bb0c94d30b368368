/**
 * ExchangeRateHistory on PostgreSQL: a currency pair's exchange rates day by day (exchange_rates, migration 0106);
 * nothing here writes.
 */
import { ExchangeRateHistory } from "@landunits/core/pricing/ports/ExchangeRateHistory.ts"
import type { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

export const ExchangeRateHistoryPg = Layer.effect(ExchangeRateHistory)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return ExchangeRateHistory.of({
      ratesUntil: (from, to, untilDay) =>
        sql<{ from_currency: CurrencyType; to_currency: CurrencyType; rate: string; day: string }>`
          SELECT from_currency, to_currency, rate, to_char(day, 'YYYY-MM-DD') AS day FROM exchange_rates
          WHERE from_currency = ${from} AND to_currency = ${to} AND day <= ${untilDay}::date
          ORDER BY day`.pipe(
          Effect.map((rows) =>
            rows.map((r) => ({ from: r.from_currency, to: r.to_currency, rate: Number(r.rate), day: r.day })),
          ),
          Effect.orDie,
        ),
    })
  }),
)
