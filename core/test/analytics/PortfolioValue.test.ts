import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type HeldUnitType,
  heldValueCents,
  type PortfolioValue,
  portfolioValue,
  type RatesFrom,
} from "../../src/analytics/PortfolioValue.ts"
import { EXCHANGE_RATE_SCALE, PRICE_CAP, PRICE_SCALE } from "../../src/shared/Constants.ts"
import { type CurrencyType, CurrencyTypes } from "../../src/shared/Enums.ts"

const valued = (v: PortfolioValue) => {
  if (v._tag !== "Valued") throw new Error(`not valued: ${JSON.stringify(v)}`)
  return v
}

const sameRates: RatesFrom = { today: EXCHANGE_RATE_SCALE, previous: EXCHANGE_RATE_SCALE }

describe("the dashboard's headline: the value of what is held now, in one currency, and its change", () => {
  it("spec's numbers: 10 Unit (€) at €10.549 are €105.49; in pounds at 0.85, £89.67; a price day earlier, £89.66", () => {
    const held: HeldUnitType = {
      currency: "EUR",
      valueToday: heldValueCents(10, 10_549),
      valuePrevious: heldValueCents(10, 10_548),
    }
    expect(valued(portfolioValue([held], "EUR", () => sameRates))).toEqual({
      _tag: "Valued",
      currency: "EUR",
      totalCents: 10_549,
      change: { cents: 1, basisPoints: 1 },
    })
    // 10,549 × 0.85 = 8,966.65 → 8,967; 10,548 × 0.85 = 8,965.8 → 8,966.
    expect(portfolioValue([held], "GBP", () => ({ today: 850_000, previous: 850_000 }))).toEqual({
      _tag: "Valued",
      currency: "GBP",
      totalCents: 8_967,
      change: { cents: 1, basisPoints: 1 },
    })
  })

  it("sums unit types of several currencies, each converted once at its own rate", () => {
    const held: ReadonlyArray<HeldUnitType> = [
      { currency: "USD", valueToday: heldValueCents(3, 11_604), valuePrevious: heldValueCents(3, 11_600) },
      { currency: "GBP", valueToday: heldValueCents(20, 12_345), valuePrevious: heldValueCents(20, 12_345) },
    ]
    const rates: Partial<Record<CurrencyType, RatesFrom>> = { GBP: { today: 1_282_352, previous: 1_282_000 } }
    const v = valued(
      portfolioValue(held, "USD", (c) => rates[c] ?? { today: undefined, previous: undefined }),
    )
    // 3 × $11.604 = $34.81 (34.812); 20 × £12.345 = £246.90, × 1.282352 = $316.61 (316.6127…): $351.42.
    expect(v.totalCents).toBe(3_481 + 31_661)
    // The day before: $34.80, and £246.90 × 1.282 = $316.53 (316.5258): $351.33; 9 cents, 0.03%.
    expect(v.change).toEqual({ cents: 9, basisPoints: 3 })
  })

  it("a member who holds nothing is worth 0, with no percentage to show", () => {
    expect(portfolioValue([], "AUD", () => sameRates)).toEqual({
      _tag: "Valued",
      currency: "AUD",
      totalCents: 0,
      change: { cents: 0, basisPoints: undefined },
    })
  })

  it("no rate recorded today for a held currency: no total, and the currencies are named (never a rate invented)", () => {
    const held: ReadonlyArray<HeldUnitType> = [
      { currency: "EUR", valueToday: 1_000, valuePrevious: 1_000 },
      { currency: "AUD", valueToday: 1_000, valuePrevious: 1_000 },
      { currency: "USD", valueToday: 0, valuePrevious: 0 },
    ]
    expect(portfolioValue(held, "GBP", () => ({ today: undefined, previous: 1 }))).toEqual({
      _tag: "NoRate",
      currency: "GBP",
      missing: ["EUR", "AUD"],
    })
  })

  it("no price or rate the day before: a total, and no change", () => {
    const held: HeldUnitType = {
      currency: "EUR",
      valueToday: heldValueCents(2, 10_000),
      valuePrevious: undefined,
    }
    expect(valued(portfolioValue([held], "EUR", () => sameRates)).change).toBeUndefined()
    const converted: HeldUnitType = { ...held, valuePrevious: heldValueCents(2, 9_000) }
    const v = valued(portfolioValue([converted], "USD", () => ({ today: 1_100_000, previous: undefined })))
    expect(v.totalCents).toBe(2_200)
    expect(v.change).toBeUndefined()
  })
})

/** Unit types held: Units, and the two days' prices (thousandths, up to the price cap). */
const unitsArbitrary = fc.array(
  fc.record({
    currency: fc.constantFrom(...CurrencyTypes),
    units: fc.integer({ min: 0, max: 1_000_000 }),
    priceToday: fc.integer({ min: 0, max: PRICE_CAP }),
    pricePrevious: fc.integer({ min: 0, max: PRICE_CAP }),
  }),
  { maxLength: 6 },
)
type Units = typeof unitsArbitrary extends fc.Arbitrary<infer T> ? T : never
/** What the holdings table says each is worth: the Units at each day's price, in cents. */
const valuesOf = (units: Units): ReadonlyArray<HeldUnitType> =>
  units.map((u) => ({
    currency: u.currency,
    valueToday: heldValueCents(u.units, u.priceToday),
    valuePrevious: heldValueCents(u.units, u.pricePrevious),
  }))
const rateArbitrary = fc.integer({ min: 1, max: 5 * EXCHANGE_RATE_SCALE })
const ratesArbitrary = fc.record({
  EUR: fc.record({ today: rateArbitrary, previous: rateArbitrary }),
  USD: fc.record({ today: rateArbitrary, previous: rateArbitrary }),
  AUD: fc.record({ today: rateArbitrary, previous: rateArbitrary }),
  GBP: fc.record({ today: rateArbitrary, previous: rateArbitrary }),
})

describe("properties of the headline (money in integer cents, rounded half-up once per step)", () => {
  it("in its own currency the total is exactly the holdings' values summed, and the change their difference", () => {
    fc.assert(
      fc.property(unitsArbitrary, fc.constantFrom(...CurrencyTypes), (held, currency) => {
        const own = held.map((h) => ({ ...h, currency }))
        const v = valued(
          portfolioValue(valuesOf(own), currency, () => ({ today: undefined, previous: undefined })),
        )
        const today = own.reduce((s, h) => s + heldValueCents(h.units, h.priceToday), 0)
        const previous = own.reduce((s, h) => s + heldValueCents(h.units, h.pricePrevious), 0)
        expect(v.totalCents).toBe(today)
        expect(v.change?.cents).toBe(today - previous)
      }),
    )
  })

  it("the total is within the two roundings of each unit type of the exact value (half a cent before and after the rate)", () => {
    fc.assert(
      fc.property(
        unitsArbitrary,
        fc.constantFrom(...CurrencyTypes),
        ratesArbitrary,
        (held, currency, rates) => {
          const v = valued(portfolioValue(valuesOf(held), currency, (c) => rates[c]))
          // Exact value in 10^-9 cents: units × price / PRICE_SCALE × 100 × rate / EXCHANGE_RATE_SCALE.
          let exact = 0n
          let slack = 0n
          for (const h of held.filter((x) => x.units > 0)) {
            const rate = BigInt(h.currency === currency ? EXCHANGE_RATE_SCALE : rates[h.currency].today)
            exact += (BigInt(h.units) * BigInt(h.priceToday) * 100n * rate) / BigInt(PRICE_SCALE)
            slack += rate / 2n + BigInt(EXCHANGE_RATE_SCALE) / 2n + 1n
          }
          const total = BigInt(v.totalCents) * BigInt(EXCHANGE_RATE_SCALE)
          const gap = total > exact ? total - exact : exact - total
          expect(gap <= slack).toBe(true)
        },
      ),
    )
  })

  it("the change is the total less the value at the previous day's prices and rates, and its percentage within half a hundredth", () => {
    fc.assert(
      fc.property(
        unitsArbitrary,
        fc.constantFrom(...CurrencyTypes),
        ratesArbitrary,
        (held, currency, rates) => {
          const v = valued(portfolioValue(valuesOf(held), currency, (c) => rates[c]))
          const atPrevious = valued(
            portfolioValue(
              valuesOf(held.map((h) => ({ ...h, priceToday: h.pricePrevious }))),
              currency,
              (c) => ({ today: rates[c].previous, previous: rates[c].previous }),
            ),
          ).totalCents
          expect(v.change?.cents).toBe(v.totalCents - atPrevious)
          const bp = v.change?.basisPoints
          if (atPrevious === 0) expect(bp).toBeUndefined()
          else
            expect(
              Math.abs((bp ?? Number.NaN) - ((v.totalCents - atPrevious) * 10_000) / atPrevious),
            ).toBeLessThanOrEqual(0.5)
        },
      ),
    )
  })

  it("prices and rates that did not move leave no change; prices and rates that rose never show a loss", () => {
    fc.assert(
      fc.property(
        unitsArbitrary,
        fc.constantFrom(...CurrencyTypes),
        ratesArbitrary,
        (held, currency, rates) => {
          const still = held.map((h) => ({ ...h, pricePrevious: h.priceToday }))
          const flat = (c: CurrencyType) => ({ today: rates[c].today, previous: rates[c].today })
          expect(valued(portfolioValue(valuesOf(still), currency, flat)).change?.cents).toBe(0)
          const rose = held.map((h) => ({ ...h, pricePrevious: Math.min(h.pricePrevious, h.priceToday) }))
          const up = (c: CurrencyType) => ({
            today: Math.max(rates[c].today, rates[c].previous),
            previous: Math.min(rates[c].today, rates[c].previous),
          })
          expect(valued(portfolioValue(valuesOf(rose), currency, up)).change?.cents).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })

  it("a unit type with no Units adds nothing and needs no rate", () => {
    fc.assert(
      fc.property(
        unitsArbitrary,
        fc.constantFrom(...CurrencyTypes),
        ratesArbitrary,
        (held, currency, rates) => {
          const none = held.map((h) => ({ ...h, units: 0 }))
          expect(
            portfolioValue(valuesOf(none), currency, () => ({ today: undefined, previous: undefined })),
          ).toEqual({
            _tag: "Valued",
            currency,
            totalCents: 0,
            change: { cents: 0, basisPoints: undefined },
          })
          const withEmpty = [...held, ...none]
          expect(portfolioValue(valuesOf(withEmpty), currency, (c) => rates[c])).toEqual(
            portfolioValue(valuesOf(held), currency, (c) => rates[c]),
          )
        },
      ),
    )
  })
})
