/**
 * IBANs as ISO 13616 defines them: a country code, two check digits, then the country's own account number
 * (the BBAN), with a length fixed per country (the IBAN registry, below). The check digits make the whole number
 * ≡ 1 (mod 97) once the first four characters are moved to the end and each letter is read as two digits
 * (A = 10 … Z = 35). Always caught: one digit typed for another, one letter for another, and two different
 * neighbouring digits swapped; almost always (not always) a letter swapped with a digit, as "3X" and "X3" both read
 * 333.
 *
 * Pure functions on the normalized IBAN (no spaces, capitals: validation/Normalizers.ts `normalizeIban`).
 */

/** Two capital letters, two digits, then capitals or digits (34 characters at most, as ISO 13616 allows). */
export const IBAN_PATTERN = /^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/

/**
 * The length of an IBAN in each country that has IBANs (SWIFT's IBAN registry, 2025). Territories that use
 * their parent's IBANs (Jersey and the Isle of Man use GB; Réunion uses FR) are not listed: their IBANs start
 * with the parent's code.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
}

/** What is wrong with an IBAN, in the order it is checked (the first found is the one answered). */
export type IbanProblem =
  | { readonly kind: "format" }
  | { readonly kind: "country"; readonly country: string }
  | { readonly kind: "length"; readonly country: string; readonly expected: number; readonly actual: number }
  | { readonly kind: "checksum" }

/**
 * The remainder mod 97 of the IBAN's number: its first four characters moved to the end, each letter as two
 * digits (A = 10 … Z = 35). Read a few digits at a time, so no number grows past 2^53. Expects capitals and digits.
 */
export const ibanMod97 = (iban: string): number => {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const code = char.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
  }
  return remainder
}

/** The two check digits that make `country` + digits + `bban` an IBAN ("GB", "NWBK60161331926819" → "29"). */
export const ibanCheckDigits = (country: string, bban: string): string =>
  String(98 - ibanMod97(`${country}00${bban}`)).padStart(2, "0")

/** What is wrong with a normalized IBAN, or undefined for a valid one. */
export const ibanProblem = (iban: string): IbanProblem | undefined => {
  if (!IBAN_PATTERN.test(iban)) return { kind: "format" }
  const country = iban.slice(0, 2)
  const expected = IBAN_LENGTHS[country]
  if (expected === undefined) return { kind: "country", country }
  if (iban.length !== expected) return { kind: "length", country, expected, actual: iban.length }
  // 00, 01 and 99 are never check digits (ISO 13616): they pass mod 97 where 97, 98 and 02 would.
  const digits = iban.slice(2, 4)
  if (digits === "00" || digits === "01" || digits === "99") return { kind: "checksum" }
  return ibanMod97(iban) === 1 ? undefined : { kind: "checksum" }
}

/** True for an IBAN that passes every check (format, country, length, check digits). */
export const isValidIban = (iban: string): boolean => ibanProblem(iban) === undefined
