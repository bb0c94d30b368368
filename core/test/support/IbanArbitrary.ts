/**
 * Valid IBANs for property tests: a country of the IBAN registry, an account number (BBAN) of that country's
 * length in capitals and digits, and the check digits core computes for them (ISO 13616).
 */
import fc from "fast-check"
import { IBAN_LENGTHS, ibanCheckDigits } from "../../src/kyc/Iban.ts"

const DIGIT = fc.constantFrom(..."0123456789")
const CAPITAL = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ")

/** A BBAN of `length` characters, digits more often than letters (as most countries' are). */
const bban = (length: number) =>
  fc
    .array(fc.oneof({ arbitrary: DIGIT, weight: 3 }, { arbitrary: CAPITAL, weight: 1 }), {
      minLength: length,
      maxLength: length,
    })
    .map((chars) => chars.join(""))

/** A valid IBAN of any country that has IBANs. */
export const validIban = fc
  .constantFrom(...Object.keys(IBAN_LENGTHS))
  .chain((country) =>
    bban((IBAN_LENGTHS[country] ?? 0) - 4).map((b) => `${country}${ibanCheckDigits(country, b)}${b}`),
  )
