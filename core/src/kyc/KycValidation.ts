/**
 * The rules a member's KYC input must meet (spec §5, Profile and KYC), one schema per section.
 * Blank or whitespace-only text counts as absent; text is trimmed. What people type is normalized before the rules
 * apply (validation/Normalizers.ts): spaces in a phone number, an account number, an IBAN or a BIC, lower-case
 * IBANs and BICs, a country written in any case or as its code. Countries must be on the ISO 3166 list
 * (shared/Countries.ts). Documents are not part of this input:
 * they arrive as uploads (Upload.ts), and a member never sets kycStatus (unknown keys are dropped).
 *
 * Passport dates are checked against an injected "today" (YYYY-MM-DD, the caller's clock), never the
 * machine's clock, so the rule is the same in a test, on the server and in a browser.
 */
import { Schema } from "effect"
import { SORT_CODE_COUNTRY } from "../shared/Constants.ts"
import { isCountryName } from "../shared/Countries.ts"
import { RequiredBusinessName } from "../validation/BusinessName.ts"
import {
  maxLength,
  minLength,
  optionalNormalized,
  optionalText,
  pattern,
  requiredNormalized,
  requiredText,
  satisfies,
  type TextCheck,
} from "../validation/Fields.ts"
import { HouseMessage as H, SpecMessage as S } from "../validation/Messages.ts"
import {
  normalizeAccountNumber,
  normalizeBic,
  normalizeCountry,
  normalizeDiallingCode,
  normalizeIban,
  normalizePhoneNumber,
  normalizeSortCode,
} from "../validation/Normalizers.ts"
import { IBAN_PATTERN, type IbanProblem, ibanProblem } from "./Iban.ts"

export { IBAN_PATTERN }
/** ISO 9362: four letters (the bank), two (its country), two letters or digits (the place), maybe three more (the branch). */
export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/
const DIGITS = /^\d+$/
const SORT_CODE = /^\d{6}$/
const UK_ACCOUNT_NUMBER = /^\d{8}$/

/** The message for what is wrong with an IBAN: the spec's for its format, the house's for the rest. */
export const ibanProblemMessage = (problem: IbanProblem): string => {
  switch (problem.kind) {
    case "format":
      return S.invalidIban
    case "country":
      return H.ibanCountry
    case "length":
      return H.ibanLength
    case "checksum":
      return H.ibanChecksum
  }
}

/** A normalized IBAN's check (ISO 13616: format, country, its length there, the check digits). */
const validIban: TextCheck = Schema.makeFilter<string>((iban) => {
  const problem = ibanProblem(iban)
  return problem === undefined ? undefined : ibanProblemMessage(problem)
})

/**
 * The rules that join the bank details' fields (docs/decisions/0049-bank-details.md): a UK account without an IBAN is
 * paid by its sort code and 8-digit account number; a sort code always goes with an 8-digit account number; and a
 * sort code beside a UK IBAN must be the IBAN's own (a GB IBAN holds the sort code and the account number).
 * Each field's own checks have passed when these run.
 */
const bankDetailsProblem = (bank: {
  readonly bankAccountNumber: string
  readonly iban?: string | undefined
  readonly sortCode?: string | undefined
  readonly bankCountry: string
}): { readonly path: ReadonlyArray<string>; readonly issue: string } | undefined => {
  if (bank.sortCode === undefined) {
    return bank.bankCountry === SORT_CODE_COUNTRY && bank.iban === undefined
      ? { path: ["sortCode"], issue: H.sortCodeRequired }
      : undefined
  }
  if (!UK_ACCOUNT_NUMBER.test(bank.bankAccountNumber)) {
    return { path: ["bankAccountNumber"], issue: H.bankAccountNumberWithSortCode }
  }
  if (bank.iban?.startsWith("GB") === true && bank.iban.slice(8) !== bank.sortCode + bank.bankAccountNumber) {
    return { path: ["sortCode"], issue: H.sortCodeNotIban }
  }
  return undefined
}
const ALPHANUMERIC = /^[A-Za-z0-9]+$/
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

const daysInMonth = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31

/** True for a real calendar date written YYYY-MM-DD ("2024-02-29" yes, "2023-02-29" no). */
export const isIsoDate = (s: string): boolean => {
  const match = ISO_DATE.exec(s)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
}

/** A date check; a malformed date stops the field's later checks (which compare dates). */
const isoDate = (message: string): TextCheck =>
  Schema.makeFilter<string>((s) => (isIsoDate(s) ? undefined : message)).abort()

// YYYY-MM-DD strings compare like the dates they name.
const after = (day: string, message: string): TextCheck =>
  Schema.makeFilter<string>((s) => (s > day ? undefined : message))

export const OptionalNoteInput = optionalText(maxLength(300, H.optionalNoteMaxLength))

export const AddressInput = Schema.Struct({
  houseNumber: requiredText(H.houseNumberRequired, maxLength(50, H.houseNumberMaxLength)),
  streetAddress: requiredText(H.streetAddressRequired, maxLength(255, H.streetAddressMaxLength)),
  additionalAddress: optionalText(maxLength(255, H.additionalAddressMaxLength)),
  townCity: requiredText(
    H.townCityRequired,
    minLength(3, H.townCityMinLength),
    maxLength(50, H.townCityMaxLength),
  ),
  postcode: requiredText(
    H.postcodeRequired,
    minLength(3, H.postcodeMinLength),
    maxLength(10, H.postcodeMaxLength),
  ),
  country: requiredNormalized(
    H.countryRequired,
    normalizeCountry,
    minLength(3, H.countryMinLength).abort(),
    maxLength(100, H.countryMaxLength).abort(),
    satisfies(isCountryName, H.countryNotListed),
  ),
})
export type AddressInput = typeof AddressInput.Type

export const ContactInfoInput = Schema.Struct({
  telephoneCountryCode: requiredNormalized(
    H.telephoneCountryCodeRequired,
    normalizeDiallingCode,
    maxLength(255, H.telephoneCountryCodeMaxLength),
  ),
  phoneNumber: requiredNormalized(
    H.phoneNumberRequired,
    normalizePhoneNumber,
    pattern(DIGITS, H.phoneNumberDigitsOnly),
    minLength(6, H.phoneNumberMinLength),
    maxLength(255, H.phoneNumberMaxLength),
  ),
})
export type ContactInfoInput = typeof ContactInfoInput.Type

export const BankDetailsInput = Schema.Struct({
  bankAccountName: requiredText(
    H.bankAccountNameRequired,
    minLength(3, H.bankAccountNameMinLength),
    maxLength(255, H.bankAccountNameMaxLength),
  ),
  bankAccountNumber: requiredNormalized(
    H.bankAccountNumberRequired,
    normalizeAccountNumber,
    pattern(DIGITS, H.bankAccountNumberDigitsOnly),
    minLength(5, H.bankAccountNumberMinLength),
    maxLength(255, H.bankAccountNumberMaxLength),
  ),
  iban: optionalNormalized(normalizeIban, validIban),
  /** UK accounts: the 6-digit sort code, typed with spaces or hyphens ("20-20-15") or without. */
  sortCode: optionalNormalized(normalizeSortCode, pattern(SORT_CODE, H.sortCodeFormat)),
  swiftBic: requiredNormalized(
    H.swiftBicRequired,
    normalizeBic,
    maxLength(255, H.swiftBicMaxLength).abort(),
    pattern(BIC_PATTERN, H.swiftBicFormat),
  ),
  bankName: requiredText(H.bankNameRequired, maxLength(255, H.bankNameMaxLength)),
  bankAddress: requiredText(H.bankAddressRequired, maxLength(255, H.bankAddressMaxLength)),
  bankCountry: requiredNormalized(
    H.bankCountryRequired,
    normalizeCountry,
    maxLength(255, H.bankCountryMaxLength).abort(),
    satisfies(isCountryName, H.bankCountryNotListed),
  ),
}).check(Schema.makeFilter(bankDetailsProblem))
export type BankDetailsInput = typeof BankDetailsInput.Type

const assertToday = (today: string): void => {
  if (!isIsoDate(today)) throw new RangeError(`today must be a YYYY-MM-DD date, got "${today}"`)
}

/**
 * The passport section, judged on `today` (YYYY-MM-DD): the expiry date must be after today and after the
 * start date (checked once both dates are valid). Throws a RangeError if `today` is not a YYYY-MM-DD date.
 */
export const makePassportSchema = (today: string) => {
  assertToday(today)
  return Schema.Struct({
    passportNumber: requiredText(
      H.passportNumberRequired,
      pattern(ALPHANUMERIC, H.passportNumberAlphanumeric),
      minLength(6, H.passportNumberMinLength),
      maxLength(20, H.passportNumberMaxLength),
    ),
    issuingCountry: requiredNormalized(
      H.issuingCountryRequired,
      normalizeCountry,
      maxLength(255, H.issuingCountryMaxLength).abort(),
      satisfies(isCountryName, H.issuingCountryNotListed),
    ),
    startDate: requiredText(H.startDateRequired, isoDate(H.startDateFormat)),
    expiryDate: requiredText(
      H.expiryDateRequired,
      isoDate(H.expiryDateFormat),
      after(today, S.expiryInFuture),
    ),
  }).check(
    Schema.makeFilter((passport) =>
      passport.expiryDate > passport.startDate
        ? undefined
        : { path: ["expiryDate"], issue: S.expiryAfterStart },
    ),
  )
}
export type PassportInput = ReturnType<typeof makePassportSchema>["Type"]

export const BusinessInfoInput = Schema.Struct({
  businessName: RequiredBusinessName,
  registrationNumber: requiredText(
    H.registrationNumberRequired,
    minLength(3, H.registrationNumberMinLength),
    maxLength(255, H.registrationNumberMaxLength),
  ),
  vatNumber: optionalText(maxLength(255, H.vatNumberMaxLength)),
})
export type BusinessInfoInput = typeof BusinessInfoInput.Type

/**
 * The kycInfo a member sends with the profile form. Every section is optional (a member may save some
 * before the others); a section that is sent is checked whole. Documents and kycStatus are not input.
 */
export const makeKycInfoSchema = (today: string) =>
  Schema.Struct({
    optionalNote: OptionalNoteInput,
    address: Schema.optionalKey(AddressInput),
    contactInfo: Schema.optionalKey(ContactInfoInput),
    bankDetails: Schema.optionalKey(BankDetailsInput),
    passport: Schema.optionalKey(makePassportSchema(today)),
    businessInfo: Schema.optionalKey(BusinessInfoInput),
  })
export type KycInfoInput = ReturnType<typeof makeKycInfoSchema>["Type"]
