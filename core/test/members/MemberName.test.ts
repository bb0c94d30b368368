import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  businessNameOf,
  memberDisplayName,
  memberNameWithContact,
  memberNaming,
  personName,
} from "../../src/members/MemberName.ts"

const greta = {
  firstName: "Greta",
  lastName: "Green",
  userType: "BUSINESS" as const,
  businessName: "Acme Ltd",
}
const ada = { firstName: "Ada", lastName: "Lovelace", userType: "USER" as const }

describe("how a member is named", () => {
  it("a business member is the business, with the person as contact", () => {
    expect(memberNaming(greta)).toEqual({
      displayName: "Acme Ltd",
      contact: "Greta Green",
      greeting: "Acme Ltd",
    })
    expect(memberNameWithContact(greta)).toBe("Acme Ltd (contact: Greta Green)")
  })

  it("KYC's business details come before registration's name, with the numbers", () => {
    const naming = memberNaming(greta, {
      businessName: " Acme Holdings Ltd ",
      registrationNumber: "12345678",
      vatNumber: "GB123456789",
    })
    expect(naming).toEqual({
      displayName: "Acme Holdings Ltd",
      contact: "Greta Green",
      greeting: "Acme Holdings Ltd",
      registrationNumber: "12345678",
      vatNumber: "GB123456789",
    })
    expect(memberDisplayName(greta, { businessName: "  " })).toBe("Acme Ltd")
  })

  it("KYC's business name starts from registration's until KYC holds its own", () => {
    expect(businessNameOf(greta)).toBe("Acme Ltd")
    expect(businessNameOf(greta, { businessName: "Acme Holdings Ltd" })).toBe("Acme Holdings Ltd")
    expect(businessNameOf({ userType: "USER", businessName: "Acme Ltd" })).toBeUndefined()
  })

  it("a closed account is named by its pseudonymised account, not by the KYC details kept after it", () => {
    const closed = { ...greta, firstName: "Former", lastName: "member", businessName: undefined, closedAt: 1 }
    expect(
      memberNaming(closed, { businessName: "Acme Ltd", registrationNumber: "123", vatNumber: "GB1" }),
    ).toEqual({
      displayName: "Former member",
      greeting: "Former",
    })
  })

  it("an individual is the person, greeted by first name", () => {
    expect(memberNaming(ada)).toEqual({ displayName: "Ada Lovelace", greeting: "Ada" })
    expect(memberNameWithContact(ada)).toBe("Ada Lovelace")
    expect(personName({ firstName: "Ada", lastName: "" })).toBe("Ada")
  })

  it("a business name never names an individual; a business without one falls back to the person", () => {
    expect(memberDisplayName({ ...ada, businessName: "Stale Ltd" }, { businessName: "Stale Ltd" })).toBe(
      "Ada Lovelace",
    )
    expect(memberDisplayName({ ...greta, businessName: undefined })).toBe("Greta Green")
  })

  it("a business member with a non-blank business name is always shown by it", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => s.trim() !== ""),
        fc.string(),
        fc.string(),
        (business, first, last) => {
          const member = {
            firstName: first,
            lastName: last,
            userType: "BUSINESS" as const,
            businessName: business,
          }
          expect(memberDisplayName(member)).toBe(business.trim())
          expect(memberDisplayName({ ...member, userType: "USER" })).toBe(personName(member))
        },
      ),
    )
  })
})
