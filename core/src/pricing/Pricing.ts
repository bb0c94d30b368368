/**
 * Price formulas of spec §9 and decisions.md: the daily price growth, the displayed price, the price cap,
 * the Units that may be for sale and the land-to-Units ratio.
 */

import { percentageHundredths, toSafeNumber, wholeNumber } from "../fees/Fees.ts"
import { parseIsoDate } from "../format/Format.ts"
import { Durations, PRICE_CAP, PRICE_SCALE } from "../shared/Constants.ts"
import { divRoundHalfUp } from "../shared/Money.ts"

const DAYS_PER_YEAR = 365

export interface PriceOnDayInput {
  /** The price on baseDate, in 1/PRICE_SCALE of a currency unit; a whole number in 1..PRICE_CAP. */
  readonly basePrice: number
  /** YYYY-MM-DD (UTC). */
  readonly baseDate: string
  /** ≥ 0; 5 means +5% a year. */
  readonly growthPerYearPercent: number
  /** YYYY-MM-DD (UTC): the day to price. */
  readonly day: string
}

/** Whole UTC days from `from` to `to` (both YYYY-MM-DD); negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / Durations.DAY)

/**
 * The price of a UTC day: round(base × (1 + growth/100) ^ (daysSinceBase / 365)), capped at PRICE_CAP;
 * the base price on the base date and on every day before it.
 *
 * The power is computed as exp(days × ln(1 + growth/100) / 365) (log1p keeps small growth rates exact).
 * It is non-decreasing day by day: the exponent is a monotone function of the day, and one day's growth,
 * wherever it is large enough to move the rounded price, is many orders of magnitude above the error of exp
 * (under one ulp). The property test walks thousands of consecutive days to pin it.
 */
export const priceOnDay = ({ basePrice, baseDate, growthPerYearPercent, day }: PriceOnDayInput): number => {
  const base = toSafeNumber(wholeNumber("basePrice", basePrice))
  if (base > PRICE_CAP) throw new RangeError(`basePrice ${base} is above the price cap ${PRICE_CAP}`)
  if (!Number.isFinite(growthPerYearPercent) || growthPerYearPercent < 0) {
    throw new RangeError(`growthPerYearPercent must be ≥ 0, got ${growthPerYearPercent}`)
  }
  const days = daysBetween(baseDate, day)
  if (days <= 0 || growthPerYearPercent === 0) return base
  const exponent = (days / DAYS_PER_YEAR) * Math.log1p(growthPerYearPercent / 100)
  const price = Math.round(base * Math.exp(exponent))
  return Math.min(price, PRICE_CAP)
}

/** The price shown to members: pricePerUnit / PRICE_SCALE currency units (a display number, never charged). */
export const displayPrice = (pricePerUnit: number): number => pricePerUnit / PRICE_SCALE

/** A price is valid when it is a whole number from 0 to PRICE_CAP (2,500 currency units). */
export const isWithinPriceCap = (pricePerUnit: number): boolean =>
  Number.isSafeInteger(pricePerUnit) && pricePerUnit >= 0 && pricePerUnit <= PRICE_CAP

export interface MaxUnitsForSaleInput {
  /** The project's land value in cents (landValues_usd, …). */
  readonly landValueCents: number
  /** maxLandUnitsForSalePercentage: at most this percent of the land value may be sold as Units (≤ 2 decimals). */
  readonly maxLandUnitsForSalePercentage: number
  readonly pricePerUnit: number
}

/**
 * The most Units that may be for sale: the maximum percentage of the land value, in Units at pricePerUnit,
 * rounded half-up once: landValueCents × 10 × percentage / 100 / pricePerUnit.
 */
export const maxUnitsForSale = ({
  landValueCents,
  maxLandUnitsForSalePercentage,
  pricePerUnit,
}: MaxUnitsForSaleInput): number => {
  const price = wholeNumber("pricePerUnit", pricePerUnit)
  if (price === 0n) throw new RangeError("pricePerUnit must be more than 0")
  const landValue = wholeNumber("landValueCents", landValueCents) * BigInt(PRICE_SCALE / 100)
  const hundredths = percentageHundredths(maxLandUnitsForSalePercentage)
  return toSafeNumber(divRoundHalfUp(landValue * hundredths, price * 10_000n))
}

/**
 * The land-to-Units ratio as a percent: the land value over the value of the Units that may be for sale
 * (maxUnitsForSale × pricePerUnit), × 100, rounded to 2 decimals for display. 200 means every Unit for sale is
 * backed by twice its value in land. null when no Unit may be for sale (the ratio is undefined).
 */
export const landToUnitsRatioPercent = (input: MaxUnitsForSaleInput): number | null => {
  const units = maxUnitsForSale(input)
  if (units === 0) return null
  const unitsValue = BigInt(units) * BigInt(input.pricePerUnit)
  const landValue = BigInt(input.landValueCents) * BigInt(PRICE_SCALE / 100)
  // The ratio in hundredths of a percent, rounded half-up once, then shown as a number with 2 decimals.
  return toSafeNumber(divRoundHalfUp(landValue * 10_000n, unitsValue)) / 100
}
