import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { divRoundHalfUp } from "../../src/shared/Money.ts"

describe("divRoundHalfUp: the one rounding rule for money", () => {
  it("rounds ties up", () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n)
    expect(divRoundHalfUp(4n, 3n)).toBe(1n)
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n)
  })

  it("refuses a zero denominator", () => {
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(RangeError)
  })

  it("is never more than half a unit from the exact quotient", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (n, d) => {
          const q = divRoundHalfUp(n, d)
          const diff = q * d - n // q - n/d, scaled by d
          const abs = diff < 0n ? -diff : diff
          expect(2n * abs <= d).toBe(true)
        },
      ),
    )
  })
})
