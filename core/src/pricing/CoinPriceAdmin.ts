/**
 * The admins' coin prices: `pricing set-coin-price` (one coin's price in a currency, as of when it is set) and
 * the latest price of every coin that `pricing show` reads.
 */
import { Clock, Effect, Option } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { formatMoney } from "../format/Format.ts"
import { CryptoCoins, type CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import { audit } from "./PricingAdminAudit.ts"
import { param, parsed } from "./PricingAdminParams.ts"
import { parseCoinPriceInput } from "./PricingInput.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices, isCurrentCoinPrice } from "./ports/CoinPrices.ts"

const coinPriceOf = (params: OperationParams) =>
  Effect.gen(function* () {
    return yield* parsed(
      parseCoinPriceInput(
        yield* param(params, "coin"),
        yield* param(params, "currency"),
        yield* param(params, "price"),
      ),
    )
  })

export const setCoinPrice: OperationHandler<{
  readonly coin: string
  readonly currency: CurrencyType
  readonly centsPerCoin: number
  readonly asOf: number
  readonly currentUntil: number
}> = {
  prepare: (params) =>
    Effect.map(coinPriceOf(params), (input) => ({
      params: { coin: input.coin, currency: input.currency, price: params.price ?? "" },
      summary: `Set the price of one ${input.coin} to ${formatMoney(input.centsPerCoin, input.currency)} (as of the approval)`,
    })),
  // A coin price is as of when it is set: an approved one is as of the approval.
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const input = yield* coinPriceOf(params)
      const prices = yield* CoinPrices
      const before = yield* prices.latest(input.coin, input.currency)
      const set = { ...input, asOf: yield* Clock.currentTimeMillis }
      yield* prices.set(set)
      yield* audit(
        acting,
        "pricing.setCoinPrice",
        `coinPrice:${set.coin}/${set.currency}`,
        { before: JSON.stringify(Option.getOrNull(before)), after: JSON.stringify(set) },
        facts,
      )
      return { ...set, currentUntil: set.asOf + COIN_PRICE_MAX_AGE_MS }
    }),
  outcome: (r) =>
    `${r.coin} in ${r.currency}: ${formatMoney(r.centsPerCoin, r.currency)} per coin (${r.centsPerCoin} cents), ` +
    `as of ${new Date(r.asOf).toISOString()}, current until ${new Date(r.currentUntil).toISOString()}`,
}

/** The latest price of every coin in every currency that has one, and whether crypto payments may use it now. */
export const coinPricesNow = Effect.gen(function* () {
  const prices = yield* CoinPrices
  const now = yield* Clock.currentTimeMillis
  const latest = yield* Effect.forEach(CryptoCoins, (coin) =>
    Effect.forEach(CurrencyTypes, (currency) => prices.latest(coin, currency)),
  )
  return latest
    .flat()
    .flatMap((price) =>
      Option.isSome(price) ? [{ ...price.value, current: isCurrentCoinPrice(price.value, now) }] : [],
    )
})
