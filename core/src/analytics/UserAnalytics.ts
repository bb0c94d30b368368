/**
 * The dashboard's charts (spec §3 userAnalytics): per unit type, day by day, the Units a member held at the
 * end of the UTC day, that day's price, and what they were worth at it. Held means owned, owned_DOUBLE_LAND,
 * pendingSell and convertLocked, as in the holdings table (Units bought but unpaid are not held yet).
 */
import { Schema } from "effect"
import { subtotalCents } from "../fees/Fees.ts"
import { parseIsoDate } from "../format/Format.ts"
import { HELD_BUCKETS } from "../ledger/Holdings.ts"
import type { Transfer } from "../ledger/LedgerModel.ts"
import { Durations } from "../shared/Constants.ts"
import { CurrencyType, type UnitType, UnitType as UnitTypeSchema } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const AnalyticsPoint = Schema.Struct({
  /** YYYY-MM-DD (UTC). */
  day: Schema.String,
  /** Units held at the end of the day. */
  units: NonNegativeInt,
  /** The day's price, in 1/PRICE_SCALE of a currency unit. */
  pricePerUnit: NonNegativeInt,
  /** units × pricePerUnit, in cents (rounded half-up once). */
  valueInCents: NonNegativeInt,
})
export type AnalyticsPoint = typeof AnalyticsPoint.Type

export const UnitSeries = Schema.Struct({
  unitType: UnitTypeSchema,
  currency: CurrencyType,
  points: Schema.Array(AnalyticsPoint),
})
export type UnitSeries = typeof UnitSeries.Type

export const UserAnalytics = Schema.Struct({
  fromDay: Schema.String,
  toDay: Schema.String,
  series: Schema.Array(UnitSeries),
})
export type UserAnalytics = typeof UserAnalytics.Type

export const ANALYTICS_DAYS_DEFAULT = 30
export const ANALYTICS_DAYS_MAX = 366

export const UserAnalyticsQuery = Schema.Struct({
  days: Schema.optionalKey(
    Schema.Int.check(
      Schema.isBetween(
        { minimum: 1, maximum: ANALYTICS_DAYS_MAX },
        { message: `days must be a whole number from 1 to ${ANALYTICS_DAYS_MAX}` },
      ),
    ),
  ),
})
export type UserAnalyticsQuery = typeof UserAnalyticsQuery.Type

export interface DailyHoldingsInput {
  readonly memberId: MemberId
  readonly unitType: UnitType
  /** The member's transfers (any unit type, any order). */
  readonly transfers: ReadonlyArray<Transfer>
  /** The days to chart (YYYY-MM-DD, UTC), oldest first. */
  readonly days: ReadonlyArray<string>
  readonly priceOnDay: (day: string) => number
}

/** The member's held Units of one type at the end of each day, with that day's price and value. */
export const dailyHoldings = (input: DailyHoldingsInput): ReadonlyArray<AnalyticsPoint> => {
  const heldDelta = (t: Transfer): number => {
    const held = (a: Transfer["from"]) =>
      a._tag === "MemberAccount" && a.memberId === input.memberId && HELD_BUCKETS.includes(a.bucket)
    return (held(t.to) ? t.units : 0) - (held(t.from) ? t.units : 0)
  }
  const mine = input.transfers.filter((t) => t.unitType === input.unitType).toSorted((a, b) => a.at - b.at)
  let i = 0
  let units = 0
  return input.days.map((day) => {
    const endOfDay = parseIsoDate(day).getTime() + Durations.DAY
    while (i < mine.length && mine[i]!.at < endOfDay) units += heldDelta(mine[i++]!)
    const pricePerUnit = input.priceOnDay(day)
    return { day, units, pricePerUnit, valueInCents: subtotalCents(units, pricePerUnit, false) }
  })
}
