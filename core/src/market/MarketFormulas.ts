/**
 * Formulas of the public market data: money converted between currencies at an integer exchange rate, the
 * statistics' totalAmountsConvertedFromGBP, and a pair's daily rate history with every day filled.
 */
import { toSafeNumber } from "../fees/Fees.ts"
import { formatIsoDate, parseIsoDate } from "../format/Format.ts"
import type { ExchangeRate, TotalAmountsConvertedFromGBP } from "../pricing/PricingModel.ts"
import { Durations, EXCHANGE_RATE_SCALE } from "../shared/Constants.ts"
import type { CurrencyType } from "../shared/Enums.ts"
import { divRoundHalfUp } from "../shared/Money.ts"

/** cents × rate / EXCHANGE_RATE_SCALE, rounded half-up once (decisions: one named rounding place). */
export const convertCents = (cents: number, rate: number): number => {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError(`cents must be a whole number ≥ 0, got ${cents}`)
  if (!Number.isSafeInteger(rate) || rate <= 0)
    throw new RangeError(`rate must be a whole number > 0, got ${rate}`)
  return toSafeNumber(divRoundHalfUp(BigInt(cents) * BigInt(rate), BigInt(EXCHANGE_RATE_SCALE)))
}

export interface ConvertedFromGbpInput {
  /** Each currency's project land value in its own cents (landValues_pound, _usd, _eur, _aud). */
  readonly landValues: Readonly<Record<CurrencyType, number>>
  /** Today's rate of each currency to GBP (GBP → GBP is EXCHANGE_RATE_SCALE). */
  readonly toGbp: Readonly<Record<CurrencyType, number>>
  /** Today's GBP → USD and GBP → EUR rates. */
  readonly gbpToUsd: number
  readonly gbpToEur: number
}

/**
 * The statistics block's land value in GBP, USD and EUR (spec §3 totalAmountsConvertedFromGBP): every
 * project's land value converted to GBP and summed (pound), then that GBP total converted to USD and EUR.
 * Each conversion rounds half-up to the cent once; the USD and EUR figures are converted from the rounded
 * GBP total, so the three always tell the same amount at today's rates.
 */
export const totalAmountsConvertedFromGBP = (input: ConvertedFromGbpInput): TotalAmountsConvertedFromGBP => {
  const pound = (Object.keys(input.landValues) as ReadonlyArray<CurrencyType>).reduce(
    (sum, currency) => sum + convertCents(input.landValues[currency], input.toGbp[currency]),
    0,
  )
  return { pound, usd: convertCents(pound, input.gbpToUsd), euro: convertCents(pound, input.gbpToEur) }
}

/** The UTC days from `fromDay` to `toDay` inclusive (YYYY-MM-DD), oldest first. */
export const daysFrom = (fromDay: string, toDay: string): ReadonlyArray<string> => {
  const days: Array<string> = []
  for (let t = parseIsoDate(fromDay).getTime(); t <= parseIsoDate(toDay).getTime(); t += Durations.DAY)
    days.push(formatIsoDate(t))
  return days
}

/**
 * The rate in effect on each day of the range: the latest rate set on or before that day. Days before the
 * pair's first rate are left out (there was no rate yet), never invented. `stored` is oldest first.
 */
export const ratesInEffect = (
  stored: ReadonlyArray<ExchangeRate>,
  days: ReadonlyArray<string>,
): ReadonlyArray<ExchangeRate> => {
  const result: Array<ExchangeRate> = []
  let i = 0
  let current: ExchangeRate | undefined
  for (const day of days) {
    while (i < stored.length && stored[i]!.day <= day) current = stored[i++]
    if (current !== undefined) result.push({ ...current, day })
  }
  return result
}
