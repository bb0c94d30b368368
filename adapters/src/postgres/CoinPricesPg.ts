/**
 * CoinPrices on PostgreSQL, over the `coin_prices` table (migration 0601): one row per coin, currency and
 * instant, cents per whole coin as bigint. The latest price is found through the primary key
 * (coin, currency, as_of); a second price at the same instant replaces the first.
 */
import { type CoinPrice, CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import type { CryptoCoin, CurrencyType } from "@landunits/core/shared/Enums.ts"
import { Clock, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"

/** A coin_prices row as selected (bigint columns come back as text). */
interface CoinPriceRow {
  readonly coin: CryptoCoin
  readonly currency: CurrencyType
  readonly cents_per_coin: string
  readonly as_of: string
}

const toCoinPrice = (row: CoinPriceRow): CoinPrice => ({
  coin: row.coin,
  currency: row.currency,
  centsPerCoin: Number(row.cents_per_coin),
  asOf: Number(row.as_of),
})

export const CoinPricesPg = Layer.effect(CoinPrices)(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return CoinPrices.of({
      latest: (coin, currency) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const rows = yield* sql<CoinPriceRow>`
            SELECT coin, currency, cents_per_coin, as_of FROM coin_prices
            WHERE coin = ${coin} AND currency = ${currency} AND as_of <= ${now}
            ORDER BY as_of DESC LIMIT 1`
          return Option.map(Option.fromUndefinedOr(rows[0]), toCoinPrice)
        }).pipe(Effect.orDie, Effect.withSpan("CoinPricesPg.latest")),
      set: (price) =>
        sql`
          INSERT INTO coin_prices (coin, currency, cents_per_coin, as_of)
          VALUES (${price.coin}, ${price.currency}, ${price.centsPerCoin}, ${price.asOf})
          ON CONFLICT (coin, currency, as_of) DO UPDATE SET cents_per_coin = EXCLUDED.cents_per_coin`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("CoinPricesPg.set"),
        ),
    })
  }),
)
