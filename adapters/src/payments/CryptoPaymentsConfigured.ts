/**
 * The CryptoPayments port: the receiving address of each coin from configuration (CRYPTO_BTC_ADDRESS,
 * CRYPTO_ETH_ADDRESS; without one, the test mode's example address where test mode is allowed: PaymentsConfig.ts),
 * which coins are offered in which currencies (an address and a current price), and the coin amount from the coin's price in the order's currency when the payment
 * starts (the CoinPrices port: core/src/pricing/ports/CoinPrices.ts). The amount is computed in the coin's smallest unit (satoshi: 10^-8 BTC;
 * wei: 10^-18 ETH) with integers only, rounded up so the member never sends less than the order's amount,
 * and written as an exact decimal string. A coin without an address, or without a current price (at most
 * COIN_PRICE_MAX_AGE_MS, 24 hours, old), is refused with a message that says so; nothing is guessed.
 */
import type { CoinOffer } from "@landunits/core/orders/CryptoOffers.ts"
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { CoinPrices, currentCoinPrice, isCurrentCoinPrice } from "@landunits/core/pricing/ports/CoinPrices.ts"
import type { CryptoCoin, CurrencyType } from "@landunits/core/shared/Enums.ts"
import { CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import { Clock, Effect, Layer, Option } from "effect"
import type { CoinMode } from "./PaymentsConfig.ts"

/** Decimal places of each coin's smallest unit. */
export const COIN_DECIMALS: Readonly<Record<CryptoCoin, number>> = { BITCOIN: 8, ETHER: 18 }

/** The coin's smallest units worth `amountCents`, at `centsPerCoin`, rounded up. */
export const coinSmallestUnits = (amountCents: number, centsPerCoin: bigint, coin: CryptoCoin): bigint => {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError("amountCents must be a whole number ≥ 0")
  if (centsPerCoin <= 0n) throw new RangeError("centsPerCoin must be above 0")
  const numerator = BigInt(amountCents) * 10n ** BigInt(COIN_DECIMALS[coin])
  return (numerator + centsPerCoin - 1n) / centsPerCoin
}

/** Smallest units as an exact decimal string of the coin: 123456n BTC → "0.00123456". */
export const formatCoinAmount = (units: bigint, coin: CryptoCoin): string => {
  const decimals = COIN_DECIMALS[coin]
  const scale = 10n ** BigInt(decimals)
  return `${units / scale}.${(units % scale).toString().padStart(decimals, "0")}`
}

const refuse = (message: string) => Effect.fail(new PaymentProviderError({ message, provider: "crypto" }))

export const CryptoPaymentsConfigured = (coins: Readonly<Record<CryptoCoin, CoinMode>>) =>
  Layer.effect(CryptoPayments)(
    Effect.gen(function* () {
      const coinPrices = yield* CoinPrices
      /** The currencies `coin` has a current price in now. */
      const pricedIn = (coin: CryptoCoin) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const priced: Array<CurrencyType> = []
          for (const currency of CurrencyTypes) {
            const latest = yield* coinPrices.latest(coin, currency)
            if (Option.isSome(latest) && isCurrentCoinPrice(latest.value, now)) priced.push(currency)
          }
          return priced
        })
      const offerOf = (coin: CryptoCoin): Effect.Effect<CoinOffer> => {
        const mode = coins[coin]
        return mode._tag === "Refused"
          ? Effect.succeed({ mode: "unavailable", pricedIn: [] })
          : Effect.map(pricedIn(coin), (priced) => ({
              mode: mode._tag === "Live" ? "live" : "test",
              pricedIn: priced,
            }))
      }
      return CryptoPayments.of({
        offers: Effect.all({ BITCOIN: offerOf("BITCOIN"), ETHER: offerOf("ETHER") }).pipe(
          Effect.withSpan("CryptoPaymentsConfigured.offers"),
        ),
        requestPayment: (request) =>
          Effect.gen(function* () {
            const mode = coins[request.coin]
            if (mode._tag === "Refused") {
              return yield* refuse(
                `Payment in ${request.coin} is not available: no receiving address is configured. Please choose another payment method.`,
              )
            }
            // A missing or stale price refuses the payment with the port's message; never an old rate.
            const price = yield* currentCoinPrice(request.coin, request.currency).pipe(
              Effect.provideService(CoinPrices, coinPrices),
              Effect.catchTag("CoinPriceUnavailable", (e) => refuse(e.message)),
            )
            const units = coinSmallestUnits(request.amountCents, BigInt(price.centsPerCoin), request.coin)
            return {
              address: mode.address,
              coin: request.coin,
              coinAmount: formatCoinAmount(units, request.coin),
              centsPerCoin: price.centsPerCoin,
              testMode: mode._tag === "TestMode",
            }
          }).pipe(Effect.withSpan("CryptoPaymentsConfigured.requestPayment")),
      })
    }),
  )
