/**
 * The data of a member's KYC details (spec §3 kycInfo), as stored and as answered to the member.
 * These schemas describe shape only; the rules a member's input must meet are in KycValidation.ts.
 * Every section is optional: a member may save some sections (Details Saved) before submitting all of them.
 */
import { Effect, Schema } from "effect"
import { KycStatus } from "../shared/Enums.ts"
import { UploadFileType } from "./Upload.ts"

/** A calendar date written YYYY-MM-DD. */
export const IsoDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))
export type IsoDate = typeof IsoDate.Type

/** A stored KYC document: private, encrypted at rest, served only to its owner and admins. */
export const KycDocument = Schema.Struct({
  documentId: Schema.String.check(Schema.isMinLength(1)),
  fileName: Schema.String,
  fileType: UploadFileType,
  size: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
})
export type KycDocument = typeof KycDocument.Type

export const Address = Schema.Struct({
  houseNumber: Schema.String,
  streetAddress: Schema.String,
  additionalAddress: Schema.optionalKey(Schema.String),
  townCity: Schema.String,
  postcode: Schema.String,
  country: Schema.String,
})
export type Address = typeof Address.Type

export const ContactInfo = Schema.Struct({
  telephoneCountryCode: Schema.String,
  phoneNumber: Schema.String,
})
export type ContactInfo = typeof ContactInfo.Type

export const BankDetails = Schema.Struct({
  bankAccountName: Schema.String,
  bankAccountNumber: Schema.String,
  iban: Schema.optionalKey(Schema.String),
  /** UK accounts: the 6-digit sort code (docs/decisions/0049-bank-details.md). */
  sortCode: Schema.optionalKey(Schema.String),
  swiftBic: Schema.String,
  bankName: Schema.String,
  bankAddress: Schema.String,
  bankCountry: Schema.String,
})
export type BankDetails = typeof BankDetails.Type

/** The passport as the member types it. */
export const PassportDetails = Schema.Struct({
  passportNumber: Schema.String,
  issuingCountry: Schema.String,
  startDate: IsoDate,
  expiryDate: IsoDate,
})
export type PassportDetails = typeof PassportDetails.Type

/** The passport as stored: the details and the uploaded file. */
export const Passport = Schema.Struct({
  ...PassportDetails.fields,
  passportFile: Schema.optionalKey(KycDocument),
})
export type Passport = typeof Passport.Type

/** Business members only: the business as the member types it. */
export const BusinessDetails = Schema.Struct({
  businessName: Schema.String,
  registrationNumber: Schema.String,
  vatNumber: Schema.optionalKey(Schema.String),
})
export type BusinessDetails = typeof BusinessDetails.Type

/** The business as stored: the details and the uploaded documents. */
export const BusinessInfo = Schema.Struct({
  ...BusinessDetails.fields,
  registrationDocument: Schema.optionalKey(KycDocument),
  optionalDocument: Schema.optionalKey(KycDocument),
})
export type BusinessInfo = typeof BusinessInfo.Type

/** What a member may set in kycInfo: every section but the documents (uploads) and kycStatus (admins). */
export const KycDetails = Schema.Struct({
  optionalNote: Schema.optionalKey(Schema.String),
  address: Schema.optionalKey(Address),
  contactInfo: Schema.optionalKey(ContactInfo),
  bankDetails: Schema.optionalKey(BankDetails),
  passport: Schema.optionalKey(PassportDetails),
  businessInfo: Schema.optionalKey(BusinessDetails),
})
export type KycDetails = typeof KycDetails.Type

export const DEFAULT_KYC_STATUS: KycStatus = "UnVerified"

/** kycInfo as stored and answered to its owner. */
export const KycInfo = Schema.Struct({
  optionalNote: Schema.optionalKey(Schema.String),
  /** UnVerified when absent. */
  kycStatus: KycStatus.pipe(Schema.withDecodingDefaultKey(Effect.succeed(DEFAULT_KYC_STATUS))),
  address: Schema.optionalKey(Address),
  contactInfo: Schema.optionalKey(ContactInfo),
  bankDetails: Schema.optionalKey(BankDetails),
  passport: Schema.optionalKey(Passport),
  optionalDocument: Schema.optionalKey(KycDocument),
  businessInfo: Schema.optionalKey(BusinessInfo),
})
export type KycInfo = typeof KycInfo.Type

/** The KYC details of a member who has saved nothing yet. */
export const emptyKycInfo: KycInfo = { kycStatus: DEFAULT_KYC_STATUS }
