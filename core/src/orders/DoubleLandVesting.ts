/**
 * LU2X (double-land) vesting (decisions.md, spec §4/§9): double-land Units can be sold or transferred only
 * from 6 months after purchase, 10% of the purchase per month after that.
 *
 * Each confirmed double-land buy is a lot that vests on its own, from the instant its Units reached
 * owned_DOUBLE_LAND: after m full calendar months (UTC), the vested share is 0% for m < 6, then
 * (m − 5) × 10%: 10% at 6 months, 20% at 7, … 100% at 15. Vested Units are floored to whole Units.
 * A member may move (sell or transfer) whatever of their owned_DOUBLE_LAND balance is not still locked:
 * movable = balance − Σ lots (lot − vested), never below 0. Units that come back (a cancelled sell's rest)
 * count again towards the balance.
 */
import {
  DOUBLE_LAND_VESTING_PERCENT_PER_MONTH,
  DOUBLE_LAND_VESTING_START_MONTHS,
} from "../shared/Constants.ts"
import { type UnitType, unitDisplayName } from "../shared/Enums.ts"

export interface DoubleLandLot {
  readonly units: number
  /** Epoch milliseconds at which the lot reached owned_DOUBLE_LAND. */
  readonly at: number
}

/** The instant `months` calendar months after `at` (UTC), the day clamped to the month's last day. */
export const addMonthsUtc = (at: number, months: number): number => {
  const date = new Date(at)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const timeOfDay = at - Date.UTC(year, date.getUTCMonth(), date.getUTCDate())
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay)) + timeOfDay
}

/** Full calendar months from `from` to `to` (UTC): the largest m with addMonthsUtc(from, m) ≤ to; 0 before. */
export const fullMonthsBetween = (from: number, to: number): number => {
  if (to <= from) return 0
  const a = new Date(from)
  const b = new Date(to)
  let months = (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + (b.getUTCMonth() - a.getUTCMonth())
  while (months > 0 && addMonthsUtc(from, months) > to) months -= 1
  return months
}

/** The vested share of a lot after `months` full months, in percent. */
export const vestedPercent = (months: number): number =>
  months < DOUBLE_LAND_VESTING_START_MONTHS
    ? 0
    : Math.min(100, (months - DOUBLE_LAND_VESTING_START_MONTHS + 1) * DOUBLE_LAND_VESTING_PERCENT_PER_MONTH)

/** The Units of a lot that may move at `now`. */
export const vestedUnits = (lot: DoubleLandLot, now: number): number =>
  Math.floor((lot.units * vestedPercent(fullMonthsBetween(lot.at, now))) / 100)

/** The Units of all lots still locked at `now`. */
export const lockedDoubleLandUnits = (lots: ReadonlyArray<DoubleLandLot>, now: number): number =>
  lots.reduce((sum, lot) => sum + lot.units - vestedUnits(lot, now), 0)

/** The owned_DOUBLE_LAND Units a member may sell or transfer at `now`. */
export const movableDoubleLandUnits = (
  balance: number,
  lots: ReadonlyArray<DoubleLandLot>,
  now: number,
): number => Math.max(0, balance - lockedDoubleLandUnits(lots, now))

export const doubleLandLockedMessage = (movable: number, unitType: UnitType): string =>
  `Only ${movable} of your LU2X ${unitDisplayName(unitType)} can be sold or transferred now: LU2X Units unlock ` +
  `from 6 months after purchase, 10% of the purchase each month`
