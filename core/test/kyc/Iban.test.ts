/**
 * IBANs (ISO 13616): the registry's examples pass; a wrong check digit, a wrong length for the country, a country
 * without IBANs and the malformed are named apart; and over generated IBANs, one character typed for another of its
 * kind, or two different neighbouring digits swapped, is always refused.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { IBAN_LENGTHS, ibanCheckDigits, ibanMod97, ibanProblem, isValidIban } from "../../src/kyc/Iban.ts"
import { validIban } from "../support/IbanArbitrary.ts"

/** Examples printed in SWIFT's IBAN registry, each a valid IBAN of its country. */
const REGISTRY_EXAMPLES = [
  "GB29NWBK60161331926819",
  "GB33BUKB20201555555555",
  "DE89370400440532013000",
  "FR1420041010050500013M02606",
  "NL91ABNA0417164300",
  "BE68539007547034",
  "NO9386011117947",
  "CH9300762011623852957",
  "IE29AIBK93115212345678",
  "ES9121000418450200051332",
  "IT60X0542811101000000123456",
  "MT84MALT011000012345MTLCAST001S",
  "LC55HEMM000100010012001200023015",
  "BR1800360305000010009795493C1",
]

const DIGITS = "0123456789"
const CAPITALS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

describe("IBAN check digits (ISO 13616, mod 97)", () => {
  it.each(REGISTRY_EXAMPLES)("the registry's example %s passes every check", (iban) => {
    expect(ibanProblem(iban)).toBeUndefined()
    expect(ibanMod97(iban)).toBe(1)
  })

  it("computes the registry's check digits from the country and the account number", () => {
    expect(ibanCheckDigits("GB", "NWBK60161331926819")).toBe("29")
    expect(ibanCheckDigits("DE", "370400440532013000")).toBe("89")
    expect(ibanCheckDigits("FR", "20041010050500013M02606")).toBe("14")
  })

  it("names what is wrong: the format, a country without IBANs, the length for the country, the check digits", () => {
    expect(ibanProblem("GB2XNWBK60161331926819")).toEqual({ kind: "format" })
    expect(ibanProblem("gb29nwbk60161331926819")).toEqual({ kind: "format" })
    expect(ibanProblem("US29NWBK60161331926819")).toEqual({ kind: "country", country: "US" })
    expect(ibanProblem("GB29NWBK6016133192681")).toEqual({
      kind: "length",
      country: "GB",
      expected: 22,
      actual: 21,
    })
    expect(ibanProblem("GB28NWBK60161331926819")).toEqual({ kind: "checksum" })
    // The case: wrong check digits used to be saved.
    expect(ibanProblem("GB00NWBK60161331926819")).toEqual({ kind: "checksum" })
  })

  it("refuses check digits 00, 01 and 99, which ISO 13616 never gives, though mod 97 passes them for 97, 98 and 02", () => {
    const twins = [
      ["97", "00"],
      ["98", "01"],
      ["02", "99"],
    ] as const
    for (const [right, never] of twins) {
      // An account number whose check digits are `right`: its twin `never` is 97 apart, so mod 97 cannot tell.
      let n = 0
      while (ibanCheckDigits("GB", `NWBK${String(n).padStart(14, "0")}`) !== right) n++
      const bban = `NWBK${String(n).padStart(14, "0")}`
      expect(isValidIban(`GB${right}${bban}`)).toBe(true)
      expect(ibanMod97(`GB${never}${bban}`)).toBe(1)
      expect(ibanProblem(`GB${never}${bban}`)).toEqual({ kind: "checksum" })
    }
  })

  it("every country in the table has a length ISO 13616 allows (15 to 34)", () => {
    for (const [country, length] of Object.entries(IBAN_LENGTHS)) {
      expect(country).toMatch(/^[A-Z]{2}$/)
      expect(length).toBeGreaterThanOrEqual(15)
      expect(length).toBeLessThanOrEqual(34)
    }
  })

  it("a generated IBAN passes; its check digits are 02 to 98", () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(ibanProblem(iban)).toBeUndefined()
        expect(Number(iban.slice(2, 4))).toBeGreaterThanOrEqual(2)
        expect(Number(iban.slice(2, 4))).toBeLessThanOrEqual(98)
      }),
    )
  })

  it("one digit typed for another, anywhere after the country code, is refused", () => {
    fc.assert(
      fc.property(validIban, fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const digitPlaces = [...iban].flatMap((c, i) => (i >= 2 && DIGITS.includes(c) ? [i] : []))
        const i = digitPlaces[at % digitPlaces.length] ?? 2
        const changed = String((Number(iban[i]) + shift) % 10)
        const mistyped = iban.slice(0, i) + changed + iban.slice(i + 1)
        expect(mistyped).not.toBe(iban)
        expect(isValidIban(mistyped)).toBe(false)
      }),
    )
  })

  it("one letter typed for another is refused", () => {
    fc.assert(
      fc.property(
        validIban.filter((iban) => /[A-Z]/.test(iban.slice(4))),
        fc.nat(),
        fc.integer({ min: 1, max: 25 }),
        (iban, at, shift) => {
          const letterPlaces = [...iban].flatMap((c, i) => (i >= 4 && CAPITALS.includes(c) ? [i] : []))
          const i = letterPlaces[at % letterPlaces.length] ?? 4
          const changed = CAPITALS[(CAPITALS.indexOf(iban[i] ?? "A") + shift) % 26] ?? "A"
          expect(isValidIban(iban.slice(0, i) + changed + iban.slice(i + 1))).toBe(false)
        },
      ),
    )
  })

  it("two different neighbouring digits swapped (the check digits too) are refused", () => {
    fc.assert(
      fc.property(
        validIban.filter((iban) => /(\d)(?!\1)\d/.test(iban.slice(2))),
        fc.nat(),
        (iban, at) => {
          const pairs = [...iban].flatMap((c, i) =>
            i >= 2 && DIGITS.includes(c) && DIGITS.includes(iban[i + 1] ?? "x") && c !== iban[i + 1]
              ? [i]
              : [],
          )
          const i = pairs[at % pairs.length] ?? 2
          const swapped = `${iban.slice(0, i)}${iban[i + 1]}${iban[i]}${iban.slice(i + 2)}`
          expect(swapped).not.toBe(iban)
          expect(isValidIban(swapped)).toBe(false)
        },
      ),
    )
  })

  it("an IBAN of the wrong length for its country is refused as such, whatever its check digits", () => {
    fc.assert(
      fc.property(validIban, fc.boolean(), (iban, longer) => {
        const wrong = longer ? `${iban}0` : iban.slice(0, -1)
        expect(ibanProblem(wrong)?.kind).toBe("length")
      }),
    )
  })
})
