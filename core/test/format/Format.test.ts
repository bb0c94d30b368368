import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  formatDate,
  formatDateTime,
  formatDateTimeZoned,
  formatFigure,
  formatIsoDate,
  formatMoney,
  formatNumber0,
  formatNumber2,
  formatPercent,
  formatPrice,
  formatRate,
  parseDate,
  parseIsoDate,
  parseNumber,
} from "../../src/format/Format.ts"
import { EXCHANGE_RATE_SCALE, PRICE_CAP, PRICE_SCALE } from "../../src/shared/Constants.ts"
import { CurrencySymbol, CurrencyTypes } from "../../src/shared/Enums.ts"

const JAN_5_2024_3PM = Date.UTC(2024, 0, 5, 15, 0)

describe("numbers are en-US with 2 or 0 decimals", () => {
  it("with 2 decimals", () => {
    expect(formatNumber2(1234.5)).toBe("1,234.50")
    expect(formatNumber2(0)).toBe("0.00")
    expect(formatNumber2(1_000_000)).toBe("1,000,000.00")
    expect(formatNumber2(-1234.567)).toBe("-1,234.57")
  })

  it("with 0 decimals", () => {
    expect(formatNumber0(1234.5)).toBe("1,235")
    expect(formatNumber0(999)).toBe("999")
  })

  it("a negative that rounds to zero shows no minus sign", () => {
    expect(formatNumber2(-0.001)).toBe("0.00")
    expect(formatNumber0(-0.4)).toBe("0")
  })

  it("reads en-US numbers back, grouped or not, and refuses anything else", () => {
    expect(parseNumber("1,234.50")).toBe(1234.5)
    expect(parseNumber("-12")).toBe(-12)
    expect(parseNumber("1234.5")).toBe(1234.5)
    expect(() => parseNumber("1.234,50")).toThrow(RangeError)
    expect(() => parseNumber("12a")).toThrow(RangeError)
    expect(() => parseNumber("")).toThrow(RangeError)
  })

  it("formatting then parsing the 2-decimal form round-trips", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (hundredths) => {
        const value = hundredths / 100
        const text = formatNumber2(value)
        expect(parseNumber(text)).toBe(value)
        expect(formatNumber2(parseNumber(text))).toBe(text)
      }),
    )
  })

  it("formatting then parsing the 0-decimal form round-trips for whole numbers", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (value) => {
        expect(parseNumber(formatNumber0(value))).toBe(value)
      }),
    )
  })
})

describe("money is shown from integer cents with the currency symbol", () => {
  it("in each currency", () => {
    expect(formatMoney(123_450, "USD")).toBe("$1,234.50")
    expect(formatMoney(1000, "AUD")).toBe("A$10.00")
    expect(formatMoney(5, "EUR")).toBe("€0.05")
    expect(formatMoney(99_999_999, "GBP")).toBe("£999,999.99")
    expect(formatMoney(0, "USD")).toBe("$0.00")
  })

  it("with the minus before the symbol", () => {
    expect(formatMoney(-123_450, "USD")).toBe("-$1,234.50")
  })

  it("exactly, far beyond a float's precision", () => {
    expect(formatMoney(123_456_789_012_345_678_901n, "USD")).toBe("$1,234,567,890,123,456,789.01")
  })

  it("refuses a fraction of a cent", () => {
    expect(() => formatMoney(10.5, "USD")).toThrow(RangeError)
  })

  it("money agrees with the 2-decimal number form and parses back to the same cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.constantFrom(...CurrencyTypes), (cents, currency) => {
        const text = formatMoney(cents, currency)
        const symbol = text.slice(0, text.search(/\d/))
        const number = text.slice(symbol.length)
        expect(number).toBe(formatNumber2(cents / 100))
        expect(Math.round(parseNumber(number) * 100)).toBe(cents)
      }),
    )
  })
})

describe("figures, percentages, prices and rates come from the same module (issue 38)", () => {
  it("a figure is whole without decimals, otherwise with two", () => {
    expect(formatFigure(1234)).toBe("1,234")
    expect(formatFigure(1.5)).toBe("1.50")
    expect(formatFigure(0)).toBe("0")
  })

  it("a percentage is a figure with %: 0 or 2 decimals, never one", () => {
    expect(formatPercent(2)).toBe("2%")
    expect(formatPercent(1.5)).toBe("1.50%")
    expect(formatPercent(2.9)).toBe("2.90%")
    expect(formatPercent(200 / 3)).toBe("66.67%")
  })

  it("a price in thousandths shows 2 decimals, or 3 where the third is not 0 (spec: €10.549)", () => {
    expect(formatPrice(10_549, "EUR")).toBe("€10.549")
    expect(formatPrice(10_500, "EUR")).toBe("€10.50")
    expect(formatPrice(10_000, "AUD")).toBe("A$10.00")
    expect(formatPrice(1_234_567, "GBP")).toBe("£1,234.567")
    expect(formatPrice(0, "USD")).toBe("$0.00")
  })

  it("a rate in millionths shows 2 to 6 decimals", () => {
    expect(formatRate(1_282_352)).toBe("1.282352")
    expect(formatRate(850_000)).toBe("0.85")
    expect(formatRate(1_000_000)).toBe("1.00")
    expect(formatRate(1_050_500)).toBe("1.0505")
  })

  it("a price reads back as the same thousandths, with 2 or 3 decimals, within the price cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PRICE_CAP }),
        fc.constantFrom(...CurrencyTypes),
        (price, currency) => {
          const text = formatPrice(price, currency)
          const number = text.slice(CurrencySymbol[currency].length)
          expect(text.startsWith(CurrencySymbol[currency])).toBe(true)
          expect(number).toMatch(/^\d{1,3}(,\d{3})*\.\d{2,3}$/)
          expect(Math.round(parseNumber(number) * PRICE_SCALE)).toBe(price)
        },
      ),
    )
  })

  it("a rate reads back as the same millionths, with 2 to 6 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000 * EXCHANGE_RATE_SCALE }), (rate) => {
        const text = formatRate(rate)
        expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2,6}$/)
        expect(Math.round(parseNumber(text) * EXCHANGE_RATE_SCALE)).toBe(rate)
      }),
    )
  })

  it("a percentage of hundredths reads back to the same value, with 0 or 2 decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (hundredths) => {
        const text = formatPercent(hundredths / 100)
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{2})?%$/)
        expect(Math.round(parseNumber(text.slice(0, -1)) * 100)).toBe(hundredths)
      }),
    )
  })
})

describe("dates", () => {
  it("DD/MM/YYYY, in UTC unless a time zone is given", () => {
    expect(formatDate(JAN_5_2024_3PM)).toBe("05/01/2024")
    expect(formatDate(new Date("2024-12-31T23:30:00Z"), "Australia/Sydney")).toBe("01/01/2025")
    expect(formatDate("2024-01-05T03:00:00Z", "America/New_York")).toBe("04/01/2024")
  })

  it("like 'Jan 5, 2024, 3:00 PM', en-US", () => {
    expect(formatDateTime(JAN_5_2024_3PM)).toBe("Jan 5, 2024, 3:00 PM")
    expect(formatDateTime(new Date(JAN_5_2024_3PM), "Australia/Sydney")).toBe("Jan 6, 2024, 2:00 AM")
    expect(formatDateTime("2024-07-14T09:05:00Z")).toBe("Jul 14, 2024, 9:05 AM")
  })

  it("a moment people read names its time zone: 'Jan 5, 2024, 3:00 PM UTC'", () => {
    expect(formatDateTimeZoned(JAN_5_2024_3PM)).toBe("Jan 5, 2024, 3:00 PM UTC")
    expect(formatDateTimeZoned(JAN_5_2024_3PM, "Australia/Sydney")).toBe(
      "Jan 6, 2024, 2:00 AM Australia/Sydney",
    )
  })

  it("yyyy-mm-dd for a date only", () => {
    expect(formatIsoDate(JAN_5_2024_3PM)).toBe("2024-01-05")
    expect(formatIsoDate("2024-01-05T03:00:00Z", "America/New_York")).toBe("2024-01-04")
  })

  it("reads DD/MM/YYYY and yyyy-mm-dd back as the UTC midnight of the day", () => {
    expect(parseDate("05/01/2024").toISOString()).toBe("2024-01-05T00:00:00.000Z")
    expect(parseIsoDate("2024-02-29").toISOString()).toBe("2024-02-29T00:00:00.000Z")
    expect(parseIsoDate("0099-03-01").getUTCFullYear()).toBe(99)
  })

  it("refuses days that do not exist and other shapes", () => {
    expect(() => parseDate("31/02/2024")).toThrow(RangeError)
    expect(() => parseDate("5/1/2024")).toThrow(RangeError)
    expect(() => parseIsoDate("2023-02-29")).toThrow(RangeError)
    expect(() => parseIsoDate("2024-13-01")).toThrow(RangeError)
    expect(() => parseIsoDate("2024-1-5")).toThrow(RangeError)
    expect(() => formatDate("not a date")).toThrow(RangeError)
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError)
  })

  const day = fc
    .date({
      min: new Date("0001-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    })
    .map((date) => new Date(Date.UTC(1970, 0, 1) + Math.floor(date.getTime() / 86_400_000) * 86_400_000))

  it("DD/MM/YYYY round-trips", () => {
    fc.assert(
      fc.property(day, (date) => {
        const text = formatDate(date)
        expect(parseDate(text).getTime()).toBe(date.getTime())
        expect(formatDate(parseDate(text))).toBe(text)
      }),
    )
  })

  it("yyyy-mm-dd round-trips", () => {
    fc.assert(
      fc.property(day, (date) => {
        const text = formatIsoDate(date)
        expect(parseIsoDate(text).getTime()).toBe(date.getTime())
        expect(formatIsoDate(parseIsoDate(text))).toBe(text)
        expect(text).toBe(date.toISOString().slice(0, 10))
      }),
    )
  })
})
