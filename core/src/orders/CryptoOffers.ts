/**
 * Which coins a crypto buy may be paid with, and the words when one may not. A coin is offered in a currency when
 * it has a receiving address (live, or the built-in test mode's example address) and a current price in that
 * currency (CoinPrices, at most COIN_PRICE_MAX_AGE_MS old). The buy form and the payment page offer only those
 * coins, and the server refuses the others in the same words (BuyCommands, BuyPaymentCommands). Plain values, no
 * schema, so a page reads them without loading Effect's Schema.
 */
import { Effect } from "effect"
import type { PaymentMethod } from "../shared/Enums.ts"
import type { CryptoCoin, CurrencyType } from "../shared/EnumValues.ts"
import { CryptoCoins } from "../shared/EnumValues.ts"
import { InvalidOrderRequest } from "./OrderErrors.ts"

/** How a coin runs here: a configured address, the built-in test mode's example address, or none. */
export type CoinMode = "live" | "test" | "unavailable"

export interface CoinOffer {
  readonly mode: CoinMode
  /** The currencies the coin has a current price in now. */
  readonly pricedIn: ReadonlyArray<CurrencyType>
}

export type CoinOffers = Readonly<Record<CryptoCoin, CoinOffer>>

export const COIN_NAMES: Readonly<Record<CryptoCoin, string>> = { BITCOIN: "Bitcoin", ETHER: "Ether" }
export const COIN_SYMBOLS: Readonly<Record<CryptoCoin, string>> = { BITCOIN: "BTC", ETHER: "ETH" }

/** Undefined when `coin` can pay an order in `currency`, else why not. */
export const coinRefusal = (
  coin: CryptoCoin,
  offer: CoinOffer,
  currency: CurrencyType,
): string | undefined =>
  offer.mode === "unavailable"
    ? `Payment in ${COIN_NAMES[coin]} is not available: no receiving address is configured.`
    : offer.pricedIn.includes(currency)
      ? undefined
      : `Payment in ${COIN_NAMES[coin]} is not available: there is no current ${COIN_NAMES[coin]} price in ${currency}.`

/** The coins that can pay an order in `currency`, in the order of CryptoCoins. */
export const offeredCoins = (offers: CoinOffers, currency: CurrencyType): ReadonlyArray<CryptoCoin> =>
  CryptoCoins.filter((coin) => coinRefusal(coin, offers[coin], currency) === undefined)

/** Undefined when some coin can pay an order in `currency`, else the refusal of a crypto buy. */
export const cryptoRefusal = (offers: CoinOffers, currency: CurrencyType): string | undefined =>
  offeredCoins(offers, currency).length > 0
    ? undefined
    : `Payment by crypto is not available for ${currency}: no coin has a receiving address and a current price. Please choose another payment method.`

/**
 * A buy paid in crypto needs a coin offered in its currency: an address and a current price. `offers` is read only
 * for such a buy.
 */
export const requireCryptoOffered = Effect.fnUntraced(function* (
  offers: Effect.Effect<CoinOffers>,
  method: PaymentMethod,
  currency: CurrencyType,
) {
  if (method !== "crypto") return
  const refusal = cryptoRefusal(yield* offers, currency)
  if (refusal !== undefined) return yield* new InvalidOrderRequest({ message: refusal })
})
