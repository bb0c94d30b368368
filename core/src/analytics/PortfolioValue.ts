/**
 * The dashboard's headline (issue 38; docs/decisions/0057-the-dashboard-headline.md): what a member holds now, valued
 * in one currency they choose, and its change since the previous price day.
 *
 * - **Held** is what the holdings table values: owned, owned_DOUBLE_LAND, pendingSell and convertLocked (Units
 *   bought but unpaid are not held yet).
 * - **Value today**: each unit type's Units at today's price (the holdings' total_value_today: subtotalCents,
 *   half-up once), converted to the chosen currency at today's rate (convertCents, half-up once per unit type),
 *   then summed in cents. A unit type already in the chosen currency is not converted.
 * - **The change** is the value today less the value of the same Units at the previous UTC day's price and rate:
 *   what prices and rates did to what the member holds, not what the member bought or sold since. Its percentage
 *   is change × 100 / that previous value, half-up to two decimals (as profit_percentage).
 *
 * A rate nobody recorded is never invented: without today's rate of a held currency there is no total (the
 * currencies are named); without a previous price or rate there is a total but no change.
 */
import { subtotalCents } from "../fees/Fees.ts"
import { convertCents } from "../market/MarketFormulas.ts"
import type { CurrencyType } from "../shared/EnumValues.ts"
import { divRoundHalfUp } from "../shared/Money.ts"

/** One unit type the member holds: its currency and what its Units held now are worth, today and the day before. */
export interface HeldUnitType {
  readonly currency: CurrencyType
  /** The Units held now at today's price, in cents of `currency` (total_value_today). */
  readonly valueToday: number
  /**
   * The same Units at the previous day's price (heldValueCents), in cents of `currency`; undefined when the unit
   * type had no price that day.
   */
  readonly valuePrevious: number | undefined
}

/** The rates (millionths) from a currency to the chosen one, today and on the previous day, where recorded. */
export interface RatesFrom {
  readonly today: number | undefined
  readonly previous: number | undefined
}

export interface PortfolioChange {
  /** Value today − value at the previous day's prices and rates, in cents of the chosen currency. */
  readonly cents: number
  /** The change in hundredths of a percent of the previous value (150 = 1.50%); undefined when that was 0. */
  readonly basisPoints: number | undefined
}

export type PortfolioValue =
  | {
      readonly _tag: "Valued"
      readonly currency: CurrencyType
      /** The value of everything held, today, in cents of `currency`. */
      readonly totalCents: number
      /** Undefined when a previous price or rate is not known. */
      readonly change: PortfolioChange | undefined
    }
  | {
      readonly _tag: "NoRate"
      readonly currency: CurrencyType
      /** The held currencies without a rate to `currency` today. */
      readonly missing: ReadonlyArray<CurrencyType>
    }

/** The value of `units` at `price` (thousandths), in cents: the holdings table's own rounding. */
export const heldValueCents = (units: number, price: number): number => subtotalCents(units, price, false)

/**
 * The member's value in `currency` today and its change since the previous price day. `ratesFrom(c)` gives the
 * rates from `c` to `currency` (never asked for `currency` itself).
 */
export const portfolioValue = (
  held: ReadonlyArray<HeldUnitType>,
  currency: CurrencyType,
  ratesFrom: (from: CurrencyType) => RatesFrom,
): PortfolioValue => {
  const parts = held.filter((h) => h.valueToday > 0 || (h.valuePrevious ?? 0) > 0)
  const rates = new Map(
    [...new Set(parts.map((p) => p.currency))]
      .filter((c) => c !== currency)
      .map((c) => [c, ratesFrom(c)] as const),
  )
  const missing = [...rates].filter(([, r]) => r.today === undefined).map(([c]) => c)
  if (missing.length > 0) return { _tag: "NoRate", currency, missing }
  const inCurrency = (cents: number, from: CurrencyType, rate: number | undefined): number | undefined =>
    from === currency ? cents : rate === undefined ? undefined : convertCents(cents, rate)

  let totalCents = 0
  let previousCents: number | undefined = 0
  for (const part of parts) {
    const r = rates.get(part.currency)
    totalCents += inCurrency(part.valueToday, part.currency, r?.today) ?? 0
    const previous =
      part.valuePrevious === undefined
        ? undefined
        : inCurrency(part.valuePrevious, part.currency, r?.previous)
    previousCents =
      previous === undefined || previousCents === undefined ? undefined : previousCents + previous
  }
  const change =
    previousCents === undefined
      ? undefined
      : {
          cents: totalCents - previousCents,
          basisPoints:
            previousCents === 0
              ? undefined
              : Number(divRoundHalfUp(BigInt(totalCents - previousCents) * 10_000n, BigInt(previousCents))),
        }
  return { _tag: "Valued", currency, totalCents, change }
}
