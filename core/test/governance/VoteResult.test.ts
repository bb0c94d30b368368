import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { voteResult, yesPercentage } from "../../src/governance/VoteResult.ts"

describe("vote result", () => {
  it("is Yes at exactly 50 percent", () => {
    expect(voteResult(50)).toBe("Yes")
  })

  it("is Yes above 50 and No below", () => {
    expect(voteResult(100)).toBe("Yes")
    expect(voteResult(50.01)).toBe("Yes")
    expect(voteResult(49.99)).toBe("No")
    expect(voteResult(0)).toBe("No")
  })

  it("is Not Decided when there is no percentage", () => {
    expect(voteResult(null)).toBe("Not Decided")
    expect(voteResult(undefined)).toBe("Not Decided")
    expect(voteResult(Number.NaN)).toBe("Not Decided")
  })

  it("the yes percentage is yes over all votes cast, a tie being exactly 50", () => {
    expect(yesPercentage(1, 1)).toBe(50)
    expect(voteResult(yesPercentage(1, 1))).toBe("Yes")
    expect(yesPercentage(1, 2)).toBeCloseTo(33.333, 3)
    expect(yesPercentage(3, 0)).toBe(100)
  })

  it("there is no percentage before anyone votes", () => {
    expect(yesPercentage(0, 0)).toBeNull()
    expect(voteResult(yesPercentage(0, 0))).toBe("Not Decided")
  })

  it("refuses negative or fractional vote counts", () => {
    expect(() => yesPercentage(-1, 2)).toThrow(RangeError)
    expect(() => yesPercentage(1, 0.5)).toThrow(RangeError)
  })

  it("a vote is Yes exactly when yes votes are at least no votes", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), fc.nat({ max: 10_000_000 }), (yes, no) => {
        const percentage = yesPercentage(yes, no)
        if (yes + no === 0) expect(percentage).toBeNull()
        else {
          expect(percentage).toBeGreaterThanOrEqual(0)
          expect(percentage).toBeLessThanOrEqual(100)
          expect(voteResult(percentage)).toBe(yes >= no ? "Yes" : "No")
        }
      }),
    )
  })
})
