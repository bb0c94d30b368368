/**
 * Money's one rounding rule. Money itself is integer minor units (cents) everywhere, never a float; this module
 * imports nothing, so a page that only formats or sums money loads no schema code for it.
 */

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
