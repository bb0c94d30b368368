/**
 * What an admin types when setting prices, fees and rates, turned into the platform's integers without
 * ever passing through a float: "12.5" currency units is 12_500 in 1/PRICE_SCALE, "1.234567" is a rate of
 * 1_234_567 millionths, "65000.5" per coin is 6_500_050 cents. Each refusal says what was expected.
 */
import { Result } from "effect"
import { EXCHANGE_RATE_SCALE, PRICE_CAP, PRICE_SCALE } from "../shared/Constants.ts"
import { type CryptoCoin, CryptoCoins, type CurrencyType, CurrencyTypes } from "../shared/Enums.ts"

/** `text` as a whole number of 1/scale (scale a power of ten), or a message naming `what`. */
export const parseScaled = (text: string, scale: number, what: string): Result.Result<number, string> => {
  const digits = Math.round(Math.log10(scale))
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim())
  if (match === null || (match[2] ?? "").length > digits) {
    return Result.fail(
      `${what} must be a number with at most ${digits} decimals (got ${JSON.stringify(text)})`,
    )
  }
  const value = Number(match[1]) * scale + Number((match[2] ?? "").padEnd(digits, "0") || "0")
  return Number.isSafeInteger(value) ? Result.succeed(value) : Result.fail(`${what} is too large`)
}

/** A base price in currency units ("12.345"), as pricePerUnit: more than 0, at most the price cap (2,500). */
export const parseBasePrice = (text: string): Result.Result<number, string> =>
  Result.flatMap(parseScaled(text, PRICE_SCALE, "The base price"), (price) =>
    price > 0 && price <= PRICE_CAP
      ? Result.succeed(price)
      : Result.fail(
          `The base price must be more than 0 and at most ${PRICE_CAP / PRICE_SCALE} currency units`,
        ),
  )

/** An exchange rate ("1.234567") in millionths; more than 0. */
export const parseExchangeRate = (text: string): Result.Result<number, string> =>
  Result.flatMap(parseScaled(text, EXCHANGE_RATE_SCALE, "The exchange rate"), (rate) =>
    rate > 0 ? Result.succeed(rate) : Result.fail("The exchange rate must be more than 0"),
  )

/** A percentage ("2.9") with at most two decimals, 0 to 100: growth per year, or a payment method's fee. */
export const parsePercent = (text: string, what: string): Result.Result<number, string> =>
  Result.flatMap(parseScaled(text, 100, what), (hundredths) =>
    hundredths <= 100 * 100 ? Result.succeed(hundredths / 100) : Result.fail(`${what} must be at most 100%`),
  )

/** A coin price ("65000.00" currency units per coin) in cents per coin: at most two decimals, more than 0. */
export const parseCoinPrice = (text: string): Result.Result<number, string> =>
  Result.flatMap(parseScaled(text, 100, "The coin price"), (cents) =>
    cents > 0 ? Result.succeed(cents) : Result.fail("The coin price must be more than 0"),
  )

/** One of `names`, any letter case, or a message that lists them. */
const oneOf = <A extends string>(
  names: ReadonlyArray<A>,
  what: string,
  text: string,
): Result.Result<A, string> => {
  const name = names.find((n) => n === text.trim().toUpperCase())
  return name === undefined
    ? Result.fail(`${what} must be one of ${names.join(", ")} (got ${JSON.stringify(text)})`)
    : Result.succeed(name)
}

/** What `pricing set-coin-price <coin> <currency> <price>` is given: the coin, the order currency, cents per coin. */
export const parseCoinPriceInput = (
  coin: string,
  currency: string,
  price: string,
): Result.Result<{ coin: CryptoCoin; currency: CurrencyType; centsPerCoin: number }, string> =>
  Result.flatMap(oneOf(CryptoCoins, "The coin", coin), (c) =>
    Result.flatMap(oneOf(CurrencyTypes, "The currency", currency), (cur) =>
      Result.map(parseCoinPrice(price), (centsPerCoin) => ({ coin: c, currency: cur, centsPerCoin })),
    ),
  )
