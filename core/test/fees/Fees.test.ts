import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  buyFeeCents,
  discountCents,
  isSellAboveFee,
  paymentAmountCents,
  percentageHundredths,
  priceBuyOrder,
  sellFeeUnits,
  sellPayoutCents,
  sellQueuedUnits,
  sellQuote,
  subtotalCents,
} from "../../src/fees/Fees.ts"
import {
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_EXTERNAL_FEES,
  type ExternalFee,
  MAX_UNITS_PER_ORDER,
  PRICE_CAP,
} from "../../src/shared/Constants.ts"

const cents = fc.integer({ min: 0, max: 1_000_000_000 })
const percentage = fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100)
const externalFee: fc.Arbitrary<ExternalFee> = fc.record({
  fixedCentsFees: fc.integer({ min: 0, max: 10_000 }),
  fixedPercentageFees: percentage,
})

describe("subtotal of a buy", () => {
  it("is units × price in cents, price being in 1/1000 of the currency", () => {
    expect(subtotalCents(10, 1000, false)).toBe(1000)
    expect(subtotalCents(3, 1234, false)).toBe(370) // 3.702 → 370.2 cents → 370
  })

  it("rounds half-up once, to the cent", () => {
    expect(subtotalCents(1, 1005, false)).toBe(101)
    expect(subtotalCents(1, 1004, false)).toBe(100)
  })

  it("is half price for a double-land (LU2X) buy", () => {
    expect(subtotalCents(10, 1000, true)).toBe(500)
    expect(subtotalCents(1, 1010, true)).toBe(51) // 50.5 cents → 51
  })

  it("refuses a result beyond the safe integer range rather than lose a cent", () => {
    expect(() => subtotalCents(Number.MAX_SAFE_INTEGER, 1_000_000, false)).toThrow(RangeError)
  })

  it("refuses a fractional or negative number of units or price", () => {
    expect(() => subtotalCents(1.5, 1000, false)).toThrow(RangeError)
    expect(() => subtotalCents(-1, 1000, false)).toThrow(RangeError)
    expect(() => subtotalCents(1, 999.5, false)).toThrow(RangeError)
  })

  it("is within half a cent of the exact value, and LU2X within a cent of half of it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 2_500_000 }), (n, p) => {
        const full = subtotalCents(n, p, false)
        expect(Math.abs(full * 10 - n * p)).toBeLessThanOrEqual(5)
        const half = subtotalCents(n, p, true)
        expect(Math.abs(half * 20 - n * p)).toBeLessThanOrEqual(10)
        expect(half).toBeLessThanOrEqual(full)
      }),
    )
  })
})

describe("percentages of fees and discounts", () => {
  it("are read as exact hundredths of a percent", () => {
    expect(percentageHundredths(1.5)).toBe(150n)
    expect(percentageHundredths(2.9)).toBe(290n)
    expect(percentageHundredths(1)).toBe(100n)
    expect(percentageHundredths(0)).toBe(0n)
  })

  it("refuse more than two decimals, negatives and non-numbers", () => {
    expect(() => percentageHundredths(1.234)).toThrow(RangeError)
    expect(() => percentageHundredths(-1)).toThrow(RangeError)
    expect(() => percentageHundredths(Number.NaN)).toThrow(RangeError)
    expect(() => percentageHundredths(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it("every two-decimal percentage converts exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (hundredths) => {
        expect(percentageHundredths(hundredths / 100)).toBe(BigInt(hundredths))
      }),
    )
  })
})

describe("buy fee = buyFee + ((subtotal + buyFee) × percentage / 100 + fixed cents)", () => {
  const subtotal = 10_000 // $100.00
  const usdFee = DEFAULT_BUY_FEE_CENTS.LAND_USD

  it("with the default fees: buy fee 100 cents, card-stripe 25 + 1.5%", () => {
    // 100 + (10,100 × 1.5% = 151.5 → 152) + 25
    expect(
      buyFeeCents({
        subtotalCents: subtotal,
        buyFeeCents: usdFee,
        externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
      }),
    ).toBe(277)
  })

  it("card-square 30 + 2.9%", () => {
    // 100 + (10,100 × 2.9% = 292.9 → 293) + 30
    expect(
      buyFeeCents({
        subtotalCents: subtotal,
        buyFeeCents: usdFee,
        externalFee: DEFAULT_EXTERNAL_FEES["card-square"],
      }),
    ).toBe(423)
  })

  it("crypto 0 + 1%", () => {
    expect(
      buyFeeCents({
        subtotalCents: subtotal,
        buyFeeCents: usdFee,
        externalFee: DEFAULT_EXTERNAL_FEES.crypto,
      }),
    ).toBe(201)
  })

  it("bank 0 + 0%: only the platform's buy fee", () => {
    expect(
      buyFeeCents({ subtotalCents: subtotal, buyFeeCents: usdFee, externalFee: DEFAULT_EXTERNAL_FEES.bank }),
    ).toBe(100)
  })

  it("AUD pays a buy fee of 160 cents", () => {
    expect(DEFAULT_BUY_FEE_CENTS.LAND_AUD).toBe(160)
    // 160 + (10,160 × 1.5% = 152.4 → 152) + 25
    expect(
      buyFeeCents({
        subtotalCents: subtotal,
        buyFeeCents: DEFAULT_BUY_FEE_CENTS.LAND_AUD,
        externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
      }),
    ).toBe(337)
  })

  it("refuses a fractional subtotal", () => {
    expect(() =>
      buyFeeCents({ subtotalCents: 10.5, buyFeeCents: 100, externalFee: DEFAULT_EXTERNAL_FEES.bank }),
    ).toThrow(RangeError)
  })

  it("the buy fee is never negative and never decreases as the subtotal grows", () => {
    fc.assert(
      fc.property(cents, cents, cents, externalFee, (a, b, fee, external) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        const feeLow = buyFeeCents({ subtotalCents: low, buyFeeCents: fee, externalFee: external })
        const feeHigh = buyFeeCents({ subtotalCents: high, buyFeeCents: fee, externalFee: external })
        expect(feeLow).toBeGreaterThanOrEqual(0)
        expect(feeHigh).toBeGreaterThanOrEqual(feeLow)
      }),
    )
  })

  it("the buy fee is within half a cent of the exact formula", () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1000 }), externalFee, (subtotal, fee, external) => {
        const charged = buyFeeCents({ subtotalCents: subtotal, buyFeeCents: fee, externalFee: external })
        const hundredths = Math.round(external.fixedPercentageFees * 100)
        // exact × 10,000 = fee × 10,000 + (subtotal + fee) × hundredths + fixed × 10,000
        const exact =
          BigInt(fee + external.fixedCentsFees) * 10_000n + BigInt(subtotal + fee) * BigInt(hundredths)
        const diff = BigInt(charged) * 10_000n - exact
        expect(diff <= 5_000n && diff >= -5_000n).toBe(true)
      }),
    )
  })
})

describe("payment amount", () => {
  it("is subtotal + fee", () => {
    expect(paymentAmountCents(10_000, 277)).toBe(10_277)
  })

  it("payment amount = subtotal + fee for every priced order without a discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_500_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        externalFee,
        (numberOfUnits, pricePerUnit, isDoubleLand, fee, external) => {
          const order = priceBuyOrder({
            numberOfUnits,
            pricePerUnit,
            isDoubleLand,
            buyFeeCents: fee,
            externalFee: external,
          })
          expect(order.paymentAmount).toBe(order.subTotal + order.transactionFee)
          expect(order.paymentAmount).toBe(paymentAmountCents(order.subTotal, order.transactionFee))
          expect(order.discountValue).toBe(0)
        },
      ),
    )
  })
})

describe("discount of a reference code", () => {
  const total = 10_277

  it("a percent code takes amount% of the total, rounded half-up", () => {
    // 10% of 10,277 = 1,027.7 → 1,028
    expect(
      discountCents({
        totalCents: total,
        discount: { isPercent: true, amount: 10 },
        isDoubleLand: false,
        paymentAmountCents: total,
      }),
    ).toBe(1028)
  })

  it("a percent code on a double-land order takes half the total, whatever its percentage", () => {
    // 10,277 / 2 = 5,138.5 → 5,139
    expect(
      discountCents({
        totalCents: total,
        discount: { isPercent: true, amount: 10 },
        isDoubleLand: true,
        paymentAmountCents: total,
      }),
    ).toBe(5139)
  })

  it("a fixed code takes its amount in cents, never more than the total", () => {
    const fixed = (amount: number) =>
      discountCents({
        totalCents: total,
        discount: { isPercent: false, amount },
        isDoubleLand: true,
        paymentAmountCents: total,
      })
    expect(fixed(500)).toBe(500)
    expect(fixed(20_000)).toBe(total)
  })

  it("a percent code above 100% takes the whole total, never more", () => {
    expect(
      discountCents({
        totalCents: total,
        discount: { isPercent: true, amount: 150 },
        isDoubleLand: false,
        paymentAmountCents: total,
      }),
    ).toBe(total)
  })

  it("applies only when the payment amount is at least minPaymentAmountInCents", () => {
    const withMinimum = (paymentAmountCents: number) =>
      discountCents({
        totalCents: total,
        discount: { isPercent: false, amount: 500, minPaymentAmountInCents: 10_000 },
        isDoubleLand: false,
        paymentAmountCents,
      })
    expect(withMinimum(9_999)).toBe(0)
    expect(withMinimum(10_000)).toBe(500)
  })

  it("the discount never exceeds the total, is never negative, and is 0 below the minimum", () => {
    fc.assert(
      fc.property(
        cents,
        fc.boolean(),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(cents, { nil: undefined }),
        fc.boolean(),
        cents,
        (totalCents, isPercent, amount, minPaymentAmountInCents, isDoubleLand, payment) => {
          const value = discountCents({
            totalCents,
            discount: { isPercent, amount: isPercent ? amount / 100 : amount, minPaymentAmountInCents },
            isDoubleLand,
            paymentAmountCents: payment,
          })
          expect(value).toBeGreaterThanOrEqual(0)
          expect(value).toBeLessThanOrEqual(totalCents)
          if (payment < (minPaymentAmountInCents ?? 0)) expect(value).toBe(0)
        },
      ),
    )
  })
})

describe("pricing a buy order", () => {
  it("takes the discount from subtotal + fee: 100 Units at $1.00 by card-stripe with a 10% code", () => {
    expect(
      priceBuyOrder({
        numberOfUnits: 100,
        pricePerUnit: 1000,
        isDoubleLand: false,
        buyFeeCents: 100,
        externalFee: DEFAULT_EXTERNAL_FEES["card-stripe"],
        discount: { isPercent: true, amount: 10, minPaymentAmountInCents: 0 },
      }),
    ).toEqual({ subTotal: 10_000, transactionFee: 277, discountValue: 1028, paymentAmount: 9249 })
  })

  it("a double-land order pays half price and a percent code halves its total", () => {
    expect(
      priceBuyOrder({
        numberOfUnits: 100,
        pricePerUnit: 1000,
        isDoubleLand: true,
        buyFeeCents: 100,
        externalFee: DEFAULT_EXTERNAL_FEES.bank,
        discount: { isPercent: true, amount: 5 },
      }),
    ).toEqual({ subTotal: 5000, transactionFee: 100, discountValue: 2550, paymentAmount: 2550 })
  })

  it("the payment amount is subtotal + fee − discount and never negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 2_500_000 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        externalFee,
        fc.record({ isPercent: fc.boolean(), amount: fc.integer({ min: 0, max: 100_000_000 }) }),
        (numberOfUnits, pricePerUnit, isDoubleLand, fee, external, discount) => {
          const order = priceBuyOrder({
            numberOfUnits,
            pricePerUnit,
            isDoubleLand,
            buyFeeCents: fee,
            externalFee: external,
            discount: { ...discount, amount: discount.isPercent ? discount.amount % 101 : discount.amount },
          })
          expect(order.paymentAmount).toBe(order.subTotal + order.transactionFee - order.discountValue)
          expect(order.paymentAmount).toBeGreaterThanOrEqual(0)
        },
      ),
    )
  })
})

describe("an order of the most Units one order may hold", () => {
  it("is priced without a RangeError at the price cap and any fee, its amounts far below the safe range", () => {
    const largest = priceBuyOrder({
      numberOfUnits: MAX_UNITS_PER_ORDER,
      pricePerUnit: PRICE_CAP,
      isDoubleLand: false,
      buyFeeCents: 1_000_000,
      externalFee: { fixedCentsFees: 1_000_000, fixedPercentageFees: 100 },
    })
    // 1,000,000 Units × 2,500.000 = 250,000,000,000 cents before fees.
    expect(largest.subTotal).toBe(250_000_000_000)
    expect(largest.paymentAmount).toBeLessThan(Number.MAX_SAFE_INTEGER / 1000)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_UNITS_PER_ORDER }),
        fc.integer({ min: 0, max: PRICE_CAP }),
        fc.boolean(),
        cents,
        externalFee,
        (numberOfUnits, pricePerUnit, isDoubleLand, fee, external) => {
          const order = priceBuyOrder({
            numberOfUnits,
            pricePerUnit,
            isDoubleLand,
            buyFeeCents: fee,
            externalFee: external,
          })
          expect(Number.isSafeInteger(order.paymentAmount)).toBe(true)
          expect(sellPayoutCents(numberOfUnits, pricePerUnit)).toBeLessThanOrEqual(largest.subTotal)
        },
      ),
    )
  })
})

describe("sale fee in Units", () => {
  it("a sell of N pays the 10-Unit fee and puts N − 10 in the sales queue", () => {
    expect(sellFeeUnits(25)).toBe(10)
    expect(sellQueuedUnits(25)).toBe(15)
    expect(isSellAboveFee(11)).toBe(true)
  })

  it("a sell of N ≤ fee is refused", () => {
    expect(isSellAboveFee(10)).toBe(false)
    expect(() => sellQueuedUnits(10)).toThrow(RangeError)
    expect(() => sellFeeUnits(3)).toThrow(RangeError)
  })

  it("fee + queued = N for every sell above the fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1_000_000 }), (fee, extra) => {
        const n = fee + extra
        expect(sellFeeUnits(n, fee) + sellQueuedUnits(n, fee)).toBe(n)
        expect(sellQueuedUnits(n, fee)).toBeGreaterThan(0)
      }),
    )
  })

  it("a filled slice pays the seller slice × price in cents, rounded half-up", () => {
    expect(sellPayoutCents(15, 1234)).toBe(1851) // 18.51
    expect(sellPayoutCents(1, 1005)).toBe(101)
  })
})

describe("the sell review's quote: the fee and the proceeds in money at one price", () => {
  it("issue 38's sale: 15 Unit (£) at £8.967 costs 10 Units, £89.67, and brings £44.84 for the 5 queued", () => {
    expect(sellQuote(15, 10, 8967)).toEqual({
      feeUnits: 10,
      queuedUnits: 5,
      feeCents: 8967,
      proceedsCents: 4484, // 5 × 8.967 = 44.835, rounded half-up
      saleValueCents: 13451,
    })
  })

  it("is refused for a sell of N ≤ fee, like the sell itself", () => {
    expect(() => sellQuote(10, 10, 8967)).toThrow(RangeError)
  })

  const sale = fc
    .record({
      fee: fc.integer({ min: 0, max: 1000 }),
      extra: fc.integer({ min: 1, max: MAX_UNITS_PER_ORDER }),
      price: fc.integer({ min: 0, max: PRICE_CAP }),
    })
    .map(({ fee, extra, price }) => ({ fee, n: fee + extra, price }))

  it("its Units are the sell's own (fee + queued = N), each valued as a filled slice is paid", () => {
    fc.assert(
      fc.property(sale, ({ fee, n, price }) => {
        const quote = sellQuote(n, fee, price)
        expect(quote.feeUnits).toBe(sellFeeUnits(n, fee))
        expect(quote.queuedUnits).toBe(sellQueuedUnits(n, fee))
        expect(quote.feeCents).toBe(sellPayoutCents(quote.feeUnits, price))
        expect(quote.proceedsCents).toBe(sellPayoutCents(quote.queuedUnits, price))
        expect(quote.saleValueCents).toBe(quote.feeCents + quote.proceedsCents)
      }),
    )
  })

  it("the shown lines add up, and stay within a cent of N Units' exact value (no rounding hidden)", () => {
    fc.assert(
      fc.property(sale, ({ fee, n, price }) => {
        const quote = sellQuote(n, fee, price)
        // Exact value in tenths of a cent: n × price / 1000 currency units = n × price / 10 cents.
        const exactTenths = BigInt(n) * BigInt(price)
        const shownTenths = BigInt(quote.saleValueCents) * 10n
        const diff = shownTenths > exactTenths ? shownTenths - exactTenths : exactTenths - shownTenths
        expect(diff <= 10n).toBe(true)
        expect(Number.isSafeInteger(quote.saleValueCents)).toBe(true)
      }),
    )
  })

  it("the proceeds differ from the payouts of the same Units sold in k slices at the same price by at most (k + 1)/2 cents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PRICE_CAP }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 20 }),
        (price, slices) => {
          const queued = slices.reduce((a, b) => a + b, 0)
          const quote = sellQuote(queued + 10, 10, price)
          const paid = slices.reduce((sum, units) => sum + sellPayoutCents(units, price), 0)
          expect(Math.abs(paid - quote.proceedsCents) * 2).toBeLessThanOrEqual(slices.length + 1)
        },
      ),
    )
  })

  it("never falls as the price or the number of Units grows", () => {
    fc.assert(
      fc.property(
        sale,
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (s, morePrice, moreUnits) => {
          const base = sellQuote(s.n, s.fee, s.price)
          const dearer = sellQuote(s.n, s.fee, Math.min(PRICE_CAP, s.price + morePrice))
          const bigger = sellQuote(s.n + moreUnits, s.fee, s.price)
          expect(dearer.proceedsCents).toBeGreaterThanOrEqual(base.proceedsCents)
          expect(dearer.feeCents).toBeGreaterThanOrEqual(base.feeCents)
          expect(bigger.proceedsCents).toBeGreaterThanOrEqual(base.proceedsCents)
          expect(bigger.feeCents).toBe(base.feeCents)
        },
      ),
    )
  })
})
