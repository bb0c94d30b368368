import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  isAllowedKycTransition,
  KycEvents,
  missingRequiredFields,
  nextKycStatus,
  REQUIRED_BUSINESS_FIELDS,
  REQUIRED_KYC_FIELDS,
  verificationTooltip,
} from "../../src/kyc/KycLifecycle.ts"
import { emptyKycInfo, type KycDocument, type KycInfo } from "../../src/kyc/KycModel.ts"
import { VERIFICATION_TOOLTIP_VISIBLE_FIELDS } from "../../src/shared/Constants.ts"
import { KycStatuses, UserTypes } from "../../src/shared/Enums.ts"
import { businessDetails, completeDetails } from "../support/KycFixtures.ts"

const passportFile: KycDocument = { documentId: "doc_1", fileName: "passport.pdf", fileType: "pdf", size: 64 }
const registrationDocument: KycDocument = {
  documentId: "doc_2",
  fileName: "reg.pdf",
  fileType: "pdf",
  size: 64,
}

const complete: KycInfo = {
  kycStatus: "Details Saved",
  address: completeDetails.address!,
  contactInfo: completeDetails.contactInfo!,
  bankDetails: completeDetails.bankDetails!,
  passport: { ...completeDetails.passport!, passportFile },
}
const completeBusiness: KycInfo = {
  ...complete,
  businessInfo: { ...businessDetails.businessInfo!, registrationDocument },
}

describe("KYC lifecycle", () => {
  it("KYC moves UnVerified → Details Saved → Pending Verification → Verified", () => {
    expect(nextKycStatus("UnVerified", "detailsChanged")).toBe("Details Saved")
    expect(nextKycStatus("Details Saved", "submitted")).toBe("Pending Verification")
    expect(nextKycStatus("Pending Verification", "approved")).toBe("Verified")
    expect(nextKycStatus("Pending Verification", "rejected")).toBe("Not Approved")
  })

  it("changing verified details returns the member to Details Saved", () => {
    expect(nextKycStatus("Verified", "detailsChanged")).toBe("Details Saved")
  })

  it("a refused member changes something before submitting again", () => {
    expect(nextKycStatus("Not Approved", "submitted")).toBeUndefined()
    expect(nextKycStatus("Not Approved", "detailsChanged")).toBe("Details Saved")
  })

  it("admins decide only on a pending verification", () => {
    for (const status of KycStatuses) {
      if (status === "Pending Verification") continue
      expect(nextKycStatus(status, "approved")).toBeUndefined()
      expect(nextKycStatus(status, "rejected")).toBeUndefined()
    }
  })

  it("nothing but an admin's approval makes a member Verified, and only from Pending Verification", () => {
    for (const from of KycStatuses) {
      expect(isAllowedKycTransition(from, "Verified")).toBe(from === "Pending Verification")
    }
    expect(isAllowedKycTransition("UnVerified", "Pending Verification")).toBe(false)
  })

  it("any sequence of KYC events only ever takes allowed transitions", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...KycEvents), { maxLength: 40 }), (events) => {
        let status = emptyKycInfo.kycStatus
        for (const event of events) {
          const next = nextKycStatus(status, event)
          if (next === undefined) continue
          expect(isAllowedKycTransition(status, next)).toBe(true)
          if (next === "Verified") expect(status).toBe("Pending Verification")
          status = next
        }
      }),
      { numRuns: 1000 },
    )
  })
})

describe("Missing required fields (verification tooltip)", () => {
  it("a member who saved nothing misses every required field, in form order", () => {
    // The sort code is asked only of a UK account without an IBAN (below): nothing says the account is one yet.
    expect(missingRequiredFields(emptyKycInfo, "USER")).toEqual(
      REQUIRED_KYC_FIELDS.filter((f) => f.label !== "Sort Code").map((f) => f.label),
    )
    expect(missingRequiredFields(emptyKycInfo, "USER")[0]).toBe("House Number")
    expect(missingRequiredFields(emptyKycInfo, "BUSINESS").slice(-3)).toEqual([
      "Business Name",
      "Registration Number",
      "Registration Document",
    ])
  })

  it("the tooltip lists the passport file as missing until it is uploaded", () => {
    const withoutFile: KycInfo = { ...complete, passport: completeDetails.passport! }
    expect(missingRequiredFields(withoutFile, "USER")).toEqual(["Passport File"])
    expect(verificationTooltip(withoutFile, "USER")).toEqual({
      _tag: "Missing",
      visible: ["Passport File"],
      more: [],
    })
    expect(missingRequiredFields(complete, "USER")).toEqual([])
  })

  it("blank or whitespace-only text counts as missing", () => {
    const blank: KycInfo = {
      ...complete,
      contactInfo: { telephoneCountryCode: "  ", phoneNumber: "" },
      bankDetails: { ...complete.bankDetails!, bankName: "\t" },
    }
    expect(missingRequiredFields(blank, "USER")).toEqual([
      "Telephone Country Code",
      "Phone Number",
      "Bank Name",
    ])
  })

  it("a UK account without an IBAN misses its sort code; with an IBAN, or outside the UK, none is asked", () => {
    const { sortCode: _, ...ukWithoutSortCode } = complete.bankDetails!
    expect(complete.bankDetails?.bankCountry).toBe("United Kingdom")
    expect(missingRequiredFields({ ...complete, bankDetails: ukWithoutSortCode }, "USER")).toEqual([
      "Sort Code",
    ])
    const withIban = { ...ukWithoutSortCode, iban: "GB29NWBK60161331926819" }
    expect(missingRequiredFields({ ...complete, bankDetails: withIban }, "USER")).toEqual([])
    const german = { ...ukWithoutSortCode, bankCountry: "Germany" }
    expect(missingRequiredFields({ ...complete, bankDetails: german }, "USER")).toEqual([])
  })

  it("the IBAN, the additional address, the optional note and optional documents are not required", () => {
    expect(missingRequiredFields(complete, "USER")).toEqual([])
    expect(complete.bankDetails?.iban).toBeUndefined()
    expect(complete.address?.additionalAddress).toBeUndefined()
  })

  it("business members also need businessName, registrationNumber and the registration document", () => {
    expect(missingRequiredFields(complete, "BUSINESS")).toEqual(REQUIRED_BUSINESS_FIELDS.map((f) => f.label))
    const noDocument: KycInfo = { ...complete, businessInfo: businessDetails.businessInfo! }
    expect(missingRequiredFields(noDocument, "BUSINESS")).toEqual(["Registration Document"])
    expect(missingRequiredFields(completeBusiness, "BUSINESS")).toEqual([])
  })

  it("the tooltip shows the first 6 missing fields and keeps the rest behind Show More", () => {
    const tooltip = verificationTooltip(emptyKycInfo, "USER")
    expect(tooltip._tag).toBe("Missing")
    if (tooltip._tag !== "Missing") return
    expect(tooltip.visible).toHaveLength(VERIFICATION_TOOLTIP_VISIBLE_FIELDS)
    expect([...tooltip.visible, ...tooltip.more]).toEqual(missingRequiredFields(emptyKycInfo, "USER"))
  })

  it("with nothing missing the tooltip shows the KYC status and its colour", () => {
    expect(verificationTooltip({ ...complete, kycStatus: "Verified" }, "USER")).toEqual({
      _tag: "Status",
      status: "Verified",
      colour: "success",
    })
    expect(verificationTooltip({ ...complete, kycStatus: "Not Approved" }, "USER")).toMatchObject({
      colour: "danger",
    })
  })

  it("missing fields are always required labels in form order, and business members miss at least what individuals miss", () => {
    const maybeBlank = fc.constantFrom(undefined, "", "  ", "x")
    fc.assert(
      fc.property(
        maybeBlank,
        maybeBlank,
        maybeBlank,
        fc.boolean(),
        fc.constantFrom(...UserTypes),
        (house, phone, name, file, userType) => {
          const info: KycInfo = {
            ...completeBusiness,
            address: { ...complete.address!, houseNumber: house ?? "" },
            contactInfo: { ...complete.contactInfo!, phoneNumber: phone ?? "" },
            businessInfo: { ...completeBusiness.businessInfo!, businessName: name ?? "" },
            passport: file ? complete.passport! : completeDetails.passport!,
          }
          const labels = [...REQUIRED_KYC_FIELDS, ...REQUIRED_BUSINESS_FIELDS].map((f) => f.label)
          const missing = missingRequiredFields(info, userType)
          const positions = missing.map((m) => labels.indexOf(m))
          expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true)
          expect(missingRequiredFields(info, "BUSINESS")).toEqual(
            expect.arrayContaining([...missingRequiredFields(info, "USER")]),
          )
        },
      ),
    )
  })
})
