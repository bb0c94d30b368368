/**
 * The catalogue of validation messages.
 *
 * `SpecMessage` holds every message that spec.md §5 writes out (registration, newsletter, change password,
 * profile and KYC, uploads), word for word, including its capitalization ('Email is Required' beside 'Email is
 * required'). Members and KYC schemas take their texts from here, so a message cannot drift from the spec by a
 * typo. The order rules of §5 are not validation messages and live with the order formulas. One exception: the
 * spec's three password rules are one (members/PasswordRule.ts, issue 38), so the change-password and profile
 * forms' own length, uppercase and 'Passwords must matched' messages are gone with their rules. Likewise the
 * business name has one rule, KYC's at least 3 (validation/BusinessName.ts, issue 46), so registration's
 * 'Business name must be at least 2 characters' is gone with its rule.
 *
 * `HouseMessage` holds the messages the spec leaves unwritten (a length it states without a message, a
 * required field without one, a maximum of 255 characters on free text it leaves unbounded), in the
 * spec's own voice.
 */

export const SpecMessage = {
  // Registration
  emailMinLength: "Email must be at least 5 characters",
  emailRequiredRegistration: "Email is Required",
  firstNameMinLength: "First Name must be at least 2 characters",
  firstNameRequired: "First Name is Required",
  passwordMinLength6: "Password must be at least 6 characters",
  passwordNeedsLetter: "Password must contain at least one letter",
  passwordNeedsNumber: "Password must contain at least one number",
  passwordRequired: "Password is required",
  passwordsMustMatch: "Passwords must match",
  confirmPasswordRequired: "Please confirm your password",
  invalidUserType: "Invalid user type",
  businessNameRequired: "Business name is required",
  // Newsletter
  emailRequired: "Email is required",
  invalidEmailFormat: "Invalid email format",
  // Change password
  confirmNewPasswordRequired: "Confirm password is required",
  // Profile and KYC
  invalidIban: "Invalid IBAN format",
  expiryInFuture: "Expiry date must be in the future",
  expiryAfterStart: "Expiry date must be greater than Start date",
  // Uploads
  fileTooLarge: "File too large. Please upload a file less than 8Mb",
  unsupportedFileType: "Unsupported file type. Please upload a PDF, JPEG, or PNG.",
} as const

export type SpecMessage = (typeof SpecMessage)[keyof typeof SpecMessage]

/** Every validation message of spec §5, once each, in the order the spec gives them. */
export const SpecMessages: ReadonlyArray<SpecMessage> = Object.values(SpecMessage)

export const HouseMessage = {
  // Members
  emailMaxLength: "Email must be at most 255 characters",
  firstNameMaxLength: "First Name must be at most 50 characters",
  profileFirstNameMinLength: "First Name must be at least 3 characters",
  lastNameMaxLength: "Last Name must be at most 50 characters",
  passwordMaxLength: "Password must be at most 255 characters",
  businessNameMinLength: "Business name must be at least 3 characters",
  businessNameMaxLength: "Business name must be at most 255 characters",
  currentPasswordRequired: "Current password is required",
  termsNotAccepted: "Please accept the Terms and Conditions to register",
  termsVersionOutdated: "The Terms and Conditions have changed: please read version 10.03.25 and accept it",
  // KYC: note
  optionalNoteMaxLength: "Note must be at most 300 characters",
  // KYC: address
  houseNumberRequired: "House number is required",
  houseNumberMaxLength: "House number must be at most 50 characters",
  streetAddressRequired: "Street address is required",
  streetAddressMaxLength: "Street address must be at most 255 characters",
  additionalAddressMaxLength: "Additional address must be at most 255 characters",
  townCityRequired: "Town/City is required",
  townCityMinLength: "Town/City must be at least 3 characters",
  townCityMaxLength: "Town/City must be at most 50 characters",
  postcodeRequired: "Postcode is required",
  postcodeMinLength: "Postcode must be at least 3 characters",
  postcodeMaxLength: "Postcode must be at most 10 characters",
  countryRequired: "Country is required",
  countryMinLength: "Country must be at least 3 characters",
  countryMaxLength: "Country must be at most 100 characters",
  countryNotListed: "Country must be one of the listed countries",
  // KYC: contact
  telephoneCountryCodeRequired: "Telephone country code is required",
  telephoneCountryCodeMaxLength: "Telephone country code must be at most 255 characters",
  phoneNumberRequired: "Phone number is required",
  phoneNumberDigitsOnly: "Phone number must contain digits only",
  phoneNumberMinLength: "Phone number must be at least 6 digits",
  phoneNumberMaxLength: "Phone number must be at most 255 digits",
  // KYC: bank
  bankAccountNameRequired: "Bank account name is required",
  bankAccountNameMinLength: "Bank account name must be at least 3 characters",
  bankAccountNameMaxLength: "Bank account name must be at most 255 characters",
  bankAccountNumberRequired: "Bank account number is required",
  bankAccountNumberDigitsOnly: "Bank account number must contain digits only",
  bankAccountNumberMinLength: "Bank account number must be at least 5 digits",
  bankAccountNumberMaxLength: "Bank account number must be at most 255 digits",
  ibanCountry:
    "IBAN must start with the code of a country that uses IBANs (leave it empty if your bank gives none)",
  ibanLength:
    "IBAN has the wrong number of characters for its country: check for a missing or extra character",
  ibanChecksum: "IBAN check digits do not match: check it for a mistyped or swapped character",
  sortCodeFormat: "Sort code must be 6 digits",
  sortCodeRequired: "Sort code is required for a UK account without an IBAN",
  bankAccountNumberWithSortCode: "With a sort code, the bank account number must be 8 digits",
  sortCodeNotIban: "Sort code and account number do not match the IBAN",
  swiftBicRequired: "SWIFT/BIC is required",
  swiftBicMaxLength: "SWIFT/BIC must be at most 255 characters",
  swiftBicFormat: "SWIFT/BIC must be 8 or 11 letters and digits",
  bankNameRequired: "Bank name is required",
  bankNameMaxLength: "Bank name must be at most 255 characters",
  bankAddressRequired: "Bank address is required",
  bankAddressMaxLength: "Bank address must be at most 255 characters",
  bankCountryRequired: "Bank country is required",
  bankCountryMaxLength: "Bank country must be at most 255 characters",
  bankCountryNotListed: "Bank country must be one of the listed countries",
  // KYC: passport
  passportNumberRequired: "Passport number is required",
  passportNumberAlphanumeric: "Passport number must contain only letters and digits",
  passportNumberMinLength: "Passport number must be at least 6 characters",
  passportNumberMaxLength: "Passport number must be at most 20 characters",
  issuingCountryRequired: "Issuing country is required",
  issuingCountryMaxLength: "Issuing country must be at most 255 characters",
  issuingCountryNotListed: "Issuing country must be one of the listed countries",
  startDateRequired: "Start date is required",
  startDateFormat: "Start date must be a valid date in YYYY-MM-DD format",
  expiryDateRequired: "Expiry date is required",
  expiryDateFormat: "Expiry date must be a valid date in YYYY-MM-DD format",
  // KYC: business
  registrationNumberRequired: "Registration number is required",
  registrationNumberMinLength: "Registration number must be at least 3 characters",
  registrationNumberMaxLength: "Registration number must be at most 255 characters",
  vatNumberMaxLength: "VAT number must be at most 255 characters",
  // Contact form
  contactNameRequired: "Name is required",
  contactNameMaxLength: "Name must be at most 100 characters",
  contactSubjectMaxLength: "Subject must be at most 200 characters",
  contactMessageRequired: "Message is required",
  contactMessageMinLength: "Message must be at least 10 characters",
  contactMessageMaxLength: "Message must be at most 2000 characters",
  // Buy: the purchase-order reference printed on the invoice (issue 46)
  purchaseOrderReferenceMaxLength: "Purchase order reference must be at most 64 characters",
  purchaseOrderReferencePrintable:
    "Purchase order reference must contain only printable characters (no tabs or line breaks)",
} as const

export type HouseMessage = (typeof HouseMessage)[keyof typeof HouseMessage]

/** Every message the spec leaves unwritten and the house wrote, once each. */
export const HouseMessages: ReadonlyArray<HouseMessage> = Object.values(HouseMessage)

/** Every validation message of members and KYC: the spec's first, then the house's. */
export const ValidationMessages: ReadonlyArray<SpecMessage | HouseMessage> = [
  ...SpecMessages,
  ...HouseMessages,
]
