/**
 * The catalogue walk: every message of spec §5 (and every house message) is produced by some concrete
 * input through the schemas, at the path a form shows it under. A message no input can reach is dead text
 * in the catalogue, so the table below must cover the catalogue exactly.
 */
import { describe, expect, it } from "vitest"
import { ContactForm } from "../../src/content/ContactForm.ts"
import {
  AddressInput,
  BankDetailsInput,
  BusinessInfoInput,
  ContactInfoInput,
  makeKycInfoSchema,
  makePassportSchema,
} from "../../src/kyc/KycValidation.ts"
import { checkUpload } from "../../src/kyc/Upload.ts"
import {
  BusinessRegistrationForm,
  ChangePasswordForm,
  LandingRegistrationForm,
  makeProfileSchema,
  NewsletterForm,
  RegistrationRequest,
} from "../../src/members/MemberValidation.ts"
import { BuyReviewForm } from "../../src/orders/OrderForms.ts"
import { UPLOAD_MAX_BYTES } from "../../src/shared/Constants.ts"
import type { FieldError } from "../../src/validation/Issues.ts"
import { HouseMessages, SpecMessages, ValidationMessages } from "../../src/validation/Messages.ts"
import {
  errorsOf,
  letters,
  TODAY,
  validAddress,
  validBank,
  validBusiness,
  validContact,
  validPassport,
  validProfile,
  validRegistration,
} from "./helpers.ts"

type Schema = Parameters<typeof errorsOf>[0]

const validBuyReview = { confirmsBusinessPurpose: true }
const validContactForm = { name: "Ann Lee", email: "ann@example.com", message: "I would like to know more." }

interface Row {
  readonly message: string
  readonly path: string
  readonly errors: () => ReadonlyArray<FieldError>
}

/** `message` at `path` when `schema` decodes `base` with `overrides` (undefined removes a key). */
const row = (
  message: string,
  schema: Schema,
  base: Record<string, unknown>,
  path: string,
  overrides: Record<string, unknown>,
): Row => ({
  message,
  path,
  errors: () => {
    const input: Record<string, unknown> = { ...base }
    for (const [key, value] of Object.entries(overrides)) {
      if (value === undefined) delete input[key]
      else input[key] = value
    }
    return errorsOf(schema, input)
  },
})

const upload = (message: string, size: number, firstBytes: Uint8Array): Row => ({
  message,
  path: "file",
  errors: () => {
    const result = checkUpload({ size, firstBytes })
    return result.ok ? [] : [{ path: "file", message: result.message }]
  },
})

const Profile = makeProfileSchema(TODAY)
const Passport = makePassportSchema(TODAY)
const KycInfo = makeKycInfoSchema(TODAY)
const changePassword = {
  currentPassword: "engine1843",
  newPassword: "Engine1843",
  confirmNewPassword: "Engine1843",
}
const pdf = new TextEncoder().encode("%PDF-1.7")
const gif = new TextEncoder().encode("GIF89a")

const table: ReadonlyArray<Row> = [
  // Registration
  row("Email must be at least 5 characters", LandingRegistrationForm, validRegistration, "email", {
    email: "a@b",
  }),
  row("Email is Required", LandingRegistrationForm, validRegistration, "email", { email: "  " }),
  row("Email must be at most 255 characters", LandingRegistrationForm, validRegistration, "email", {
    email: `${letters(250)}@example.com`,
  }),
  row("First Name must be at least 2 characters", LandingRegistrationForm, validRegistration, "firstName", {
    firstName: "A",
  }),
  row("First Name is Required", LandingRegistrationForm, validRegistration, "firstName", {
    firstName: undefined,
  }),
  row("First Name must be at most 50 characters", LandingRegistrationForm, validRegistration, "firstName", {
    firstName: letters(51),
  }),
  row("Last Name must be at most 50 characters", LandingRegistrationForm, validRegistration, "lastName", {
    lastName: letters(51),
  }),
  row("Password must be at least 6 characters", LandingRegistrationForm, validRegistration, "password", {
    password: "ab1",
  }),
  row("Password must contain at least one letter", LandingRegistrationForm, validRegistration, "password", {
    password: "123456",
  }),
  row("Password must contain at least one number", LandingRegistrationForm, validRegistration, "password", {
    password: "abcdef",
  }),
  row("Password is required", LandingRegistrationForm, validRegistration, "password", { password: "" }),
  row("Password must be at most 255 characters", LandingRegistrationForm, validRegistration, "password", {
    password: `${letters(255)}1`,
  }),
  row("Passwords must match", LandingRegistrationForm, validRegistration, "confirmPassword", {
    confirmPassword: "engine1844",
  }),
  row("Please confirm your password", LandingRegistrationForm, validRegistration, "confirmPassword", {
    confirmPassword: undefined,
  }),
  row("Invalid user type", LandingRegistrationForm, validRegistration, "userType", { userType: "ADMIN" }),
  row(
    "Please accept the Terms and Conditions to register",
    LandingRegistrationForm,
    validRegistration,
    "termsAccepted",
    { termsAccepted: false },
  ),
  row(
    "The Terms and Conditions have changed: please read version 10.03.25 and accept it",
    RegistrationRequest,
    {
      email: "ada@example.com",
      firstName: "Ada",
      password: "engine1843",
      userType: "USER",
      termsAccepted: true,
    },
    "termsVersion",
    { termsVersion: "01.01.24" },
  ),
  row("Business name is required", BusinessRegistrationForm, validRegistration, "businessName", {}),
  row(
    "Business name must be at most 255 characters",
    LandingRegistrationForm,
    validRegistration,
    "businessName",
    {
      businessName: letters(256),
    },
  ),
  // Newsletter
  row("Email is required", NewsletterForm, {}, "email", {}),
  row("Invalid email format", NewsletterForm, {}, "email", { email: "ada@example" }),
  // Change password
  row("Confirm password is required", ChangePasswordForm, changePassword, "confirmNewPassword", {
    confirmNewPassword: "",
  }),
  // Profile
  row("First Name must be at least 3 characters", Profile, validProfile, "firstName", { firstName: "Al" }),
  row("Current password is required", Profile, validProfile, "currentPassword", {
    newPassword: "abcde1",
    confirmNewPassword: "abcde1",
  }),
  row("Note must be at most 300 characters", KycInfo, {}, "optionalNote", { optionalNote: letters(301) }),
  // Address
  row("House number is required", AddressInput, validAddress, "houseNumber", { houseNumber: " " }),
  row("House number must be at most 50 characters", AddressInput, validAddress, "houseNumber", {
    houseNumber: letters(51),
  }),
  row("Street address is required", AddressInput, validAddress, "streetAddress", {
    streetAddress: undefined,
  }),
  row("Street address must be at most 255 characters", AddressInput, validAddress, "streetAddress", {
    streetAddress: letters(256),
  }),
  row("Additional address must be at most 255 characters", AddressInput, validAddress, "additionalAddress", {
    additionalAddress: letters(256),
  }),
  row("Town/City is required", AddressInput, validAddress, "townCity", { townCity: "" }),
  row("Town/City must be at least 3 characters", AddressInput, validAddress, "townCity", { townCity: "Ay" }),
  row("Town/City must be at most 50 characters", AddressInput, validAddress, "townCity", {
    townCity: letters(51),
  }),
  row("Postcode is required", AddressInput, validAddress, "postcode", { postcode: "\t" }),
  row("Postcode must be at least 3 characters", AddressInput, validAddress, "postcode", { postcode: "W1" }),
  row("Postcode must be at most 10 characters", AddressInput, validAddress, "postcode", {
    postcode: "SW1Y 4JH 123",
  }),
  row("Country is required", AddressInput, validAddress, "country", { country: null }),
  // "UK" is a country's other name (United Kingdom); "Zz" is no country's.
  row("Country must be at least 3 characters", AddressInput, validAddress, "country", { country: "Zz" }),
  row("Country must be at most 100 characters", AddressInput, validAddress, "country", {
    country: letters(101),
  }),
  row("Country must be one of the listed countries", AddressInput, validAddress, "country", {
    country: "Atlantis",
  }),
  // Contact
  row("Telephone country code is required", ContactInfoInput, validContact, "telephoneCountryCode", {
    telephoneCountryCode: "",
  }),
  row(
    "Telephone country code must be at most 255 characters",
    ContactInfoInput,
    validContact,
    "telephoneCountryCode",
    {
      telephoneCountryCode: letters(256),
    },
  ),
  row("Phone number is required", ContactInfoInput, validContact, "phoneNumber", { phoneNumber: "  " }),
  row("Phone number must contain digits only", ContactInfoInput, validContact, "phoneNumber", {
    phoneNumber: "+44 20 7946 0000",
  }),
  row("Phone number must be at least 6 digits", ContactInfoInput, validContact, "phoneNumber", {
    phoneNumber: "12345",
  }),
  row("Phone number must be at most 255 digits", ContactInfoInput, validContact, "phoneNumber", {
    phoneNumber: "1".repeat(256),
  }),
  // Bank
  row("Bank account name is required", BankDetailsInput, validBank, "bankAccountName", {
    bankAccountName: "",
  }),
  row("Bank account name must be at least 3 characters", BankDetailsInput, validBank, "bankAccountName", {
    bankAccountName: "Al",
  }),
  row("Bank account name must be at most 255 characters", BankDetailsInput, validBank, "bankAccountName", {
    bankAccountName: letters(256),
  }),
  row("Bank account number is required", BankDetailsInput, validBank, "bankAccountNumber", {
    bankAccountNumber: undefined,
  }),
  row("Bank account number must contain digits only", BankDetailsInput, validBank, "bankAccountNumber", {
    bankAccountNumber: "12/34/56",
  }),
  row("Bank account number must be at least 5 digits", BankDetailsInput, validBank, "bankAccountNumber", {
    bankAccountNumber: "1234",
  }),
  row("Bank account number must be at most 255 digits", BankDetailsInput, validBank, "bankAccountNumber", {
    bankAccountNumber: "1".repeat(256),
  }),
  row("Invalid IBAN format", BankDetailsInput, validBank, "iban", { iban: "gb2x nwbk 6016 1331 9268 19" }),
  row(
    "IBAN must start with the code of a country that uses IBANs (leave it empty if your bank gives none)",
    BankDetailsInput,
    validBank,
    "iban",
    { iban: "US29NWBK60161331926819" },
  ),
  row(
    "IBAN has the wrong number of characters for its country: check for a missing or extra character",
    BankDetailsInput,
    validBank,
    "iban",
    { iban: "GB29NWBK6016133192681" },
  ),
  row(
    "IBAN check digits do not match: check it for a mistyped or swapped character",
    BankDetailsInput,
    validBank,
    "iban",
    { iban: "GB29NWBK60161331926891" },
  ),
  row("Sort code must be 6 digits", BankDetailsInput, validBank, "sortCode", { sortCode: "60-16-1" }),
  row("Sort code is required for a UK account without an IBAN", BankDetailsInput, validBank, "sortCode", {
    iban: undefined,
  }),
  row(
    "With a sort code, the bank account number must be 8 digits",
    BankDetailsInput,
    validBank,
    "bankAccountNumber",
    { iban: undefined, sortCode: "601613", bankAccountNumber: "1926819" },
  ),
  row("Sort code and account number do not match the IBAN", BankDetailsInput, validBank, "sortCode", {
    sortCode: "601614",
  }),
  row("SWIFT/BIC is required", BankDetailsInput, validBank, "swiftBic", { swiftBic: " " }),
  row("SWIFT/BIC must be at most 255 characters", BankDetailsInput, validBank, "swiftBic", {
    swiftBic: letters(256),
  }),
  row("SWIFT/BIC must be 8 or 11 letters and digits", BankDetailsInput, validBank, "swiftBic", {
    swiftBic: "NWBK GB",
  }),
  row("Bank name is required", BankDetailsInput, validBank, "bankName", { bankName: "" }),
  row("Bank name must be at most 255 characters", BankDetailsInput, validBank, "bankName", {
    bankName: letters(256),
  }),
  row("Bank address is required", BankDetailsInput, validBank, "bankAddress", { bankAddress: "" }),
  row("Bank address must be at most 255 characters", BankDetailsInput, validBank, "bankAddress", {
    bankAddress: letters(256),
  }),
  row("Bank country is required", BankDetailsInput, validBank, "bankCountry", { bankCountry: "" }),
  row("Bank country must be at most 255 characters", BankDetailsInput, validBank, "bankCountry", {
    bankCountry: letters(256),
  }),
  row("Bank country must be one of the listed countries", BankDetailsInput, validBank, "bankCountry", {
    bankCountry: "Europe",
  }),
  // Passport
  row("Passport number is required", Passport, validPassport, "passportNumber", { passportNumber: "" }),
  row("Passport number must contain only letters and digits", Passport, validPassport, "passportNumber", {
    passportNumber: "AB 123456",
  }),
  row("Passport number must be at least 6 characters", Passport, validPassport, "passportNumber", {
    passportNumber: "AB123",
  }),
  row("Passport number must be at most 20 characters", Passport, validPassport, "passportNumber", {
    passportNumber: "A".repeat(21),
  }),
  row("Issuing country is required", Passport, validPassport, "issuingCountry", { issuingCountry: "  " }),
  row("Issuing country must be at most 255 characters", Passport, validPassport, "issuingCountry", {
    issuingCountry: letters(256),
  }),
  row("Issuing country must be one of the listed countries", Passport, validPassport, "issuingCountry", {
    issuingCountry: "Gondor",
  }),
  row("Start date is required", Passport, validPassport, "startDate", { startDate: "" }),
  row("Start date must be a valid date in YYYY-MM-DD format", Passport, validPassport, "startDate", {
    startDate: "10/01/2020",
  }),
  row("Expiry date is required", Passport, validPassport, "expiryDate", { expiryDate: undefined }),
  row("Expiry date must be a valid date in YYYY-MM-DD format", Passport, validPassport, "expiryDate", {
    expiryDate: "2030-02-30",
  }),
  row("Expiry date must be in the future", Passport, validPassport, "expiryDate", { expiryDate: TODAY }),
  row("Expiry date must be greater than Start date", Passport, validPassport, "expiryDate", {
    startDate: "2031-01-01",
    expiryDate: "2030-12-31",
  }),
  // Business
  row("Business name must be at least 3 characters", BusinessInfoInput, validBusiness, "businessName", {
    businessName: "AB",
  }),
  row("Registration number is required", BusinessInfoInput, validBusiness, "registrationNumber", {
    registrationNumber: " ",
  }),
  row(
    "Registration number must be at least 3 characters",
    BusinessInfoInput,
    validBusiness,
    "registrationNumber",
    {
      registrationNumber: "12",
    },
  ),
  row(
    "Registration number must be at most 255 characters",
    BusinessInfoInput,
    validBusiness,
    "registrationNumber",
    {
      registrationNumber: letters(256),
    },
  ),
  row("VAT number must be at most 255 characters", BusinessInfoInput, validBusiness, "vatNumber", {
    vatNumber: letters(256),
  }),
  // Contact form
  row("Name is required", ContactForm, validContactForm, "name", { name: "  " }),
  row("Name must be at most 100 characters", ContactForm, validContactForm, "name", { name: letters(101) }),
  row("Subject must be at most 200 characters", ContactForm, validContactForm, "subject", {
    subject: letters(201),
  }),
  row("Message is required", ContactForm, validContactForm, "message", { message: undefined }),
  row("Message must be at least 10 characters", ContactForm, validContactForm, "message", {
    message: "Too short",
  }),
  row("Message must be at most 2000 characters", ContactForm, validContactForm, "message", {
    message: letters(2001),
  }),
  // Buy: the purchase-order reference
  row(
    "Purchase order reference must be at most 64 characters",
    BuyReviewForm,
    validBuyReview,
    "purchaseOrderReference",
    {
      purchaseOrderReference: letters(65),
    },
  ),
  row(
    "Purchase order reference must contain only printable characters (no tabs or line breaks)",
    BuyReviewForm,
    validBuyReview,
    "purchaseOrderReference",
    { purchaseOrderReference: "PO\t118" },
  ),
  // Uploads
  upload("File too large. Please upload a file less than 8Mb", UPLOAD_MAX_BYTES + 1, pdf),
  upload("Unsupported file type. Please upload a PDF, JPEG, or PNG.", 1024, gif),
]

describe("the catalogue of validation messages", () => {
  it("holds the 20 distinct messages of spec §5 (its three password rules made one: issue 38; its registration business name rule made KYC's: issue 46), each once", () => {
    expect(SpecMessages).toHaveLength(20)
    expect(new Set(ValidationMessages).size).toBe(ValidationMessages.length)
  })

  it("keeps the spec's own wording and odd capitals; the profile's 'Passwords must matched' went with its rule (issue 38)", () => {
    expect(SpecMessages).toContain("Email is Required")
    expect(SpecMessages).toContain("Email is required")
    expect(SpecMessages).not.toContain("Passwords must matched")
    expect(SpecMessages).toContain("Unsupported file type. Please upload a PDF, JPEG, or PNG.")
  })

  it("every spec message and every house message has an input that produces it", () => {
    const covered = new Set(table.map((r) => r.message))
    expect(SpecMessages.filter((m) => !covered.has(m))).toEqual([])
    expect(HouseMessages.filter((m) => !covered.has(m))).toEqual([])
    expect([...covered].filter((m) => !(ValidationMessages as ReadonlyArray<string>).includes(m))).toEqual([])
  })

  it.each(table.map((r) => [r.message, r.path, r]))("'%s' is produced at %s", (_message, _path, r) => {
    expect(r.errors()).toContainEqual({ path: r.path, message: r.message })
  })
})
