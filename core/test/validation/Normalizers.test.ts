import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isValidIban } from "../../src/kyc/Iban.ts"
import { BankDetailsInput, ContactInfoInput } from "../../src/kyc/KycValidation.ts"
import { allCountries } from "../../src/shared/Countries.ts"
import {
  normalizeAccountNumber,
  normalizeBic,
  normalizeCountry,
  normalizeDiallingCode,
  normalizeIban,
  normalizePhoneNumber,
  normalizeSortCode,
} from "../../src/validation/Normalizers.ts"
import { validIban } from "../support/IbanArbitrary.ts"
import { decoded, errorsOf, validBank, validContact } from "./helpers.ts"

const NORMALIZERS = {
  normalizePhoneNumber,
  normalizeDiallingCode,
  normalizeAccountNumber,
  normalizeIban,
  normalizeBic,
  normalizeCountry,
  normalizeSortCode,
}

/** The spaces people leave in what they type or paste: plain, no-break, tab. */
const space = fc.constantFrom(" ", "  ", "\u00a0", "\t")

/** `text` with spaces put anywhere in it (before, between and after its characters). */
const withSpaces = (text: string) =>
  fc
    .array(fc.option(space, { nil: undefined }), { minLength: text.length + 1, maxLength: text.length + 1 })
    .map((gaps) => [...text].map((c, i) => `${gaps[i] ?? ""}${c}`).join("") + (gaps[text.length] ?? ""))

describe("normalizing what people type (issue 27)", () => {
  it.each(Object.entries(NORMALIZERS))(
    "%s is idempotent: normalizing twice is normalizing once",
    (_, normalize) => {
      fc.assert(
        fc.property(fc.string({ unit: "grapheme-ascii" }), (typed) => {
          expect(normalize(normalize(typed))).toBe(normalize(typed))
        }),
      )
      fc.assert(
        fc.property(fc.string(), (typed) => {
          expect(normalize(normalize(typed))).toBe(normalize(typed))
        }),
      )
    },
  )

  it("a phone number of 6 to 20 digits is accepted with spaces anywhere, and kept as its digits", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6,20}$/).chain((digits) => fc.tuple(fc.constant(digits), withSpaces(digits))),
        ([digits, typed]) => {
          expect(decoded(ContactInfoInput, { ...validContact, phoneNumber: typed }).phoneNumber).toBe(digits)
        },
      ),
    )
  })

  it("'7700 900123' is the phone number 7700900123", () => {
    expect(decoded(ContactInfoInput, { ...validContact, phoneNumber: "7700 900123" }).phoneNumber).toBe(
      "7700900123",
    )
  })

  it("a valid IBAN is accepted with spaces anywhere and in any case, and kept without spaces in capitals", () => {
    fc.assert(
      fc.property(
        validIban.chain((iban) => fc.tuple(fc.constant(iban), withSpaces(iban), fc.boolean())),
        ([iban, typed, lower]) => {
          const input = lower ? typed.toLowerCase() : typed
          expect(decoded(BankDetailsInput, { ...validBank, iban: input }).iban).toBe(iban)
        },
      ),
    )
  })

  it("what the IBAN rule refuses it refuses with spaces too: spaces never make an IBAN valid", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 40 }), (typed) => {
        // Outside the UK an account may have no IBAN at all (a UK one then gives its sort code).
        const valid =
          errorsOf(BankDetailsInput, { ...validBank, bankCountry: "Germany", iban: typed }).length === 0
        const normalized = normalizeIban(typed)
        expect(valid).toBe(normalized === "" || isValidIban(normalized))
      }),
    )
  })

  it("a SWIFT/BIC is accepted with spaces anywhere and in lower case", () => {
    fc.assert(
      fc.property(
        fc
          .stringMatching(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/)
          .chain((bic) => fc.tuple(fc.constant(bic), withSpaces(bic.toLowerCase()))),
        ([bic, typed]) => {
          expect(decoded(BankDetailsInput, { ...validBank, swiftBic: typed }).swiftBic).toBe(bic)
        },
      ),
    )
  })

  it("every country is found by its name, its codes and its name in another case", () => {
    for (const c of allCountries()) {
      for (const typed of [c.name, c.name.toUpperCase(), ` ${c.name.toLowerCase()} `, c.alpha2, c.alpha3]) {
        expect(normalizeCountry(typed)).toBe(c.name)
      }
    }
  })

  it("text that names no country is left as it was typed (for the list's rule to refuse)", () => {
    expect(normalizeCountry("Atlantis")).toBe("Atlantis")
    expect(normalizeCountry("Congo")).toBe("Congo")
  })
})
