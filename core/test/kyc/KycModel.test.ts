import { Schema } from "effect"
import { describe, expect, expectTypeOf, it } from "vitest"
import { emptyKycInfo, type KycDetails, KycInfo, Passport } from "../../src/kyc/KycModel.ts"
import type { KycInfoInput } from "../../src/kyc/KycValidation.ts"
import { validPassport } from "../validation/helpers.ts"

describe("kycInfo data", () => {
  it("a kycInfo without a status is UnVerified", () => {
    expect(Schema.decodeUnknownSync(KycInfo)({})).toEqual({ kycStatus: "UnVerified" })
    expect(emptyKycInfo).toEqual({ kycStatus: "UnVerified" })
  })

  it("keeps the stored documents beside the details", () => {
    const passportFile = { documentId: "doc-1", fileName: "passport.pdf", fileType: "pdf", size: 1024 }
    const stored = { kycStatus: "Pending Verification", passport: { ...validPassport, passportFile } }
    expect(Schema.decodeUnknownSync(KycInfo)(stored)).toEqual(stored)
  })

  it("stores passport dates only as YYYY-MM-DD", () => {
    expect(Schema.is(Passport)({ ...validPassport, startDate: "10/01/2020" })).toBe(false)
  })

  it("what a member's kycInfo input decodes to fits the KYC details model", () => {
    expectTypeOf<KycInfoInput>().toExtend<KycDetails>()
  })
})
