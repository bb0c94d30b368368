/**
 * The dashboard's charts from GET /user/analytics: one unit type's price day by day, and the member's whole
 * portfolio (every unit type they held) valued in one currency, day by day, at each day's exchange rate
 * (GET /market/exchange-rates/daily). Money stays in integer cents: each unit type's value is converted once
 * with core's convertCents (half-up), then summed.
 */
import type { UnitSeries } from "@landunits/core/analytics/UserAnalytics.ts"
import { convertCents } from "@landunits/core/market/MarketFormulas.ts"
import type { CurrencyType, UnitType } from "@landunits/core/shared/EnumValues.ts"
import type { ChartPoint } from "../components/shared/LineChart.tsx"

/** Each day's rate (millionths) from one currency to the chart's currency. */
export type DailyRates = ReadonlyMap<string, number>

/** The price of one unit type each day, in 1/PRICE_SCALE of its currency. */
export const pricePoints = (
  series: ReadonlyArray<UnitSeries>,
  unitType: UnitType,
): ReadonlyArray<ChartPoint> =>
  series.find((s) => s.unitType === unitType)?.points.map((p) => ({ day: p.day, value: p.pricePerUnit })) ??
  []

export interface PortfolioSeries {
  readonly points: ReadonlyArray<ChartPoint>
  /** Days left out because a rate the day needs is not known (never invented). */
  readonly daysWithoutRate: number
  /** True when the member held no Unit on any day of the period. */
  readonly nothingHeld: boolean
}

/** The portfolio's value in `currency` (cents) each day; a day that needs an unknown rate is left out. */
export const portfolioPoints = (
  series: ReadonlyArray<UnitSeries>,
  currency: CurrencyType,
  rates: Readonly<Partial<Record<CurrencyType, DailyRates>>>,
): PortfolioSeries => {
  const days = [...new Set(series.flatMap((s) => s.points.map((p) => p.day)))].sort()
  const nothingHeld = !series.some((s) => s.points.some((p) => p.units > 0))
  const points: Array<ChartPoint> = []
  let daysWithoutRate = 0
  for (const day of days) {
    let total = 0
    let known = true
    for (const s of series) {
      const point = s.points.find((p) => p.day === day)
      if (point === undefined || point.valueInCents === 0) continue
      if (s.currency === currency) {
        total += point.valueInCents
        continue
      }
      const rate = rates[s.currency]?.get(day)
      if (rate === undefined) {
        known = false
        break
      }
      total += convertCents(point.valueInCents, rate)
    }
    if (known) points.push({ day, value: total })
    else daysWithoutRate++
  }
  return { points, daysWithoutRate, nothingHeld }
}
