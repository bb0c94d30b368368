import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  ImpactInvalidNumber,
  ImpactInvalidPercentage,
  ImpactLandValueZero,
  yourImpact,
  yourImpactOverPools,
  yourImpactResult,
} from "../../src/impact/Impact.ts"

describe("your impact = (total value today / land value) × project total", () => {
  it("is the member's share of the project's figure, rounded to 2 decimals", () => {
    // 500 / 10,000 = 5% of 1,234 = 61.7
    expect(yourImpact({ totalValueToday: 500, landValue: 10_000, projectTotal: 1234 })).toBe(61.7)
    // 1/3 of 10 = 3.333…
    expect(yourImpact({ totalValueToday: 1, landValue: 3, projectTotal: 10 })).toBe(3.33)
    expect(yourImpact({ totalValueToday: 1, landValue: 1, projectTotal: 1.005 })).toBe(1.01)
  })

  it("is shown as 0 below 0.01", () => {
    expect(yourImpact({ totalValueToday: 1, landValue: 1_000_000, projectTotal: 5 })).toBe(0)
    expect(yourImpact({ totalValueToday: 1, landValue: 100, projectTotal: 1 })).toBe(0.01)
    expect(yourImpact({ totalValueToday: 0, landValue: 100, projectTotal: 1 })).toBe(0)
  })

  it("a land value of zero throws 'Total land value cannot be zero'", () => {
    expect(() => yourImpact({ totalValueToday: 1, landValue: 0, projectTotal: 1 })).toThrow(
      "Total land value cannot be zero",
    )
    expect(() => yourImpact({ totalValueToday: 1, landValue: 0, projectTotal: 1 })).toThrow(
      ImpactLandValueZero,
    )
  })

  it("a share that is not a number throws 'Invalid percentage value'", () => {
    expect(() => yourImpact({ totalValueToday: Number.NaN, landValue: 100, projectTotal: 1 })).toThrow(
      "Invalid percentage value",
    )
    expect(() =>
      yourImpact({ totalValueToday: Number.POSITIVE_INFINITY, landValue: 100, projectTotal: 1 }),
    ).toThrow(ImpactInvalidPercentage)
  })

  it("an impact that is not a number throws 'Invalid numeric value'", () => {
    expect(() => yourImpact({ totalValueToday: 1, landValue: 100, projectTotal: Number.NaN })).toThrow(
      "Invalid numeric value",
    )
    expect(() => yourImpact({ totalValueToday: 1, landValue: 100, projectTotal: Number.NaN })).toThrow(
      ImpactInvalidNumber,
    )
  })

  it("the errors are tagged, for matching, and also come back as a Result", () => {
    const zero = yourImpactResult({ totalValueToday: 1, landValue: 0, projectTotal: 1 })
    expect(Result.isFailure(zero) && zero.failure._tag).toBe("ImpactLandValueZero")
    const percentage = yourImpactResult({ totalValueToday: Number.NaN, landValue: 1, projectTotal: 1 })
    expect(Result.isFailure(percentage) && percentage.failure._tag).toBe("ImpactInvalidPercentage")
    const numeric = yourImpactResult({ totalValueToday: 1, landValue: 1, projectTotal: Number.NaN })
    expect(Result.isFailure(numeric) && numeric.failure.message).toBe("Invalid numeric value")
    const ok = yourImpactResult({ totalValueToday: 1, landValue: 2, projectTotal: 3 })
    expect(Result.isSuccess(ok) && ok.success).toBe(1.5)
  })

  it("is 0 or at least 0.01, has at most 2 decimals and is within half a hundredth of the exact figure", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        (totalValueToday, landValue, projectTotal) => {
          const shown = yourImpact({ totalValueToday, landValue, projectTotal })
          const exact = (totalValueToday / landValue) * projectTotal
          if (exact < 0.01) expect(shown).toBe(0)
          else {
            expect(shown).toBeGreaterThanOrEqual(0.01)
            expect(Math.abs(shown - exact)).toBeLessThanOrEqual(0.005 + 1e-9 * Math.max(1, exact))
            expect(Number(shown.toFixed(2))).toBe(shown)
          }
        },
      ),
    )
  })
})

describe("your impact over several land pools", () => {
  it("with one pool is exactly yourImpact", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 9 }),
        fc.integer({ min: 1, max: 10 ** 10 }),
        fc.integer({ min: 0, max: 10_000 }),
        (totalValueToday, landValue, projectTotal) => {
          const pooled = yourImpactOverPools([{ totalValueToday, landValue }], projectTotal)
          expect(Result.getOrThrow(pooled)).toBe(yourImpact({ totalValueToday, landValue, projectTotal }))
        },
      ),
    )
  })

  it("adds the member's share of each pool, and skips the pools they hold nothing of", () => {
    const result = yourImpactOverPools(
      [
        { totalValueToday: 1_000_000, landValue: 500_000_000 },
        { totalValueToday: 3_000_000, landValue: 500_000_000 },
        { totalValueToday: 0, landValue: 0 },
      ],
      505,
    )
    // (0.002 + 0.006) × 505 = 4.04
    expect(Result.getOrThrow(result)).toBe(4.04)
  })

  it("fails with 'Total land value cannot be zero' when the member holds Units of a pool without land value", () => {
    const result = yourImpactOverPools([{ totalValueToday: 10, landValue: 0 }], 505)
    expect(Result.isFailure(result) && result.failure.message).toBe("Total land value cannot be zero")
  })
})
