import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  defaultConvertPair,
  defaultUnitType,
  type HeldUnits,
  heldUnitTypes,
} from "../../src/ledger/DefaultUnitType.ts"
import { DEFAULT_UNIT_TYPE } from "../../src/shared/Constants.ts"
import { type UnitType, UnitTypes } from "../../src/shared/EnumValues.ts"

const holding = (unitType: UnitType, balances: Partial<Omit<HeldUnits, "unitType">> = {}): HeldUnits => ({
  unitType,
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
  ...balances,
})

describe("forms and charts open on a unit type the member holds (issue 27)", () => {
  it("a member who holds nothing gets the configured default of spec §4", () => {
    expect(defaultUnitType([], DEFAULT_UNIT_TYPE.sell)).toBe("LAND_USD")
    expect(defaultUnitType([holding("LAND_POUND")], DEFAULT_UNIT_TYPE.buy)).toBe("LAND_USD")
  })

  it("a holder of one unit type opens on it", () => {
    expect(defaultUnitType([holding("LAND_POUND", { owned: 20 })], DEFAULT_UNIT_TYPE.sell)).toBe("LAND_POUND")
    expect(defaultUnitType([holding("LAND_EUR", { pendingBuy: 3 })], DEFAULT_UNIT_TYPE.dashboard)).toBe(
      "LAND_EUR",
    )
  })

  it("a holder of several opens on the configured default when it is one of them", () => {
    const several = [holding("LAND_POUND", { owned: 50 }), holding("LAND_USD", { owned: 1 })]
    expect(defaultUnitType(several, "LAND_USD")).toBe("LAND_USD")
  })

  it("a holder of several without the default opens on the one held most (ties in spec §3's order)", () => {
    expect(
      defaultUnitType([holding("LAND_POUND", { owned: 5 }), holding("LAND_AUD", { owned: 9 })], "LAND_USD"),
    ).toBe("LAND_AUD")
    expect(
      defaultUnitType([holding("LAND_POUND", { owned: 5 }), holding("LAND_EUR", { owned: 5 })], "LAND_USD"),
    ).toBe("LAND_EUR")
  })

  it("a sale, transfer or convert counts only Units owned (LU2X included), not pending or locked ones", () => {
    const holdings = [
      holding("LAND_USD", { pendingBuy: 10 }),
      holding("LAND_POUND", { owned_DOUBLE_LAND: 4 }),
    ]
    expect(heldUnitTypes(holdings, "owned")).toEqual([{ unitType: "LAND_POUND", units: 4 }])
    expect(defaultUnitType(holdings, "LAND_USD", "owned")).toBe("LAND_POUND")
    expect(defaultUnitType(holdings, "LAND_USD", "any")).toBe("LAND_USD")
  })

  it("convert goes from what the member owns to the configured target, or to the configured source when they own the target", () => {
    const configured = { from: DEFAULT_UNIT_TYPE.convertFrom, to: DEFAULT_UNIT_TYPE.convertTo }
    expect(defaultConvertPair([], configured)).toEqual({ from: "LAND_USD", to: "LAND_AUD" })
    expect(defaultConvertPair([holding("LAND_POUND", { owned: 3 })], configured)).toEqual({
      from: "LAND_POUND",
      to: "LAND_AUD",
    })
    expect(defaultConvertPair([holding("LAND_AUD", { owned: 3 })], configured)).toEqual({
      from: "LAND_AUD",
      to: "LAND_USD",
    })
  })

  it("whatever is held: the choice is the default when nothing is, else a held type; a convert pair is two types", () => {
    const balance = fc.nat({ max: 3 })
    const holdings = fc.array(
      fc.record({
        unitType: fc.constantFrom(...UnitTypes),
        owned: balance,
        owned_DOUBLE_LAND: balance,
        pendingBuy: balance,
        pendingSell: balance,
        convertLocked: balance,
      }),
      { maxLength: 6 },
    )
    fc.assert(
      fc.property(holdings, fc.constantFrom(...UnitTypes), (hs, configured) => {
        const held = heldUnitTypes(hs).map((h) => h.unitType)
        const chosen = defaultUnitType(hs, configured)
        if (held.length === 0) expect(chosen).toBe(configured)
        else expect(held).toContain(chosen)
        if (held.length === 1) expect(chosen).toBe(held[0])
        const pair = defaultConvertPair(hs, { from: "LAND_USD", to: "LAND_AUD" })
        expect(pair.from).not.toBe(pair.to)
      }),
    )
  })
})
