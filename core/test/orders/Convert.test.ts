/**
 * The convert formula's remainder (shared/decisions.md, "Converts"): Units are whole on both sides, and the value
 * of the source Units that buys no whole target Unit is the member's, in cents of the source currency, rounded
 * up. Examples from the issue's numbers; fast-check properties over prices, rates, amounts and fees.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  convertedUnits,
  convertQuote,
  convertRemainderCents,
  smallestRemainderNearby,
  suggestionWindow,
} from "../../src/orders/Convert.ts"
import { EXCHANGE_RATE_SCALE, PRICE_CAP } from "../../src/shared/Constants.ts"

const SCALE = BigInt(EXCHANGE_RATE_SCALE)

/** The issue's convert: 10 Unit (€) at €10.549 into Unit (£) at £8.967, 1 EUR = 0.85 GBP. */
const ISSUE = { units: 10, fromPricePerUnit: 10_549, toPricePerUnit: 8_967, exchangeRate: 850_000 }

const price = fc.integer({ min: 1, max: PRICE_CAP })
const rate = fc.integer({ min: 1_000, max: 5_000_000 })
const units = fc.integer({ min: 1, max: 1_000_000 })
const fee = fc.integer({ min: 0, max: 50 })

describe("the convert remainder", () => {
  it("the issue's convert: 10 Unit (€) give 9 Unit (£) and €10.55 paid back, where 0.9996 of a Unit (£) vanished before", () => {
    // 10 × 10.549 × 0.85 / 8.967 = 9.99961… Units (£): 9 whole Units, and 0.99961 of one, worth
    // 0.99961 × £8.967 / 0.85 = €10.5453: paid back as €10.55 (rounded up, the member's favour).
    expect(convertedUnits(ISSUE)).toBe(9)
    expect(convertRemainderCents(ISSUE)).toBe(1_055)
    expect(convertQuote({ ...ISSUE, feeUnits: 0 })).toEqual({
      units: 9,
      valueCents: 10_549,
      receivedValueCents: 8_070,
      remainderCents: 1_055,
      feeCents: 0,
    })
    // The review's figures add up in the source currency: €105.49 given = €10.55 back + €94.94 of Units (£),
    // and £80.70 / 0.85 = €94.94.
    expect(10_549 - 1_055).toBe(Math.round((8_070 * EXCHANGE_RATE_SCALE) / ISSUE.exchangeRate))
  })

  it("is 0 exactly when the source Units buy whole target Units, and a convert fee is shown in money", () => {
    // 100 × 10.000 USD × 0.9 = 900.00 EUR = 90 Units at 10.000 EUR: nothing is left.
    const exact = { units: 100, fromPricePerUnit: 10_000, toPricePerUnit: 10_000, exchangeRate: 900_000 }
    expect(convertQuote({ ...exact, feeUnits: 2 })).toEqual({
      units: 90,
      valueCents: 100_000,
      receivedValueCents: 90_000,
      remainderCents: 0,
      feeCents: 2_000,
    })
    // 100 × 12.345 USD × 0.9 = 1,111.05 EUR: 111 Units (1,110.00 EUR) and 1.05 EUR = 1.1666… USD, paid as $1.17.
    expect(convertRemainderCents({ ...exact, fromPricePerUnit: 12_345 })).toBe(117)
  })

  it("value given = value of the Units received + remainder paid back + fee, to the cent, in the source currency", () => {
    // "Value" is money at the day's prices, in the source currency A, exactly (no rounding): N Units of A are
    // worth N × priceA; M Units of B are worth M × priceB in B's currency, M × priceB / rate in A's; the fee
    // of F Units of A is worth F × priceA. The remainder paid back is in whole cents of A. Measured in
    // (thousandths of A) × rate, so every term is a whole number:
    //   given    = (N + F) × priceA × rate
    //   received = M × priceB × SCALE          fee = F × priceA × rate        back = remainderCents × 10 × rate
    // and 0 ≤ received + back + fee − given < one cent (10 × rate): nothing is lost, and the member is paid
    // back less than one cent more than the exact value (the remainder is rounded up once).
    fc.assert(
      fc.property(units, price, price, rate, fee, (n, fromPricePerUnit, toPricePerUnit, exchangeRate, f) => {
        const input = { units: n, fromPricePerUnit, toPricePerUnit, exchangeRate, feeUnits: f }
        const quote = convertQuote(input)
        const r = BigInt(exchangeRate)
        const given = BigInt(n + f) * BigInt(fromPricePerUnit) * r
        const received = BigInt(quote.units) * BigInt(toPricePerUnit) * SCALE
        const feeValue = BigInt(f) * BigInt(fromPricePerUnit) * r
        const back = BigInt(quote.remainderCents) * 10n * r
        const gap = received + back + feeValue - given
        expect(gap >= 0n, "nothing of the member's value is lost").toBe(true)
        expect(gap < 10n * r, "the remainder is rounded up by less than one cent").toBe(true)
        // Units are whole and as many as the value buys: what is left is less than one target Unit.
        expect(BigInt(n) * BigInt(fromPricePerUnit) * r - received < BigInt(toPricePerUnit) * SCALE).toBe(
          true,
        )
        // The fee shown in money is the fee's value rounded half-up to the cent.
        const feeTenths = BigInt(f) * BigInt(fromPricePerUnit)
        expect(BigInt(quote.feeCents) * 10n - feeTenths <= 5n).toBe(true)
        expect(feeTenths - BigInt(quote.feeCents) * 10n < 5n).toBe(true)
      }),
    )
  })

  it("no remainder is paid back when none is left, and some always is when some value is left", () => {
    fc.assert(
      fc.property(units, price, price, rate, (n, fromPricePerUnit, toPricePerUnit, exchangeRate) => {
        const input = { units: n, fromPricePerUnit, toPricePerUnit, exchangeRate }
        const left =
          (BigInt(n) * BigInt(fromPricePerUnit) * BigInt(exchangeRate)) % (BigInt(toPricePerUnit) * SCALE)
        expect(convertRemainderCents(input) === 0).toBe(left === 0n)
      }),
    )
  })
})

describe("the review's suggestion: the nearest number of Units whose remainder is smallest", () => {
  it("looks a tenth of N either side, at least 5 and at most 100 Units", () => {
    expect([1, 10, 50, 51, 300, 1_000, 5_000].map(suggestionWindow)).toEqual([5, 5, 5, 6, 30, 100, 100])
  })

  it("EUR → AUD at the demo's prices: 10 Units leave €3.20; 5 Units leave the least nearby, €1.60", () => {
    // 1 Unit (€) at €10.549 × 1.65 = A$17.406 = 1.0313 Units (A$) at A$16.878: every Unit (€) leaves 0.0313 of a Unit (A$), €0.32.
    const input = { units: 10, fromPricePerUnit: 10_549, toPricePerUnit: 16_878, exchangeRate: 1_650_000 }
    expect(convertRemainderCents(input)).toBe(320)
    expect(smallestRemainderNearby({ ...input, maxUnits: 1_000 })).toEqual({ units: 5, remainderCents: 160 })
    // Owning fewer: a suggestion is never more than the member can convert, nor gives no target Unit.
    expect(smallestRemainderNearby({ ...input, units: 3, maxUnits: 3 })).toEqual({
      units: 1,
      remainderCents: 32,
    })
  })

  it("offers nothing where N is already the best nearby, as in the issue's convert (every amount leaves about €10.5)", () => {
    expect(smallestRemainderNearby({ ...ISSUE, maxUnits: 1_000 })).toBeUndefined()
    const exact = { units: 9, fromPricePerUnit: 10_000, toPricePerUnit: 9_000, exchangeRate: 1_000_000 }
    expect(smallestRemainderNearby({ ...exact, maxUnits: 100 })).toBeUndefined()
  })

  it("suggests the smallest remainder within the window, the nearest on a tie, within what may be converted", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 500 }),
        price,
        price,
        rate,
        (n, maxUnits, fromPricePerUnit, toPricePerUnit, exchangeRate) => {
          const prices = { fromPricePerUnit, toPricePerUnit, exchangeRate }
          if (convertedUnits({ units: n, ...prices }) === 0) return
          const here = convertRemainderCents({ units: n, ...prices })
          const w = suggestionWindow(n)
          const candidates: Array<{ units: number; remainderCents: number }> = []
          for (let k = Math.max(1, n - w); k <= Math.min(maxUnits, n + w); k++) {
            if (k !== n && convertedUnits({ units: k, ...prices }) > 0)
              candidates.push({ units: k, remainderCents: convertRemainderCents({ units: k, ...prices }) })
          }
          const least = Math.min(...candidates.map((c) => c.remainderCents))
          const suggestion = smallestRemainderNearby({ units: n, maxUnits, ...prices })
          if (candidates.length === 0 || least >= here) {
            expect(suggestion).toBeUndefined()
            return
          }
          expect(suggestion?.remainderCents).toBe(least)
          const nearest = Math.min(
            ...candidates.filter((c) => c.remainderCents === least).map((c) => Math.abs(c.units - n)),
          )
          expect(Math.abs(suggestion!.units - n)).toBe(nearest)
        },
      ),
    )
  })
})
