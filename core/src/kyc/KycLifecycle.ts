/**
 * The KYC lifecycle (decisions.md, Members, KYC, roles), pure:
 *
 *   UnVerified ──detailsChanged──▶ Details Saved ──submitted──▶ Pending Verification ──approved──▶ Verified
 *                                       ▲                                  └──────────rejected──▶ Not Approved
 *                                       └── detailsChanged (from any status: a change must be verified again)
 *
 * and the list of required fields still missing, which the web's verification tooltip shows.
 */
import { SORT_CODE_COUNTRY, VERIFICATION_TOOLTIP_VISIBLE_FIELDS } from "../shared/Constants.ts"
import {
  type KycStatus,
  KycStatusColour,
  type StatusColourClass,
  type UserType,
} from "../shared/EnumValues.ts"
import type { KycInfo } from "./KycModel.ts"

export const KycEvents = ["detailsChanged", "submitted", "approved", "rejected"] as const
export type KycEvent = (typeof KycEvents)[number]

/**
 * Every allowed move, by event and status. A missing entry is a refused move.
 * - detailsChanged: the member saved changed details or uploaded a document. From Verified this is the rule
 *   "changing verified details returns the member to Details Saved"; from Pending Verification it withdraws the
 *   submission (the admin must not verify details other than those submitted); from Not Approved it starts the fix.
 * - submitted: only from Details Saved (a refused member changes something, then submits again).
 * - approved / rejected: admins, only from Pending Verification.
 */
export const KycTransitions: Readonly<Record<KycEvent, Readonly<Partial<Record<KycStatus, KycStatus>>>>> = {
  detailsChanged: {
    UnVerified: "Details Saved",
    "Details Saved": "Details Saved",
    "Pending Verification": "Details Saved",
    Verified: "Details Saved",
    "Not Approved": "Details Saved",
  },
  submitted: { "Details Saved": "Pending Verification" },
  approved: { "Pending Verification": "Verified" },
  rejected: { "Pending Verification": "Not Approved" },
}

/** The status after `event`, or undefined when the move is not allowed. */
export const nextKycStatus = (status: KycStatus, event: KycEvent): KycStatus | undefined =>
  KycTransitions[event][status]

/** True when some event moves `from` to `to`. */
export const isAllowedKycTransition = (from: KycStatus, to: KycStatus): boolean =>
  KycEvents.some((event) => nextKycStatus(from, event) === to)

/** A required field: where it is in kycInfo and the label the tooltip shows. */
export interface RequiredKycField {
  readonly path: string
  readonly label: string
  readonly present: (kycInfo: KycInfo) => boolean
}

const filled = (text: string | undefined): boolean => text !== undefined && text.trim().length > 0

const field = (path: string, label: string, present: (kycInfo: KycInfo) => boolean): RequiredKycField => ({
  path,
  label,
  present,
})

/** Required of every member, in the order of the KYC form (spec §3 kycInfo). */
export const REQUIRED_KYC_FIELDS: ReadonlyArray<RequiredKycField> = [
  field("address.houseNumber", "House Number", (k) => filled(k.address?.houseNumber)),
  field("address.streetAddress", "Street Address", (k) => filled(k.address?.streetAddress)),
  field("address.townCity", "Town/City", (k) => filled(k.address?.townCity)),
  field("address.postcode", "Postcode", (k) => filled(k.address?.postcode)),
  field("address.country", "Country", (k) => filled(k.address?.country)),
  field("contactInfo.telephoneCountryCode", "Telephone Country Code", (k) =>
    filled(k.contactInfo?.telephoneCountryCode),
  ),
  field("contactInfo.phoneNumber", "Phone Number", (k) => filled(k.contactInfo?.phoneNumber)),
  field("bankDetails.bankAccountName", "Bank Account Name", (k) => filled(k.bankDetails?.bankAccountName)),
  field("bankDetails.bankAccountNumber", "Bank Account Number", (k) =>
    filled(k.bankDetails?.bankAccountNumber),
  ),
  // A UK account without an IBAN is paid by its sort code (docs/decisions/0049-bank-details.md); others need none.
  field(
    "bankDetails.sortCode",
    "Sort Code",
    (k) =>
      k.bankDetails?.bankCountry !== SORT_CODE_COUNTRY ||
      filled(k.bankDetails.iban) ||
      filled(k.bankDetails.sortCode),
  ),
  field("bankDetails.swiftBic", "SWIFT/BIC", (k) => filled(k.bankDetails?.swiftBic)),
  field("bankDetails.bankName", "Bank Name", (k) => filled(k.bankDetails?.bankName)),
  field("bankDetails.bankAddress", "Bank Address", (k) => filled(k.bankDetails?.bankAddress)),
  field("bankDetails.bankCountry", "Bank Country", (k) => filled(k.bankDetails?.bankCountry)),
  field("passport.passportNumber", "Passport Number", (k) => filled(k.passport?.passportNumber)),
  field("passport.issuingCountry", "Passport Issuing Country", (k) => filled(k.passport?.issuingCountry)),
  field("passport.startDate", "Passport Start Date", (k) => filled(k.passport?.startDate)),
  field("passport.expiryDate", "Passport Expiry Date", (k) => filled(k.passport?.expiryDate)),
  field("passport.passportFile", "Passport File", (k) => k.passport?.passportFile !== undefined),
]

/** Required of business members too, after the fields above. */
export const REQUIRED_BUSINESS_FIELDS: ReadonlyArray<RequiredKycField> = [
  field("businessInfo.businessName", "Business Name", (k) => filled(k.businessInfo?.businessName)),
  field("businessInfo.registrationNumber", "Registration Number", (k) =>
    filled(k.businessInfo?.registrationNumber),
  ),
  field(
    "businessInfo.registrationDocument",
    "Registration Document",
    (k) => k.businessInfo?.registrationDocument !== undefined,
  ),
]

export const requiredKycFields = (userType: UserType): ReadonlyArray<RequiredKycField> =>
  userType === "BUSINESS" ? [...REQUIRED_KYC_FIELDS, ...REQUIRED_BUSINESS_FIELDS] : REQUIRED_KYC_FIELDS

/**
 * The labels of the required fields still missing, in form order. Blank or whitespace-only text counts as
 * missing. Documents are part of kycInfo (passport.passportFile, businessInfo.registrationDocument): a document
 * counts once it is uploaded, i.e. referenced there.
 */
export const missingRequiredFields = (kycInfo: KycInfo, userType: UserType): ReadonlyArray<string> =>
  requiredKycFields(userType)
    .filter((f) => !f.present(kycInfo))
    .map((f) => f.label)

/** What the verification tooltip shows (spec §2): the missing fields (first 6, the rest behind Show More), or the status. */
export type VerificationTooltip =
  | {
      readonly _tag: "Missing"
      readonly visible: ReadonlyArray<string>
      readonly more: ReadonlyArray<string>
    }
  | { readonly _tag: "Status"; readonly status: KycStatus; readonly colour: StatusColourClass }

export const verificationTooltip = (kycInfo: KycInfo, userType: UserType): VerificationTooltip => {
  const missing = missingRequiredFields(kycInfo, userType)
  return missing.length === 0
    ? { _tag: "Status", status: kycInfo.kycStatus, colour: KycStatusColour[kycInfo.kycStatus] }
    : {
        _tag: "Missing",
        visible: missing.slice(0, VERIFICATION_TOOLTIP_VISIBLE_FIELDS),
        more: missing.slice(VERIFICATION_TOOLTIP_VISIBLE_FIELDS),
      }
}
