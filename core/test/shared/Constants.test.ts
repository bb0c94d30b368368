import { describe, expect, it } from "vitest"
import {
  BANK_CRYPTO_ORDER_EXPIRY_MS,
  CARD_ORDER_EXPIRY_MS,
  CONVERT_LOCK_MS,
  DEFAULT_BUY_FEE_CENTS,
  DEFAULT_EXTERNAL_FEES,
  DEFAULT_SELL_FEE_UNITS,
  DEFAULT_UNIT_TYPE,
  Durations,
  LIMIT_CONSTANT,
  PRICE_CAP,
  PRICE_SCALE,
  UPLOAD_MAX_BYTES,
  UTM_COOKIE_MAX_AGE_SECONDS,
} from "../../src/shared/Constants.ts"

describe("constants of spec §9 and decisions.md", () => {
  it("caps the price at 2500 × PRICE_SCALE, which is the spec's 2,500,000 limit", () => {
    expect(PRICE_SCALE).toBe(1000)
    expect(PRICE_CAP).toBe(2_500_000)
    expect(PRICE_CAP).toBe(LIMIT_CONSTANT)
  })

  it("charges about 1 per purchase (A$1.6) and 10 Units per sale", () => {
    expect(DEFAULT_BUY_FEE_CENTS).toEqual({ LAND_EUR: 100, LAND_USD: 100, LAND_POUND: 100, LAND_AUD: 160 })
    expect(DEFAULT_SELL_FEE_UNITS).toBe(10)
  })

  it("has the default external fee of every payment method", () => {
    expect(DEFAULT_EXTERNAL_FEES["card-stripe"]).toEqual({ fixedCentsFees: 25, fixedPercentageFees: 1.5 })
    expect(DEFAULT_EXTERNAL_FEES["card-square"]).toEqual({ fixedCentsFees: 30, fixedPercentageFees: 2.9 })
    expect(DEFAULT_EXTERNAL_FEES.crypto).toEqual({ fixedCentsFees: 0, fixedPercentageFees: 1 })
    expect(DEFAULT_EXTERNAL_FEES.bank).toEqual({ fixedCentsFees: 0, fixedPercentageFees: 0 })
  })

  it("keeps the windows of decisions.md", () => {
    expect(CONVERT_LOCK_MS).toBe(30 * Durations.DAY)
    expect(BANK_CRYPTO_ORDER_EXPIRY_MS).toBe(72 * Durations.HOUR)
    expect(CARD_ORDER_EXPIRY_MS).toBe(Durations.HOUR)
    expect(UTM_COOKIE_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60)
    expect(UPLOAD_MAX_BYTES).toBe(8 * 1024 * 1024)
  })

  it("defaults every screen to LAND_USD, converting to LAND_AUD", () => {
    expect(DEFAULT_UNIT_TYPE).toEqual({
      dashboard: "LAND_USD",
      buy: "LAND_USD",
      sell: "LAND_USD",
      transfer: "LAND_USD",
      convertFrom: "LAND_USD",
      convertTo: "LAND_AUD",
    })
  })
})
