import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  KycStatusColour,
  KycStatuses,
  OrderStatusColour,
  OrderStatuses,
  UnitType,
  UnitTypeFilter,
  UnitTypes,
  unitDisplayName,
} from "../../src/shared/Enums.ts"

describe("enumerations of spec §3 and §4", () => {
  it("names every unit type after its currency symbol", () => {
    expect(UnitTypes.map(unitDisplayName)).toEqual(["Unit (€)", "Unit ($)", "Unit (A$)", "Unit (£)"])
  })

  it("accepts LAND_ALL only as a filter, never as a unit type", () => {
    expect(Schema.is(UnitTypeFilter)("LAND_ALL")).toBe(true)
    expect(Schema.is(UnitType)("LAND_ALL")).toBe(false)
  })

  it("has 14 order statuses, each with the badge colour of spec §4", () => {
    expect(OrderStatuses).toHaveLength(14)
    expect(OrderStatusColour.PaymentSent_FromUserCrypto).toBe("#8a2be2")
    expect(OrderStatusColour.Completed).toBe("#0acf37")
    expect(Object.keys(OrderStatusColour).sort()).toEqual([...OrderStatuses].sort())
  })

  it("colours KYC statuses: warning for the first three, success for Verified, danger for Not Approved", () => {
    expect(KycStatuses.map((s) => KycStatusColour[s])).toEqual([
      "warning",
      "warning",
      "warning",
      "success",
      "danger",
    ])
  })
})
