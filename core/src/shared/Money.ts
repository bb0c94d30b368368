import { Schema } from "effect"

/** An amount of money in integer minor units (cents). Never a float. */
export const Cents = Schema.Int.pipe(Schema.brand("Cents"))
export type Cents = typeof Cents.Type

/** A whole number of Units. */
export const UnitCount = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
export type UnitCount = typeof UnitCount.Type

/**
 * Integer division rounded half-up (away from zero for positive values, towards +∞ for ties).
 * The one place where money is rounded: every formula that divides goes through here.
 */
export const divRoundHalfUp = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator === 0n) throw new RangeError("division by zero")
  const negative = numerator < 0n !== denominator < 0n
  const n = numerator < 0n ? -numerator : numerator
  const d = denominator < 0n ? -denominator : denominator
  const q = (2n * n + d) / (2n * d)
  return negative ? -q : q
}
