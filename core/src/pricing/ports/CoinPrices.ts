/**
 * Port: the price of one whole coin (BITCOIN, ETHER) in an order currency, in that currency's minor units
 * (cents per coin: an integer, never a float), as of an instant. A crypto payment's coin amount is computed
 * from it when the payment starts; admins (or a rate feed) set it.
 *
 * The rule of use: a price is current for COIN_PRICE_MAX_AGE_MS after its `asOf`. Without a current price
 * a crypto payment is refused (`currentCoinPrice` fails with CoinPriceUnavailable) rather than charged at an
 * old rate. A price dated in the future is not used before its time.
 */
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { CryptoCoin, CurrencyType } from "../../shared/Enums.ts"

/** A coin price older than this (24 hours) is not used. */
export const COIN_PRICE_MAX_AGE_MS = 24 * 60 * 60 * 1000

const PositiveSafeInt = Schema.Int.check(
  Schema.isGreaterThan(0),
  Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER),
)

export const CoinPrice = Schema.Struct({
  coin: CryptoCoin,
  currency: CurrencyType,
  /** Minor units of `currency` (cents) per whole coin. */
  centsPerCoin: PositiveSafeInt,
  /** When the price was observed, epoch milliseconds. */
  asOf: Schema.Int,
})
export type CoinPrice = typeof CoinPrice.Type

export class CoinPriceUnavailable extends Schema.TaggedError<CoinPriceUnavailable>()(
  "CoinPriceUnavailable",
  {
    message: Schema.String,
    coin: CryptoCoin,
    currency: CurrencyType,
    /** The newest price there is, when it is too old to use. */
    staleAsOf: Schema.optionalKey(Schema.Int),
  },
  { httpApiStatus: 503 },
) {}

/** Where each stored price is kept in memory: one list per coin and currency. */
const keyOf = (coin: CryptoCoin, currency: CurrencyType) => `${coin}/${currency}`

export class CoinPrices extends Context.Service<
  CoinPrices,
  {
    /** The newest price of `coin` in `currency` whose `asOf` is not after now (Effect's Clock), of any age. */
    readonly latest: (coin: CryptoCoin, currency: CurrencyType) => Effect.Effect<Option.Option<CoinPrice>>
    /** Records a price; a second price for the same coin, currency and instant replaces the first. */
    readonly set: (price: CoinPrice) => Effect.Effect<void>
  }
>()("@landunits/core/pricing/ports/CoinPrices") {
  /** In memory: the reference implementation the PostgreSQL adapter's contract tests compare with. */
  static readonly layerMemory = Layer.effect(CoinPrices)(
    Effect.sync(() => {
      const prices = new Map<string, Map<number, CoinPrice>>()
      return CoinPrices.of({
        latest: (coin, currency) =>
          Effect.map(Clock.currentTimeMillis, (now) => {
            let newest: CoinPrice | undefined
            for (const price of prices.get(keyOf(coin, currency))?.values() ?? []) {
              if (price.asOf <= now && (newest === undefined || price.asOf > newest.asOf)) newest = price
            }
            return Option.fromUndefinedOr(newest)
          }),
        set: (price) =>
          Effect.sync(() => {
            const key = keyOf(price.coin, price.currency)
            const list = prices.get(key) ?? new Map<number, CoinPrice>()
            list.set(price.asOf, { ...price })
            prices.set(key, list)
          }),
      })
    }),
  )
}

/** Whether a crypto payment may use `price` at `now`: it is less than COIN_PRICE_MAX_AGE_MS old. */
export const isCurrentCoinPrice = (price: CoinPrice, now: number): boolean =>
  price.asOf <= now && now - price.asOf < COIN_PRICE_MAX_AGE_MS

/**
 * The price a crypto payment may use now: the latest one, if it is at most COIN_PRICE_MAX_AGE_MS old.
 * Otherwise CoinPriceUnavailable, with the member-facing message (and, for a stale price, its date for admins).
 */
export const currentCoinPrice = Effect.fn("CoinPrices.current")(function* (
  coin: CryptoCoin,
  currency: CurrencyType,
): Effect.fn.Return<CoinPrice, CoinPriceUnavailable, CoinPrices> {
  const latest = yield* (yield* CoinPrices).latest(coin, currency)
  const now = yield* Clock.currentTimeMillis
  if (Option.isSome(latest) && isCurrentCoinPrice(latest.value, now)) return latest.value
  return yield* new CoinPriceUnavailable({
    message: `Payment in ${coin} is not available: there is no current ${coin} price in ${currency}. Please try again later or choose another payment method.`,
    coin,
    currency,
    ...(Option.isSome(latest) ? { staleAsOf: latest.value.asOf } : {}),
  })
})
