/** Helpers for the validation tests: run a schema the way the API and the forms do (Issues.validate). */
import type { Schema } from "effect"
import { type FieldError, validate } from "../../src/validation/Issues.ts"

/** The field errors `schema` reports for `input` ([] when it is valid). */
export const errorsOf = (
  schema: Schema.ConstraintDecoder<unknown>,
  input: unknown,
): ReadonlyArray<FieldError> => {
  const result = validate(schema, input)
  return result.ok ? [] : result.errors
}

/** The messages reported at `path` only. */
export const messagesAt = (schema: Schema.ConstraintDecoder<unknown>, input: unknown, path: string) =>
  errorsOf(schema, input)
    .filter((error) => error.path === path)
    .map((error) => error.message)

/** The decoded value; fails the test with the errors if `input` is invalid. */
export const decoded = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  input: unknown,
): S["Type"] => {
  const result = validate(schema, input)
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.errors)}`)
  return result.value
}

/** Today, as every test that needs one injects it. */
export const TODAY = "2025-06-15"

export const validRegistration = {
  email: "ada@example.com",
  firstName: "Ada",
  lastName: "Lovelace",
  password: "engine1843",
  confirmPassword: "engine1843",
  termsAccepted: true as const,
}

export const validAddress = {
  houseNumber: "12",
  streetAddress: "St James's Square",
  townCity: "London",
  postcode: "SW1Y 4JH",
  country: "United Kingdom",
}

export const validContact = { telephoneCountryCode: "+44", phoneNumber: "2079460000" }

export const validBank = {
  bankAccountName: "Ada Lovelace",
  bankAccountNumber: "31926819",
  iban: "GB29NWBK60161331926819",
  swiftBic: "NWBKGB2L",
  bankName: "NatWest",
  bankAddress: "250 Bishopsgate, London",
  bankCountry: "United Kingdom",
}

export const validPassport = {
  passportNumber: "AB1234567",
  issuingCountry: "United Kingdom",
  startDate: "2020-01-10",
  expiryDate: "2030-01-09",
}

export const validBusiness = { businessName: "Analytical Engines Ltd", registrationNumber: "01234567" }

export const validProfile = { email: "ada@example.com", firstName: "Ada" }

/** A string of `n` letters. */
export const letters = (n: number): string => "a".repeat(n)
