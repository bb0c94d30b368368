import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ibanProblem, isValidIban } from "../../src/kyc/Iban.ts"
import {
  AddressInput,
  BankDetailsInput,
  BusinessInfoInput,
  ContactInfoInput,
  ibanProblemMessage,
  isIsoDate,
  makeKycInfoSchema,
  makePassportSchema,
} from "../../src/kyc/KycValidation.ts"
import { validIban } from "../support/IbanArbitrary.ts"
import {
  decoded,
  errorsOf,
  letters,
  messagesAt,
  TODAY,
  validAddress,
  validBank,
  validBusiness,
  validContact,
  validPassport,
} from "../validation/helpers.ts"

const withField = (base: Record<string, unknown>, key: string, value: unknown) => ({ ...base, [key]: value })
const withoutField = (base: Record<string, unknown>, key: string) => {
  const { [key]: _removed, ...rest } = base
  return rest
}

/** A required field refuses a missing key, null, "" and whitespace with the same message. */
const expectRequired = (
  schema: Parameters<typeof errorsOf>[0],
  base: Record<string, unknown>,
  key: string,
  message: string,
) => {
  for (const input of [
    withoutField(base, key),
    ...[null, "", "   ", "\t\n"].map((v) => withField(base, key, v)),
  ]) {
    expect(errorsOf(schema, input)).toEqual([{ path: key, message }])
  }
}

describe("address", () => {
  it("accepts a full address, trimmed, and leaves out a blank additional address", () => {
    expect(
      decoded(AddressInput, { ...validAddress, postcode: " SW1Y 4JH ", additionalAddress: "  " }),
    ).toEqual(validAddress)
  })

  it.each([
    ["houseNumber", "House number is required"],
    ["streetAddress", "Street address is required"],
    ["townCity", "Town/City is required"],
    ["postcode", "Postcode is required"],
    ["country", "Country is required"],
  ])("a missing or blank %s is refused with '%s'", (key, message) => {
    expectRequired(AddressInput, validAddress, key, message)
  })

  it.each([
    ["houseNumber", 51, "House number must be at most 50 characters"],
    ["streetAddress", 256, "Street address must be at most 255 characters"],
    ["additionalAddress", 256, "Additional address must be at most 255 characters"],
    ["townCity", 51, "Town/City must be at most 50 characters"],
    ["postcode", 11, "Postcode must be at most 10 characters"],
  ])("a %s of %i characters is refused with '%s'", (key, length, message) => {
    expect(messagesAt(AddressInput, withField(validAddress, key, letters(length)), key)).toEqual([message])
    expect(messagesAt(AddressInput, withField(validAddress, key, letters(length - 1)), key)).toEqual([])
  })

  it.each([
    ["townCity", 3, "Town/City must be at least 3 characters"],
    ["postcode", 3, "Postcode must be at least 3 characters"],
  ])("a %s under %i characters (after trimming) is refused with '%s'", (key, length, message) => {
    expect(messagesAt(AddressInput, withField(validAddress, key, ` ${letters(length - 1)} `), key)).toEqual([
      message,
    ])
    expect(messagesAt(AddressInput, withField(validAddress, key, letters(length)), key)).toEqual([])
  })

  it("a country is one of the ISO 3166 list, however it is typed, and is kept as the list writes it", () => {
    for (const typed of [
      "United Kingdom",
      "united kingdom",
      "  UNITED   KINGDOM ",
      "UK",
      "gb",
      "GBR",
      "Great Britain",
    ]) {
      expect(decoded(AddressInput, { ...validAddress, country: typed }).country).toBe("United Kingdom")
    }
    expect(decoded(AddressInput, { ...validAddress, country: "cote d'ivoire" }).country).toBe("Cote d'Ivoire")
    expect(messagesAt(AddressInput, { ...validAddress, country: "Atlantis" }, "country")).toEqual([
      "Country must be one of the listed countries",
    ])
  })

  it("a country that is no country is refused with one message: the length's first, else the list's", () => {
    expect(messagesAt(AddressInput, { ...validAddress, country: " Zz " }, "country")).toEqual([
      "Country must be at least 3 characters",
    ])
    expect(messagesAt(AddressInput, { ...validAddress, country: letters(101) }, "country")).toEqual([
      "Country must be at most 100 characters",
    ])
  })

  it("a one-character house number is enough", () => {
    expect(messagesAt(AddressInput, withField(validAddress, "houseNumber", "7"), "houseNumber")).toEqual([])
  })
})

describe("contact", () => {
  it("accepts a country code and a phone number of digits", () => {
    expect(decoded(ContactInfoInput, validContact)).toEqual(validContact)
  })

  it("a missing or blank telephone country code is refused with 'Telephone country code is required'", () => {
    expectRequired(
      ContactInfoInput,
      validContact,
      "telephoneCountryCode",
      "Telephone country code is required",
    )
  })

  it("a missing or blank phone number is refused with 'Phone number is required'", () => {
    expectRequired(ContactInfoInput, validContact, "phoneNumber", "Phone number is required")
  })

  it("a phone number with anything but digits is refused with 'Phone number must contain digits only'", () => {
    for (const phoneNumber of ["+442079460000", "207/946/0000", "2079460000x", "two07946"]) {
      expect(messagesAt(ContactInfoInput, { ...validContact, phoneNumber }, "phoneNumber")).toEqual([
        "Phone number must contain digits only",
      ])
    }
  })

  it("a phone number is accepted with the spaces, hyphens, dots and brackets people type, and kept as digits", () => {
    for (const phoneNumber of ["7700 900123", "7700-900-123", "(0)7700 900.123", "\u00a07700\u00a0900123"]) {
      const { phoneNumber: kept } = decoded(ContactInfoInput, { ...validContact, phoneNumber })
      expect(kept).toBe(phoneNumber.startsWith("(0)") ? "07700900123" : "7700900123")
    }
    expect(
      decoded(ContactInfoInput, { ...validContact, telephoneCountryCode: "+ 44" }).telephoneCountryCode,
    ).toBe("+44")
  })

  it("a phone number under 6 digits is refused with 'Phone number must be at least 6 digits'", () => {
    expect(messagesAt(ContactInfoInput, { ...validContact, phoneNumber: "12345" }, "phoneNumber")).toEqual([
      "Phone number must be at least 6 digits",
    ])
  })

  it("any string of 6 to 255 digits is a phone number", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{6,255}$/), (phoneNumber) => {
        expect(errorsOf(ContactInfoInput, { ...validContact, phoneNumber })).toEqual([])
      }),
    )
  })

  it("over 255 characters, a country code or phone number is refused", () => {
    expect(
      errorsOf(ContactInfoInput, { telephoneCountryCode: letters(256), phoneNumber: "1".repeat(256) }),
    ).toEqual([
      { path: "telephoneCountryCode", message: "Telephone country code must be at most 255 characters" },
      { path: "phoneNumber", message: "Phone number must be at most 255 digits" },
    ])
  })
})

describe("bank details", () => {
  it("accepts full bank details, and bank details without an IBAN outside the UK", () => {
    expect(decoded(BankDetailsInput, validBank)).toEqual(validBank)
    const german = { ...validBank, bankCountry: "Germany" }
    expect(decoded(BankDetailsInput, { ...german, iban: " " })).toEqual(withoutField(german, "iban"))
  })

  it.each([
    ["bankAccountName", "Bank account name is required"],
    ["bankAccountNumber", "Bank account number is required"],
    ["swiftBic", "SWIFT/BIC is required"],
    ["bankName", "Bank name is required"],
    ["bankAddress", "Bank address is required"],
    ["bankCountry", "Bank country is required"],
  ])("a missing or blank %s is refused with '%s'", (key, message) => {
    expectRequired(BankDetailsInput, validBank, key, message)
  })

  it("a bank account name under 3 characters is refused with 'Bank account name must be at least 3 characters'", () => {
    expect(messagesAt(BankDetailsInput, { ...validBank, bankAccountName: "Al" }, "bankAccountName")).toEqual([
      "Bank account name must be at least 3 characters",
    ])
  })

  it("a bank account number with anything but digits is refused with 'Bank account number must contain digits only'", () => {
    expect(
      messagesAt(BankDetailsInput, { ...validBank, bankAccountNumber: "3192/6819" }, "bankAccountNumber"),
    ).toEqual(["Bank account number must contain digits only"])
  })

  it("a bank account number under 5 digits is refused with 'Bank account number must be at least 5 digits'", () => {
    expect(
      messagesAt(BankDetailsInput, { ...validBank, bankAccountNumber: "1234" }, "bankAccountNumber"),
    ).toEqual(["Bank account number must be at least 5 digits"])
  })

  it.each([
    ["bankAccountName", "Bank account name must be at most 255 characters", letters(256)],
    ["bankAccountNumber", "Bank account number must be at most 255 digits", "1".repeat(256)],
    ["swiftBic", "SWIFT/BIC must be at most 255 characters", letters(256)],
    ["bankName", "Bank name must be at most 255 characters", letters(256)],
    ["bankAddress", "Bank address must be at most 255 characters", letters(256)],
    ["bankCountry", "Bank country must be at most 255 characters", letters(256)],
  ])("an over-long %s is refused with '%s'", (key, message, value) => {
    expect(messagesAt(BankDetailsInput, withField(validBank, key, value), key)).toEqual([message])
  })

  it("an IBAN is accepted with spaces and in lower case, and kept without spaces in capitals", () => {
    for (const iban of [
      "gb29NWBK60161331926819",
      "GB29 NWBK 6016 1331 9268 19",
      " gb29 nwbk 6016 1331 9268 19 ",
    ]) {
      expect(decoded(BankDetailsInput, { ...validBank, iban }).iban).toBe("GB29NWBK60161331926819")
    }
  })

  it("a bank account number, a SWIFT/BIC and a bank country are accepted as people type them", () => {
    const typed = decoded(BankDetailsInput, {
      ...validBank,
      bankAccountNumber: "3192 6819",
      swiftBic: "nwbk gb 2l",
      bankCountry: "united kingdom",
    })
    expect([typed.bankAccountNumber, typed.swiftBic, typed.bankCountry]).toEqual([
      "31926819",
      "NWBKGB2L",
      "United Kingdom",
    ])
  })

  it("a SWIFT/BIC that is not 8 or 11 letters and digits (ISO 9362) is refused", () => {
    for (const swiftBic of ["NWBKGB", "NWBKGB2LX", "NWBK1B2L", "NWBKGB2L-XX"]) {
      expect(messagesAt(BankDetailsInput, { ...validBank, swiftBic }, "swiftBic")).toEqual([
        "SWIFT/BIC must be 8 or 11 letters and digits",
      ])
    }
    expect(messagesAt(BankDetailsInput, { ...validBank, swiftBic: "NWBKGB2LXXX" }, "swiftBic")).toEqual([])
  })

  it("a bank country or a passport's issuing country that is no country is refused", () => {
    expect(messagesAt(BankDetailsInput, { ...validBank, bankCountry: "Europe" }, "bankCountry")).toEqual([
      "Bank country must be one of the listed countries",
    ])
  })

  it("an IBAN that is not two capitals, two digits, then capitals or digits is refused with 'Invalid IBAN format'", () => {
    for (const iban of ["GBX9NWBK6016", "GB29", "G829 NWBK 6016", "GB29-NWBK-6016", "GB29NWBK6016!"]) {
      expect(messagesAt(BankDetailsInput, { ...validBank, iban }, "iban")).toEqual(["Invalid IBAN format"])
    }
    expect(messagesAt(BankDetailsInput, { ...validBank, iban: `GB29${"1".repeat(31)}` }, "iban")).toEqual([
      "Invalid IBAN format",
    ])
  })

  it("an IBAN of the spec's shape is accepted only with its country's length and right check digits", () => {
    fc.assert(
      fc.property(validIban, (iban) => {
        expect(messagesAt(BankDetailsInput, { ...validBank, iban }, "iban")).toEqual([])
      }),
    )
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/), (iban) => {
        expect(messagesAt(BankDetailsInput, { ...validBank, iban }, "iban")).toEqual(
          isValidIban(iban) ? [] : [ibanProblemMessage(ibanProblem(iban) ?? { kind: "format" })],
        )
      }),
    )
  })

  it("an IBAN with a wrong check digit is refused with a message of its own, not the format's", () => {
    expect(
      messagesAt(BankDetailsInput, { ...validBank, iban: "GB29 NWBK 6016 1331 9268 18" }, "iban"),
    ).toEqual(["IBAN check digits do not match: check it for a mistyped or swapped character"])
    expect(
      messagesAt(BankDetailsInput, { ...validBank, iban: "GB92 NWBK 6016 1331 9268 19" }, "iban"),
    ).toEqual(["IBAN check digits do not match: check it for a mistyped or swapped character"])
    expect(messagesAt(BankDetailsInput, { ...validBank, iban: "DE89 3704 0044 0532 0130" }, "iban")).toEqual([
      "IBAN has the wrong number of characters for its country: check for a missing or extra character",
    ])
  })
})

describe("UK accounts: sort code and account number (docs/decisions/0049-bank-details.md)", () => {
  const ukWithoutIban = withoutField({ ...validBank, sortCode: "60-16-13" }, "iban")

  it("a UK account is paid by its sort code and 8-digit account number instead of an IBAN", () => {
    expect(decoded(BankDetailsInput, ukWithoutIban)).toEqual({
      ...withoutField(validBank, "iban"),
      sortCode: "601613",
    })
  })

  it("a sort code is taken with hyphens or spaces and kept as its 6 digits", () => {
    for (const sortCode of ["60-16-13", "60 16 13", " 601613 "]) {
      expect(decoded(BankDetailsInput, { ...ukWithoutIban, sortCode }).sortCode).toBe("601613")
    }
  })

  it("a UK account with neither an IBAN nor a sort code is refused at the sort code", () => {
    expect(errorsOf(BankDetailsInput, withoutField(validBank, "iban"))).toEqual([
      { path: "sortCode", message: "Sort code is required for a UK account without an IBAN" },
    ])
  })

  it("a sort code that is not 6 digits is refused", () => {
    for (const sortCode of ["60161", "6016133", "60-16-1A"]) {
      expect(messagesAt(BankDetailsInput, { ...ukWithoutIban, sortCode }, "sortCode")).toEqual([
        "Sort code must be 6 digits",
      ])
    }
  })

  it("with a sort code the account number must be 8 digits", () => {
    for (const bankAccountNumber of ["1926819", "319268190"]) {
      expect(errorsOf(BankDetailsInput, { ...ukWithoutIban, bankAccountNumber })).toEqual([
        { path: "bankAccountNumber", message: "With a sort code, the bank account number must be 8 digits" },
      ])
    }
  })

  it("a sort code beside a UK IBAN must be the IBAN's own, with the same account number", () => {
    expect(decoded(BankDetailsInput, { ...validBank, sortCode: "601613" }).sortCode).toBe("601613")
    expect(errorsOf(BankDetailsInput, { ...validBank, sortCode: "601614" })).toEqual([
      { path: "sortCode", message: "Sort code and account number do not match the IBAN" },
    ])
    expect(
      errorsOf(BankDetailsInput, { ...validBank, sortCode: "601613", bankAccountNumber: "31926818" }),
    ).toEqual([{ path: "sortCode", message: "Sort code and account number do not match the IBAN" }])
  })

  it("any UK sort code and account number of the right digits is accepted without an IBAN", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{6}$/),
        fc.stringMatching(/^\d{8}$/),
        (sortCode, bankAccountNumber) => {
          expect(errorsOf(BankDetailsInput, { ...ukWithoutIban, sortCode, bankAccountNumber })).toEqual([])
        },
      ),
    )
  })
})

describe("passport, judged on an injected today", () => {
  const Passport = makePassportSchema(TODAY)
  const passport = (overrides: Record<string, unknown>) => ({ ...validPassport, ...overrides })

  it("accepts a passport valid today", () => {
    expect(decoded(Passport, validPassport)).toEqual(validPassport)
  })

  it.each([
    ["passportNumber", "Passport number is required"],
    ["issuingCountry", "Issuing country is required"],
    ["startDate", "Start date is required"],
    ["expiryDate", "Expiry date is required"],
  ])("a missing or blank %s is refused with '%s'", (key, message) => {
    expectRequired(Passport, validPassport, key, message)
  })

  it("a passport number with other than letters and digits is refused with 'Passport number must contain only letters and digits'", () => {
    expect(messagesAt(Passport, passport({ passportNumber: "AB-123456" }), "passportNumber")).toEqual([
      "Passport number must contain only letters and digits",
    ])
  })

  it("a passport number under 6 or over 20 characters is refused", () => {
    expect(messagesAt(Passport, passport({ passportNumber: "AB123" }), "passportNumber")).toEqual([
      "Passport number must be at least 6 characters",
    ])
    expect(
      messagesAt(Passport, passport({ passportNumber: `AB${"1".repeat(19)}` }), "passportNumber"),
    ).toEqual(["Passport number must be at most 20 characters"])
  })

  it("any alphanumeric passport number of 6 to 20 characters is accepted", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9]{6,20}$/), (passportNumber) => {
        expect(errorsOf(Passport, passport({ passportNumber }))).toEqual([])
      }),
    )
  })

  it("an issuing country is one of the listed countries, however it is typed", () => {
    expect(decoded(Passport, passport({ issuingCountry: "fr" })).issuingCountry).toBe("France")
    expect(messagesAt(Passport, passport({ issuingCountry: "Gondor" }), "issuingCountry")).toEqual([
      "Issuing country must be one of the listed countries",
    ])
  })

  it("an issuing country over 255 characters is refused with 'Issuing country must be at most 255 characters'", () => {
    expect(messagesAt(Passport, passport({ issuingCountry: letters(256) }), "issuingCountry")).toEqual([
      "Issuing country must be at most 255 characters",
    ])
  })

  it("a date not written YYYY-MM-DD, or not on the calendar, is refused", () => {
    for (const date of [
      "10/01/2020",
      "2020-1-10",
      "2020-01-10T00:00:00Z",
      "2023-02-29",
      "2020-13-01",
      "2020-04-31",
    ]) {
      expect(messagesAt(Passport, passport({ startDate: date }), "startDate")).toEqual([
        "Start date must be a valid date in YYYY-MM-DD format",
      ])
      expect(messagesAt(Passport, passport({ expiryDate: date }), "expiryDate")).toEqual([
        "Expiry date must be a valid date in YYYY-MM-DD format",
      ])
    }
  })

  it("an expiry date of today or earlier is refused with 'Expiry date must be in the future'", () => {
    expect(messagesAt(Passport, passport({ expiryDate: TODAY }), "expiryDate")).toEqual([
      "Expiry date must be in the future",
    ])
    expect(messagesAt(Passport, passport({ expiryDate: "2025-06-16" }), "expiryDate")).toEqual([])
  })

  it("the same passport is valid or expired depending only on the today it is judged on", () => {
    const expiring = passport({ expiryDate: "2026-03-01" })
    expect(errorsOf(makePassportSchema("2026-02-28"), expiring)).toEqual([])
    expect(errorsOf(makePassportSchema("2026-03-01"), expiring)).toEqual([
      { path: "expiryDate", message: "Expiry date must be in the future" },
    ])
  })

  it("an expiry date not after the start date is refused with 'Expiry date must be greater than Start date'", () => {
    expect(errorsOf(Passport, passport({ startDate: "2031-01-01", expiryDate: "2030-01-01" }))).toEqual([
      { path: "expiryDate", message: "Expiry date must be greater than Start date" },
    ])
    expect(errorsOf(Passport, passport({ startDate: "2030-01-01", expiryDate: "2030-01-01" }))).toEqual([
      { path: "expiryDate", message: "Expiry date must be greater than Start date" },
    ])
  })

  it("for any today and dates, a passport passes exactly when expiry is after today and after the start", () => {
    const day = fc
      .date({
        min: new Date("1990-01-01T00:00:00Z"),
        max: new Date("2060-12-31T00:00:00Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10))
    fc.assert(
      fc.property(day, day, day, (today, startDate, expiryDate) => {
        const ok = expiryDate > today && expiryDate > startDate
        expect(errorsOf(makePassportSchema(today), passport({ startDate, expiryDate })).length === 0).toBe(ok)
      }),
    )
  })

  it("refuses to be built on a today that is not a YYYY-MM-DD date", () => {
    expect(() => makePassportSchema("15/06/2025")).toThrow(RangeError)
    expect(() => makeKycInfoSchema("2025-02-30")).toThrow(RangeError)
  })
})

describe("calendar dates", () => {
  it("every day of the calendar, written YYYY-MM-DD, is a date", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("0001-01-01T00:00:00Z"),
          max: new Date("9999-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (d) => {
          expect(isIsoDate(d.toISOString().slice(0, 10))).toBe(true)
        },
      ),
    )
  })

  it("knows leap years", () => {
    expect(["2024-02-29", "2000-02-29"].map(isIsoDate)).toEqual([true, true])
    expect(["2023-02-29", "1900-02-29", "2024-02-30", "2024-00-10", "2024-01-00"].map(isIsoDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe("business info", () => {
  it("accepts a business with or without a VAT number", () => {
    expect(decoded(BusinessInfoInput, validBusiness)).toEqual(validBusiness)
    expect(decoded(BusinessInfoInput, { ...validBusiness, vatNumber: " GB123456789 " }).vatNumber).toBe(
      "GB123456789",
    )
    expect("vatNumber" in decoded(BusinessInfoInput, { ...validBusiness, vatNumber: "" })).toBe(false)
  })

  it("a missing or blank business name is refused with 'Business name is required'", () => {
    expectRequired(BusinessInfoInput, validBusiness, "businessName", "Business name is required")
  })

  it("a missing or blank registration number is refused with 'Registration number is required'", () => {
    expectRequired(BusinessInfoInput, validBusiness, "registrationNumber", "Registration number is required")
  })

  it("a business name or registration number under 3 characters is refused", () => {
    expect(errorsOf(BusinessInfoInput, { businessName: "AB", registrationNumber: "12" })).toEqual([
      { path: "businessName", message: "Business name must be at least 3 characters" },
      { path: "registrationNumber", message: "Registration number must be at least 3 characters" },
    ])
  })

  it("over-long business fields are refused", () => {
    expect(
      errorsOf(BusinessInfoInput, {
        businessName: letters(256),
        registrationNumber: letters(256),
        vatNumber: letters(256),
      }),
    ).toEqual([
      { path: "businessName", message: "Business name must be at most 255 characters" },
      { path: "registrationNumber", message: "Registration number must be at most 255 characters" },
      { path: "vatNumber", message: "VAT number must be at most 255 characters" },
    ])
  })
})

describe("kycInfo as a member sends it", () => {
  const KycInfo = makeKycInfoSchema(TODAY)

  it("every section is optional: an empty kycInfo is valid", () => {
    expect(decoded(KycInfo, {})).toEqual({})
  })

  it("a section that is sent is checked whole, with errors at dotted paths", () => {
    expect(errorsOf(KycInfo, { contactInfo: { telephoneCountryCode: "+44" } })).toEqual([
      { path: "contactInfo.phoneNumber", message: "Phone number is required" },
    ])
  })

  it("accepts every section together", () => {
    const full = {
      optionalNote: "Call after 5pm",
      address: validAddress,
      contactInfo: validContact,
      bankDetails: validBank,
      passport: validPassport,
      businessInfo: validBusiness,
    }
    expect(decoded(KycInfo, full)).toEqual(full)
  })

  it("a note over 300 characters is refused with 'Note must be at most 300 characters'; a blank note counts as absent", () => {
    expect(errorsOf(KycInfo, { optionalNote: letters(301) })).toEqual([
      { path: "optionalNote", message: "Note must be at most 300 characters" },
    ])
    expect(decoded(KycInfo, { optionalNote: "   " })).toEqual({})
  })

  it("drops what a member may not set: kycStatus and documents", () => {
    const input = {
      kycStatus: "Verified",
      optionalDocument: { documentId: "d1" },
      passport: { ...validPassport, passportFile: { documentId: "d2" } },
    }
    expect(decoded(KycInfo, input)).toEqual({ passport: validPassport })
  })
})
