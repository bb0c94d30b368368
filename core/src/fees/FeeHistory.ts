/**
 * The terms the fee replay prices with, as they stood over time (FeeReplay.ts): the shapes of that history and the
 * lookups into it. Pure; FeeHistoryRead.ts reads it from the ports.
 */

import type { PriceChange } from "../pricing/PriceHistory.ts"
import { priceOnDay } from "../pricing/Pricing.ts"
import type { ExternalFee } from "../shared/Constants.ts"
import { EXCHANGE_RATE_SCALE } from "../shared/Constants.ts"
import type { CurrencyType, PaymentMethod, UnitType } from "../shared/Enums.ts"
import type { DiscountTerms } from "./Fees.ts"

/** A unit type's own fees: buy (cents), sell and convert (Units). */
export interface UnitFees {
  readonly buy: number
  readonly sell: number
  readonly convert: number
}

/** A setting changed at an instant (epoch ms): what it was before (undefined: unknown) and after. */
export interface SettingChange<A> {
  readonly at: number
  readonly before: A | undefined
  readonly after: A
}

/** One setting over time: its audited changes (any order) and its value now. */
export interface SettingHistory<A> {
  readonly changes: ReadonlyArray<SettingChange<A>>
  readonly current: A | undefined
}

/** An exchange rate set for a day (millionths). */
export interface DayRate {
  readonly day: string
  readonly rate: number
}

/** Everything the replay prices with, as it stood over time. */
export interface FeeHistory {
  /** Each unit type's schedule changes (PriceScheduleHistory). */
  readonly schedules: ReadonlyMap<UnitType, ReadonlyArray<PriceChange>>
  readonly unitFees: ReadonlyMap<UnitType, SettingHistory<UnitFees>>
  readonly externalFees: ReadonlyMap<PaymentMethod, SettingHistory<ExternalFee>>
  /** Keyed `FROM->TO`: the rates set for the pair, oldest day first. */
  readonly rates: ReadonlyMap<string, ReadonlyArray<DayRate>>
  /** Audited `pricing.setRate`: when a pair's rate for a day was set (a convert before it may have used another). */
  readonly rateSets: ReadonlyArray<{ readonly at: number; readonly pair: string; readonly day: string }>
  /** Each reference code's terms over time. */
  readonly discountCodes: ReadonlyMap<string, SettingHistory<DiscountTerms>>
}

const byTime = <A extends { readonly at: number }>(changes: ReadonlyArray<A>): ReadonlyArray<A> =>
  changes.toSorted((a, b) => a.at - b.at)

/** A history with its changes sorted oldest first (the replay reads each many times). */
export const sortedHistory = <A>(history: SettingHistory<A>): SettingHistory<A> => ({
  changes: byTime(history.changes),
  current: history.current,
})

/**
 * The value of a setting at instant `t`: the latest change at or before it; before the first change, that
 * change's "before"; with no change at all, the value now. Undefined when none of these is known.
 */
export const settingAt = <A>(history: SettingHistory<A> | undefined, t: number): A | undefined => {
  if (history === undefined) return undefined
  const changes = history.changes
  if (changes.length === 0) return history.current
  let found: A | undefined
  let seen = false
  for (const change of changes) {
    if (change.at > t) break
    found = change.after
    seen = true
  }
  return seen ? found : changes[0]!.before
}

/** Every value a setting had at some instant from `from` to `to` (both included). */
export const settingsDuring = <A>(
  history: SettingHistory<A> | undefined,
  from: number,
  to: number,
): Array<A> => {
  const values: Array<A> = []
  const first = settingAt(history, from)
  if (first !== undefined) values.push(first)
  for (const change of history?.changes ?? []) {
    if (change.at > from && change.at <= to) values.push(change.after)
  }
  return values
}

/**
 * How long before its instant an order may have read its terms. A command reads the price, the fees and the code
 * in its transaction before it takes the order's instant (BuyCommands.ts `priceBuy`, then `now`), so a change
 * committed in between, or a UTC day that turned, priced it with what stood a moment earlier: any value in force
 * in this window before the instant is the order's term.
 */
export const READ_WINDOW_MS = 5_000

/** The schedule in force at instant `t` (the latest change at or before it), priced for `day`. */
export const priceAt = (changes: ReadonlyArray<PriceChange> | undefined, t: number, day: string) => {
  let found: PriceChange | undefined
  for (const change of changes ?? []) {
    if (change.at > t) break
    found = change
  }
  return found === undefined ? undefined : priceOnDay({ ...found.schedule, day })
}

/** Every price a schedule in force from `from` to `to` gave on either day: what an order of that window read. */
export const pricesDuring = (
  changes: ReadonlyArray<PriceChange> | undefined,
  from: number,
  to: number,
  days: ReadonlyArray<string>,
): Array<number> => {
  const schedules = [
    ...[...(changes ?? [])].filter((c) => c.at <= from).slice(-1),
    ...(changes ?? []).filter((c) => c.at > from && c.at <= to),
  ]
  return schedules.flatMap((c) => days.map((day) => priceOnDay({ ...c.schedule, day })))
}

/** The rate of `from → to` in force on `day` for an order made at `t`, or undefined when the history cannot say. */
export const rateAt = (
  history: FeeHistory,
  from: CurrencyType,
  to: CurrencyType,
  day: string,
  t: number,
): number | undefined => {
  if (from === to) return EXCHANGE_RATE_SCALE
  const pair = `${from}->${to}`
  // A rate set after the order for its day or an earlier one replaced what the order may have used.
  if (history.rateSets.some((s) => s.pair === pair && s.at > t && s.day <= day)) return undefined
  // The latest day on or before the order's (the rates are sorted by day): a binary search, a replay reads it often.
  const rates = history.rates.get(pair) ?? []
  let lo = 0
  let hi = rates.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (rates[mid]!.day <= day) lo = mid + 1
    else hi = mid
  }
  return lo === 0 ? undefined : rates[lo - 1]!.rate
}
