/**
 * Prices over time (issue 24): each day's price of a unit type from the schedule that was in effect that day,
 * and every change an admin made to the schedule. Pure: the changes come from the PriceScheduleHistory port.
 *
 * The schedule of a day is the one in effect at the day's end (UTC): the latest change made on or before that
 * day. For today that is the schedule the price book prices with right now (GET /order/get_price); an order
 * placed on a day of change before the change kept the price it was made at (decisions.md), which the day's
 * change entry shows as `pricePerUnitBefore`. Days before the first schedule have no price and are left out,
 * never invented.
 */
import { formatIsoDate } from "../format/Format.ts"
import { priceOnDay } from "./Pricing.ts"
import type { DailyPrice, PriceChangeEntry, PriceSchedule } from "./PricingModel.ts"

/** One change an admin made to a unit type's schedule, and when (epoch ms). */
export interface PriceChange {
  readonly at: number
  readonly schedule: PriceSchedule
}

/** The changes oldest first (stable: two changes at the same instant keep their order). */
export const byTime = (changes: ReadonlyArray<PriceChange>): ReadonlyArray<PriceChange> =>
  changes
    .map((c, i) => [c, i] as const)
    .toSorted((a, b) => a[0].at - b[0].at || a[1] - b[1])
    .map(([c]) => c)

/** The schedule in effect at the end of `day` (YYYY-MM-DD): the latest change made on or before it. */
export const scheduleOnDay = (
  changes: ReadonlyArray<PriceChange>,
  day: string,
): PriceSchedule | undefined => {
  let found: PriceSchedule | undefined
  for (const change of byTime(changes)) if (formatIsoDate(change.at) <= day) found = change.schedule
  return found
}

/** Each day's price, from the schedule in effect at that day's end; days before the first schedule left out. */
export const dailyPrices = (
  changes: ReadonlyArray<PriceChange>,
  days: ReadonlyArray<string>,
): ReadonlyArray<DailyPrice> => {
  const sorted = byTime(changes)
  const result: Array<DailyPrice> = []
  let i = 0
  let current: PriceSchedule | undefined
  for (const day of days) {
    while (i < sorted.length && formatIsoDate(sorted[i]!.at) <= day) current = sorted[i++]!.schedule
    if (current !== undefined) result.push({ day, pricePerUnit: priceOnDay({ ...current, day }) })
  }
  return result
}

/**
 * The changes made from `fromDay` to `toDay` (both included), oldest first, each with the day's price it set
 * (`pricePerUnitAfter`) and, unless it was the first schedule, the price of that day before it.
 */
export const changesBetween = (
  changes: ReadonlyArray<PriceChange>,
  fromDay: string,
  toDay: string,
): ReadonlyArray<PriceChangeEntry> => {
  const sorted = byTime(changes)
  return sorted.flatMap((change, i) => {
    const day = formatIsoDate(change.at)
    if (day < fromDay || day > toDay) return []
    const before = sorted[i - 1]?.schedule
    return [
      {
        at: new Date(change.at).toISOString(),
        day,
        basePrice: change.schedule.basePrice,
        baseDate: change.schedule.baseDate,
        growthPerYearPercent: change.schedule.growthPerYearPercent,
        ...(before === undefined ? {} : { pricePerUnitBefore: priceOnDay({ ...before, day }) }),
        pricePerUnitAfter: priceOnDay({ ...change.schedule, day }),
      },
    ]
  })
}
