import { Context, Effect, Layer, Schema } from "effect"
import { CryptoCoin, type CurrencyType } from "../../shared/Enums.ts"
import { CurrencyTypes } from "../../shared/EnumValues.ts"
import type { CoinOffers } from "../CryptoOffers.ts"
import type { PaymentProviderError } from "../PaymentProviders.ts"

export interface CryptoPaymentRequest {
  readonly orderId: string
  readonly amountCents: number
  readonly currency: CurrencyType
  readonly coin: CryptoCoin
  readonly idempotencyKey: string
}

/**
 * Where to send how much of which coin: a quote. The amount is a decimal string, never a float; `centsPerCoin` is
 * the price it used (minor units of the order's currency per whole coin); `testMode` says the address is the
 * built-in test mode's example address.
 */
export const CryptoPaymentAddress = Schema.Struct({
  address: Schema.String,
  coin: CryptoCoin,
  coinAmount: Schema.String,
  centsPerCoin: Schema.Int,
  testMode: Schema.Boolean,
})
export type CryptoPaymentAddress = typeof CryptoPaymentAddress.Type

/** Decimal places of a coin amount. */
const COIN_DECIMALS = 8n

/** `cents / coinPriceCents` with COIN_DECIMALS decimals, rounded down (the member never pays less). */
export const coinAmount = (amountCents: number, coinPriceCents: number): string => {
  const scale = 10n ** COIN_DECIMALS
  const scaled = (BigInt(amountCents) * scale + BigInt(coinPriceCents) - 1n) / BigInt(coinPriceCents)
  const whole = scaled / scale
  const fraction = (scaled % scale).toString().padStart(Number(COIN_DECIMALS), "0")
  return `${whole}.${fraction}`
}

/** Port: crypto payments: a receiving address and the coin amount for an order. */
export class CryptoPayments extends Context.Service<
  CryptoPayments,
  {
    /** Which coins are offered now, and in which currencies (CryptoOffers.ts). */
    readonly offers: Effect.Effect<CoinOffers>
    readonly requestPayment: (
      request: CryptoPaymentRequest,
    ) => Effect.Effect<CryptoPaymentAddress, PaymentProviderError>
  }
>()("@landunits/core/orders/ports/CryptoPayments") {
  /**
   * In memory: one address per order, priced at a fixed coin price (cents per coin, any currency); every coin is
   * offered in every currency unless `offers` says otherwise.
   */
  static readonly layerMemory = (
    coinPriceCents: Readonly<Record<CryptoCoin, number>>,
    offers: CoinOffers = {
      BITCOIN: { mode: "live", pricedIn: CurrencyTypes },
      ETHER: { mode: "live", pricedIn: CurrencyTypes },
    },
  ) =>
    Layer.succeed(CryptoPayments)({
      offers: Effect.succeed(offers),
      requestPayment: (request) =>
        Effect.succeed({
          address: `${request.coin === "BITCOIN" ? "bc1q" : "0x"}memory${request.orderId}`,
          coin: request.coin,
          coinAmount: coinAmount(request.amountCents, coinPriceCents[request.coin]),
          centsPerCoin: coinPriceCents[request.coin],
          testMode: offers[request.coin].mode === "test",
        }),
    })
}
