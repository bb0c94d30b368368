import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  allowedPendingRemainderCents,
  checkBuyAvailability,
  checkConvertLimit,
  checkDoubleLandCap,
  checkPendingPurchaseLimit,
  convertibleUnits,
  remainingDoubleLandUnits,
  remainingUnits,
} from "../../src/availability/Availability.ts"
import { UnitTypes } from "../../src/shared/Enums.ts"

const units = fc.integer({ min: 0, max: 10_000_000 })
const price = fc.integer({ min: 1, max: 2_500_000 })
const landValue = fc.integer({ min: 0, max: 1_000_000_000_000 })
const unitType = fc.constantFrom(...UnitTypes)

describe("buy availability (spec §5)", () => {
  // A $10,000 project at $1.00 a Unit: 10,000 Units of land.
  const project = {
    projectLandValueCents: 1_000_000,
    pendingSellUnits: 300,
    purchasedUnits: 2000,
    pendingPurchaseUnits: 500,
    pricePerUnit: 1000,
  }

  it("remaining = (land value + pending sells × price − purchases × price − pending purchases × price) / price", () => {
    expect(remainingUnits(project)).toBe(10_000 + 300 - 2000 - 500)
  })

  it("is floored to whole Units", () => {
    // $10,000 at $3.00 a Unit = 3,333.33 Units
    expect(
      remainingUnits({
        projectLandValueCents: 1_000_000,
        pendingSellUnits: 0,
        purchasedUnits: 0,
        pendingPurchaseUnits: 0,
        pricePerUnit: 3000,
      }),
    ).toBe(3333)
  })

  it("is 0, never negative, when the project is oversold", () => {
    expect(remainingUnits({ ...project, purchasedUnits: 20_000 })).toBe(0)
  })

  it("refuses a price of 0", () => {
    expect(() => remainingUnits({ ...project, pricePerUnit: 0 })).toThrow(RangeError)
  })

  it("a buy above the remaining Units says 'You can only buy up to N' plus the unit name", () => {
    expect(checkBuyAvailability({ ...project, requestedUnits: 7801, unitType: "LAND_USD" })).toBe(
      "You can only buy up to 7,800 Unit ($)",
    )
    expect(checkBuyAvailability({ ...project, requestedUnits: 7800, unitType: "LAND_USD" })).toBeUndefined()
  })

  it("an oversold project says 'You can only buy up to 0'", () => {
    expect(
      checkBuyAvailability({ ...project, purchasedUnits: 20_000, requestedUnits: 1, unitType: "LAND_EUR" }),
    ).toBe("You can only buy up to 0 Unit (€)")
  })

  it("availability is never negative and is the floor of the available value over the price", () => {
    fc.assert(
      fc.property(
        landValue,
        units,
        units,
        units,
        price,
        (land, pendingSell, purchased, pendingPurchase, p) => {
          const remaining = remainingUnits({
            projectLandValueCents: land,
            pendingSellUnits: pendingSell,
            purchasedUnits: purchased,
            pendingPurchaseUnits: pendingPurchase,
            pricePerUnit: p,
          })
          expect(remaining).toBeGreaterThanOrEqual(0)
          expect(Number.isInteger(remaining)).toBe(true)
          const value = BigInt(land) * 10n + BigInt(pendingSell - purchased - pendingPurchase) * BigInt(p)
          if (value >= 0n) {
            expect(BigInt(remaining) * BigInt(p) <= value).toBe(true)
            expect(BigInt(remaining + 1) * BigInt(p) > value).toBe(true)
          } else {
            expect(remaining).toBe(0)
          }
        },
      ),
    )
  })

  it("a buy is refused exactly when it asks for more than the remaining Units", () => {
    fc.assert(
      fc.property(
        landValue,
        units,
        units,
        price,
        units,
        unitType,
        (land, purchased, pending, p, requested, type) => {
          const input = {
            projectLandValueCents: land,
            pendingSellUnits: 0,
            purchasedUnits: purchased,
            pendingPurchaseUnits: pending,
            pricePerUnit: p,
          }
          const remaining = remainingUnits(input)
          const message = checkBuyAvailability({ ...input, requestedUnits: requested, unitType: type })
          expect(message === undefined).toBe(requested <= remaining)
        },
      ),
    )
  })
})

describe("pending-purchase limit (spec §5)", () => {
  it("names the current pending purchases and what can still be bought until they complete", () => {
    expect(
      checkPendingPurchaseLimit({
        allowedRemainderCents: 50_000,
        requestedCents: 60_000,
        currentPendingCents: 123_400,
        unitType: "LAND_USD",
      }),
    ).toBe(
      "Your current pending purchases amount to $1,234.00. You can only buy up to $500.00 until your current transactions complete.",
    )
  })

  it("shows amounts in the currency of the unit type", () => {
    expect(
      checkPendingPurchaseLimit({
        allowedRemainderCents: 1000,
        requestedCents: 1001,
        currentPendingCents: 5,
        unitType: "LAND_AUD",
      }),
    ).toBe(
      "Your current pending purchases amount to A$0.05. You can only buy up to A$10.00 until your current transactions complete.",
    )
  })

  it("shows a negative remainder as 0", () => {
    expect(
      checkPendingPurchaseLimit({
        allowedRemainderCents: -100,
        requestedCents: 1,
        currentPendingCents: 100,
        unitType: "LAND_POUND",
      }),
    ).toBe(
      "Your current pending purchases amount to £1.00. You can only buy up to £0.00 until your current transactions complete.",
    )
  })

  it("refuses a fractional allowed remainder", () => {
    expect(() =>
      checkPendingPurchaseLimit({
        allowedRemainderCents: 10.5,
        requestedCents: 1,
        currentPendingCents: 0,
        unitType: "LAND_USD",
      }),
    ).toThrow(RangeError)
  })

  it("lets a buy through when it is within the allowed remainder", () => {
    expect(
      checkPendingPurchaseLimit({
        allowedRemainderCents: 50_000,
        requestedCents: 50_000,
        currentPendingCents: 0,
        unitType: "LAND_EUR",
      }),
    ).toBeUndefined()
  })

  it("the allowed remainder is the limit minus pending purchases, never negative", () => {
    expect(allowedPendingRemainderCents({ limitCents: 2_500_000, currentPendingCents: 2_000_000 })).toBe(
      500_000,
    )
    fc.assert(
      fc.property(landValue, landValue, (limitCents, currentPendingCents) => {
        const remainder = allowedPendingRemainderCents({ limitCents, currentPendingCents })
        expect(remainder).toBe(Math.max(0, limitCents - currentPendingCents))
      }),
    )
  })

  it("a buy is refused exactly when its value is above the allowed remainder", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        unitType,
        (allowedRemainderCents, requestedCents, currentPendingCents, type) => {
          const message = checkPendingPurchaseLimit({
            allowedRemainderCents,
            requestedCents,
            currentPendingCents,
            unitType: type,
          })
          expect(message === undefined).toBe(requestedCents <= allowedRemainderCents)
        },
      ),
    )
  })
})

describe("LU2X (double-land) cap (spec §5)", () => {
  // A $10,000 offer of which $9,900 is bought; $2.00 a Unit: 50 Units remain.
  const offer = {
    maxDoubleLandUnitsBoughtValueInCents: 1_000_000,
    totalDoubleLandUnitsBoughtValueInCents: 990_000,
    pricePerUnit: 2000,
  }

  it("remaining double-land Units = (max − bought) / price, floored", () => {
    expect(remainingDoubleLandUnits(offer)).toBe(50)
    expect(remainingDoubleLandUnits({ ...offer, pricePerUnit: 3000 })).toBe(33)
  })

  it("a buy above them says 'Maximum remaining' plus the unit name 'in the LU2X offer: N'", () => {
    expect(checkDoubleLandCap({ ...offer, requestedUnits: 51, unitType: "LAND_USD" })).toBe(
      "Maximum remaining Unit ($) in the LU2X offer: 50",
    )
    expect(checkDoubleLandCap({ ...offer, requestedUnits: 50, unitType: "LAND_USD" })).toBeUndefined()
  })

  it("adds back the Units of this order already counted in the bought total", () => {
    expect(remainingDoubleLandUnits({ ...offer, countedUnits: 20 })).toBe(70)
    expect(
      checkDoubleLandCap({ ...offer, countedUnits: 20, requestedUnits: 70, unitType: "LAND_AUD" }),
    ).toBeUndefined()
    expect(checkDoubleLandCap({ ...offer, countedUnits: 20, requestedUnits: 71, unitType: "LAND_AUD" })).toBe(
      "Maximum remaining Unit (A$) in the LU2X offer: 70",
    )
  })

  it("an offer bought beyond its cap has 0 remaining", () => {
    expect(
      checkDoubleLandCap({
        ...offer,
        totalDoubleLandUnitsBoughtValueInCents: 2_000_000,
        requestedUnits: 1,
        unitType: "LAND_POUND",
      }),
    ).toBe("Maximum remaining Unit (£) in the LU2X offer: 0")
  })

  it("remaining double-land Units are never negative and a buy is refused exactly above them", () => {
    fc.assert(
      fc.property(landValue, landValue, price, units, units, (max, bought, p, counted, requested) => {
        const input = {
          maxDoubleLandUnitsBoughtValueInCents: max,
          totalDoubleLandUnitsBoughtValueInCents: bought,
          pricePerUnit: p,
          countedUnits: counted,
        }
        const remaining = remainingDoubleLandUnits(input)
        expect(remaining).toBeGreaterThanOrEqual(0)
        const message = checkDoubleLandCap({ ...input, requestedUnits: requested, unitType: "LAND_USD" })
        expect(message === undefined).toBe(requested <= remaining)
      }),
    )
  })
})

describe("convert limit (spec §5)", () => {
  it("a convert above owned − fee says 'You can only convert up to N' plus the unit name", () => {
    expect(
      checkConvertLimit({ ownedUnits: 100, requestedUnits: 95, feeUnits: 10, unitType: "LAND_USD" }),
    ).toBe("You can only convert up to 90 Unit ($)")
    expect(
      checkConvertLimit({ ownedUnits: 100, requestedUnits: 90, feeUnits: 10, unitType: "LAND_USD" }),
    ).toBeUndefined()
  })

  it("with the default fee of 0 a member converts everything they own", () => {
    expect(
      checkConvertLimit({ ownedUnits: 100, requestedUnits: 100, feeUnits: 0, unitType: "LAND_EUR" }),
    ).toBeUndefined()
    expect(
      checkConvertLimit({ ownedUnits: 1234, requestedUnits: 1235, feeUnits: 0, unitType: "LAND_EUR" }),
    ).toBe("You can only convert up to 1,234 Unit (€)")
  })

  it("N is 0, never negative, when the fee is more than what is owned", () => {
    expect(checkConvertLimit({ ownedUnits: 5, requestedUnits: 1, feeUnits: 10, unitType: "LAND_AUD" })).toBe(
      "You can only convert up to 0 Unit (A$)",
    )
  })

  it("a convert is refused exactly when owned < requested + fee, and N is owned − fee floored at 0", () => {
    fc.assert(
      fc.property(units, units, fc.integer({ min: 0, max: 100 }), unitType, (owned, requested, fee, type) => {
        const message = checkConvertLimit({
          ownedUnits: owned,
          requestedUnits: requested,
          feeUnits: fee,
          unitType: type,
        })
        expect(message === undefined).toBe(owned >= requested + fee)
        expect(convertibleUnits(owned, fee)).toBe(Math.max(0, owned - fee))
      }),
    )
  })
})
