/**
 * The CryptoPayments port: the receiving address of each coin from configuration (CRYPTO_BTC_ADDRESS,
 * CRYPTO_ETH_ADDRESS) and the coin amount from the coin's price in the order's currency when the payment
 * starts (the CoinPrices port: core/src/pricing/ports/CoinPrices.ts). The amount is computed in the coin's smallest unit (satoshi: 10^-8 BTC;
 * wei: 10^-18 ETH) with integers only, rounded up so the member never sends less than the order's amount,
 * and written as an exact decimal string. A coin without an address, or without a current price (at most
 * COIN_PRICE_MAX_AGE_MS, 24 hours, old), is refused with a message that says so; nothing is guessed.
 */
import { PaymentProviderError } from "@landunits/core/orders/PaymentProviders.ts"
import { CryptoPayments } from "@landunits/core/orders/ports/CryptoPayments.ts"
import { CoinPrices, currentCoinPrice } from "@landunits/core/pricing/ports/CoinPrices.ts"
import type { CryptoCoin } from "@landunits/core/shared/Enums.ts"
import { Effect, Layer } from "effect"

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

export interface CryptoAddresses {
  readonly BITCOIN: string | undefined
  readonly ETHER: string | undefined
}

const refuse = (message: string) => Effect.fail(new PaymentProviderError({ message, provider: "crypto" }))

export const CryptoPaymentsConfigured = (addresses: CryptoAddresses) =>
  Layer.effect(CryptoPayments)(
    Effect.gen(function* () {
      const coinPrices = yield* CoinPrices
      return CryptoPayments.of({
        requestPayment: (request) =>
          Effect.gen(function* () {
            const address = addresses[request.coin]
            if (address === undefined) {
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
            return { address, coin: request.coin, coinAmount: formatCoinAmount(units, request.coin) }
          }).pipe(Effect.withSpan("CryptoPaymentsConfigured.requestPayment")),
      })
    }),
  )
