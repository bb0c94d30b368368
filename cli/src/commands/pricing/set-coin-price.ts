/**
 * `landunits pricing set-coin-price <coin> <currency> <price>`: the price of one whole coin (BITCOIN, ETHER)
 * in an order currency, typed in currency units ("65000.00"), as of now. Crypto payments use the newest price
 * for COIN_PRICE_MAX_AGE_MS (24 hours); after that the coin is refused until a new price is set.
 */
import { formatMoney } from "@landunits/core/format/Format.ts"
import { parseCoinPriceInput } from "@landunits/core/pricing/PricingInput.ts"
import { COIN_PRICE_MAX_AGE_MS, CoinPrices } from "@landunits/core/pricing/ports/CoinPrices.ts"
import { Clock, Effect, Option } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { parsed } from "./settings.ts"

export const pricingSetCoinPrice = (cli: Cli, coin: string, currency: string, price: string) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const input = yield* parsed(parseCoinPriceInput(coin, currency, price))
      const prices = yield* CoinPrices
      const before = yield* prices.latest(input.coin, input.currency)
      const set = { ...input, asOf: yield* Clock.currentTimeMillis }
      yield* prices.set(set)
      yield* audit(operator, "pricing.setCoinPrice", `coinPrice:${set.coin}/${set.currency}`, {
        before: JSON.stringify(Option.getOrNull(before)),
        after: JSON.stringify(set),
      })
      return { ...set, currentUntil: set.asOf + COIN_PRICE_MAX_AGE_MS }
    }),
    (r) =>
      `${r.coin} in ${r.currency}: ${formatMoney(r.centsPerCoin, r.currency)} per coin (${r.centsPerCoin} cents), ` +
      `as of ${new Date(r.asOf).toISOString()}, current until ${new Date(r.currentUntil).toISOString()}`,
  )
