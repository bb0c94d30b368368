import { Schema } from "effect"
import { describe, expect, expectTypeOf, it } from "vitest"
import { type ProfileForm, type RegistrationPayload, User } from "../../src/members/MemberModel.ts"
import type {
  LandingRegistrationSubmit,
  ProfileInput,
  RegistrationRequest,
} from "../../src/members/MemberValidation.ts"

describe("member data", () => {
  const user = {
    id: "m-1",
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "Lovelace",
    userType: "USER",
    firstLogin: true,
    kycInfo: {},
  }

  it("a user without a KYC status is UnVerified, in kycInfo too", () => {
    const decoded = Schema.decodeUnknownSync(User)(user)
    expect(decoded.kycStatus).toBe("UnVerified")
    expect(decoded.kycInfo.kycStatus).toBe("UnVerified")
  })

  it("a user is a USER or a BUSINESS", () => {
    expect(() => Schema.decodeUnknownSync(User)({ ...user, userType: "ADMIN" })).toThrow()
    expect(
      Schema.decodeUnknownSync(User)({ ...user, userType: "BUSINESS", businessName: "Acme" }).businessName,
    ).toBe("Acme")
  })

  it("what the validation schemas decode to fits the member models", () => {
    expectTypeOf<LandingRegistrationSubmit>().toEqualTypeOf<RegistrationPayload>()
    expectTypeOf<RegistrationRequest>().toExtend<RegistrationPayload>()
    expectTypeOf<ProfileInput>().toExtend<ProfileForm>()
  })
})
