import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { TaxSettings, TaxTreatment } from "../../src/invoices/InvoiceModel.ts"
import { PRICES_EXCLUDE_TAX, taxWordsByCurrency, taxWordsFor } from "../../src/invoices/TaxWords.ts"
import { CurrencyTypes } from "../../src/shared/EnumValues.ts"

const reverseCharge: TaxTreatment = {
  _tag: "ReverseCharge",
  words: "Reverse charge: the buyer accounts for the VAT",
}

describe("the tax words a buy's review shows", () => {
  it("are the terms' words while no treatment is set for the currency", () => {
    expect(PRICES_EXCLUDE_TAX).toBe("Prices shown exclude tax.")
    expect(taxWordsFor([], "AUD")).toBe(PRICES_EXCLUDE_TAX)
    expect(taxWordsFor([{ currency: "EUR", treatment: reverseCharge }], "AUD")).toBe(PRICES_EXCLUDE_TAX)
  })

  it("are the admin's words for the currency once set, whatever the treatment", () => {
    const settings: TaxSettings = [
      { currency: "EUR", treatment: reverseCharge },
      { currency: "AUD", treatment: { _tag: "Rate", basisPoints: 0, words: "GST 0%" } },
      { currency: "GBP", treatment: { _tag: "OutOfScope", words: "Outside the scope of UK VAT" } },
    ]
    expect(taxWordsFor(settings, "EUR")).toBe(reverseCharge.words)
    expect(taxWordsFor(settings, "AUD")).toBe("GST 0%")
    expect(taxWordsFor(settings, "GBP")).toBe("Outside the scope of UK VAT")
    expect(taxWordsFor(settings, "USD")).toBe(PRICES_EXCLUDE_TAX)
  })

  it("name every currency once, each with the words taxWordsFor gives (any settings)", () => {
    const treatment = fc.oneof(
      fc.record({ _tag: fc.constant("ReverseCharge" as const), words: fc.string({ minLength: 1 }) }),
      fc.record({ _tag: fc.constant("OutOfScope" as const), words: fc.string({ minLength: 1 }) }),
      fc.record({
        _tag: fc.constant("Rate" as const),
        basisPoints: fc.integer({ min: 0, max: 10_000 }),
        words: fc.string({ minLength: 1 }),
      }),
    )
    const settings = fc.uniqueArray(fc.record({ currency: fc.constantFrom(...CurrencyTypes), treatment }), {
      selector: (s) => s.currency,
    })
    fc.assert(
      fc.property(settings, (s) => {
        const all = taxWordsByCurrency(s)
        expect(all.map((w) => w.currency)).toEqual([...CurrencyTypes])
        for (const { currency, words } of all) {
          const set = s.find((t) => t.currency === currency)
          expect(words).toBe(set === undefined ? PRICES_EXCLUDE_TAX : set.treatment.words)
          expect(words).toBe(taxWordsFor(s, currency))
        }
      }),
    )
  })
})
