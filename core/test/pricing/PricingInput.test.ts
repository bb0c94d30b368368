import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  parseBasePrice,
  parseCoinPrice,
  parseCoinPriceInput,
  parseExchangeRate,
  parsePercent,
  parseScaled,
} from "../../src/pricing/PricingInput.ts"

const ok = <A>(r: Result.Result<A, string>) => Result.getOrThrow(r)
const error = <A>(r: Result.Result<A, string>) => (Result.isFailure(r) ? r.failure : undefined)

describe("what admins type for prices, rates and fees", () => {
  it("a base price in currency units becomes pricePerUnit in thousandths, exactly", () => {
    expect(ok(parseBasePrice("12.5"))).toBe(12_500)
    expect(ok(parseBasePrice("0.001"))).toBe(1)
    expect(ok(parseBasePrice("2500"))).toBe(2_500_000)
  })

  it("a base price of 0, above the 2,500 cap, with too many decimals or not a number is refused", () => {
    expect(error(parseBasePrice("0"))).toBe(
      "The base price must be more than 0 and at most 2500 currency units",
    )
    expect(error(parseBasePrice("2500.001"))).toBe(
      "The base price must be more than 0 and at most 2500 currency units",
    )
    expect(error(parseBasePrice("1.0001"))).toContain("at most 3 decimals")
    expect(error(parseBasePrice("-1"))).toContain("must be a number")
    expect(error(parseBasePrice("1e3"))).toContain("must be a number")
  })

  it("an exchange rate becomes millionths; 0 is refused", () => {
    expect(ok(parseExchangeRate("1.234567"))).toBe(1_234_567)
    expect(ok(parseExchangeRate("0.85"))).toBe(850_000)
    expect(error(parseExchangeRate("0"))).toBe("The exchange rate must be more than 0")
  })

  it("a percentage has at most two decimals and is at most 100", () => {
    expect(ok(parsePercent("2.9", "The fee"))).toBe(2.9)
    expect(error(parsePercent("100.01", "The fee"))).toBe("The fee must be at most 100%")
    expect(error(parsePercent("1.234", "The fee"))).toContain("at most 2 decimals")
  })

  it("any whole number of thousandths typed as a decimal comes back unchanged (no float rounding)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (n) => {
        const text = `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")}`
        expect(ok(parseScaled(text, 1000, "x"))).toBe(n)
      }),
    )
  })

  it("a coin price in currency units per coin becomes whole cents per coin, exactly; 0 and a third decimal are refused", () => {
    expect(ok(parseCoinPrice("65000"))).toBe(6_500_000)
    expect(ok(parseCoinPrice("65000.5"))).toBe(6_500_050)
    expect(ok(parseCoinPrice("0.01"))).toBe(1)
    expect(error(parseCoinPrice("0"))).toBe("The coin price must be more than 0")
    expect(error(parseCoinPrice("1.001"))).toBe(
      'The coin price must be a number with at most 2 decimals (got "1.001")',
    )
    expect(error(parseCoinPrice("-5"))).toContain("must be a number")
    expect(error(parseCoinPrice("9".repeat(20)))).toBe("The coin price is too large")
  })

  it("set-coin-price names a coin and an order currency in any letter case; anything else is refused with the list", () => {
    expect(ok(parseCoinPriceInput("bitcoin", "eur", "65000.00"))).toEqual({
      coin: "BITCOIN",
      currency: "EUR",
      centsPerCoin: 6_500_000,
    })
    expect(ok(parseCoinPriceInput("ETHER", "AUD", "4500"))).toEqual({
      coin: "ETHER",
      currency: "AUD",
      centsPerCoin: 450_000,
    })
    expect(error(parseCoinPriceInput("DOGE", "EUR", "1"))).toBe(
      'The coin must be one of BITCOIN, ETHER (got "DOGE")',
    )
    expect(error(parseCoinPriceInput("BITCOIN", "JPY", "1"))).toBe(
      'The currency must be one of EUR, USD, AUD, GBP (got "JPY")',
    )
    expect(error(parseCoinPriceInput("BITCOIN", "EUR", "abc"))).toBe(
      'The coin price must be a number with at most 2 decimals (got "abc")',
    )
  })
})
