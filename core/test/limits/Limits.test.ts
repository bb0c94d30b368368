import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  delayWaitMs,
  EMAILS_PER_RECIPIENT,
  type GrowingDelay,
  growingDelayMs,
  quotaWaitMs,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS,
  waitInWords,
  waitSeconds,
} from "../../src/limits/Limits.ts"

const policy = SIGN_IN_PER_ACCOUNT_AND_ADDRESS
const anyPolicy = fc.record({
  windowMs: fc.integer({ min: 1_000, max: 86_400_000 }),
  free: fc.integer({ min: 0, max: 50 }),
  capMs: fc.integer({ min: 1_000, max: 86_400_000 }),
}) satisfies fc.Arbitrary<GrowingDelay>

describe("the growing sign-in delay", () => {
  it("is free for the first attempts, then 1 s, 2 s, 4 s … up to its cap of 15 minutes", () => {
    expect(policy.free).toBe(5)
    expect([0, 4, 5, 6, 7, 8].map((n) => growingDelayMs(n, policy))).toEqual([
      0, 0, 1_000, 2_000, 4_000, 8_000,
    ])
    expect(growingDelayMs(100, policy)).toBe(15 * 60_000)
    expect(growingDelayMs(1_000_000, policy)).toBe(15 * 60_000)
  })

  it("never shrinks as attempts grow, never passes its cap, and is 0 below the free attempts (property)", () => {
    fc.assert(
      fc.property(anyPolicy, fc.nat(10_000), fc.nat(10_000), (p, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        expect(growingDelayMs(lo, p)).toBeLessThanOrEqual(growingDelayMs(hi, p))
        expect(growingDelayMs(hi, p)).toBeLessThanOrEqual(p.capMs)
        expect(growingDelayMs(hi, p)).toBeGreaterThanOrEqual(0)
        if (lo < p.free) expect(growingDelayMs(lo, p)).toBe(0)
        else expect(growingDelayMs(lo, p)).toBeGreaterThan(0)
      }),
    )
  })

  it("waits only what is left of the delay after the latest attempt, never below 0 nor above the cap (property)", () => {
    fc.assert(
      fc.property(anyPolicy, fc.nat(1_000), fc.nat(10 ** 9), fc.nat(10 ** 9), (p, count, latest, elapsed) => {
        const wait = delayWaitMs({ count, oldest: latest, latest }, latest + elapsed, p)
        expect(wait).toBe(Math.max(0, growingDelayMs(count, p) - elapsed))
        expect(wait).toBeLessThanOrEqual(p.capMs)
      }),
    )
    expect(delayWaitMs({ count: 0, oldest: undefined, latest: undefined }, 0, policy)).toBe(0)
  })
})

describe("the email quota", () => {
  it("lets five emails an hour reach one recipient; the sixth waits until the oldest leaves the hour", () => {
    const at = 10 * 3_600_000
    expect(quotaWaitMs({ count: 4, oldest: at - 600_000, latest: at - 1 }, at, EMAILS_PER_RECIPIENT)).toBe(0)
    expect(quotaWaitMs({ count: 5, oldest: at - 600_000, latest: at - 1 }, at, EMAILS_PER_RECIPIENT)).toBe(
      3_000_000,
    )
  })

  it("waits more than 0 and at most the window exactly when the quota is full (property)", () => {
    fc.assert(
      fc.property(
        fc.record({
          windowMs: fc.integer({ min: 1_000, max: 86_400_000 }),
          max: fc.integer({ min: 1, max: 100 }),
        }),
        fc.nat(200),
        fc.nat(86_400_000),
        (quota, count, age) => {
          const now = 10 ** 12
          const oldestAge = Math.min(age, quota.windowMs - 1)
          const wait = quotaWaitMs({ count, oldest: now - oldestAge, latest: now }, now, quota)
          if (count < quota.max) expect(wait).toBe(0)
          else {
            expect(wait).toBeGreaterThan(0)
            expect(wait).toBeLessThanOrEqual(quota.windowMs)
          }
        },
      ),
    )
  })
})

describe("the wait as people read it", () => {
  it("rounds up to whole seconds for Retry-After, and says seconds or minutes in words", () => {
    expect([1, 999, 1_000, 1_001, 59_500].map(waitSeconds)).toEqual([1, 1, 1, 2, 60])
    expect([1, 2, 59, 60, 61, 3_600].map(waitInWords)).toEqual([
      "1 second",
      "2 seconds",
      "59 seconds",
      "1 minute",
      "2 minutes",
      "60 minutes",
    ])
  })
})
