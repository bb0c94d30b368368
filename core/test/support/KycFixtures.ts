/** Members, details and file bytes for KYC tests. */
import type { KycDetails } from "../../src/kyc/KycModel.ts"
import type { MemberContact } from "../../src/kyc/ports/MemberDirectory.ts"
import { MemberId } from "../../src/shared/Ids.ts"

export const alice = MemberId.make("mem_alice")
export const bob = MemberId.make("mem_bob")
export const acme = MemberId.make("mem_acme")
export const admin = MemberId.make("mem_admin")

export const members: ReadonlyArray<MemberContact> = [
  { memberId: alice, email: "alice@example.com", firstName: "Alice", userType: "USER" },
  { memberId: bob, email: "bob@example.com", firstName: "Bob", userType: "USER" },
  { memberId: acme, email: "ops@acme.example", firstName: "Ada", userType: "BUSINESS" },
  { memberId: admin, email: "admin@landunits.example", firstName: "Ann", userType: "USER" },
]

export const completeDetails: KycDetails = {
  address: {
    houseNumber: "12",
    streetAddress: "High Street",
    townCity: "London",
    postcode: "N1 1AA",
    country: "United Kingdom",
  },
  contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900123" },
  bankDetails: {
    bankAccountName: "Alice Example",
    bankAccountNumber: "12345678",
    sortCode: "202015",
    swiftBic: "NWBKGB2L",
    bankName: "Example Bank",
    bankAddress: "1 Bank Street, London",
    bankCountry: "United Kingdom",
  },
  passport: {
    passportNumber: "AB1234567",
    issuingCountry: "United Kingdom",
    startDate: "2020-01-01",
    expiryDate: "2030-01-01",
  },
}

export const businessDetails: KycDetails = {
  ...completeDetails,
  businessInfo: { businessName: "Acme Farms Ltd", registrationNumber: "RC123456" },
}

const bytes = (head: ReadonlyArray<number>, size = 64) => {
  const b = new Uint8Array(size)
  b.set(head)
  return b
}

export const pdfBytes = bytes([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34])
export const pngBytes = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
export const textBytes = new TextEncoder().encode("just some text pretending to be a PDF")
