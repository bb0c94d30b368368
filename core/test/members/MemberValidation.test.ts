import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BusinessInfoInput } from "../../src/kyc/KycValidation.ts"
import {
  BusinessRegistrationForm,
  BusinessRegistrationSubmit,
  ChangePasswordForm,
  LandingRegistrationForm,
  LandingRegistrationSubmit,
  makeProfileSchema,
  NewsletterForm,
  RegistrationRequest,
  toRegistrationPayload,
} from "../../src/members/MemberValidation.ts"
import { ResetPasswordForm, ResetPasswordRequest } from "../../src/members/PasswordRule.ts"
import {
  decoded,
  errorsOf,
  letters,
  messagesAt,
  TODAY,
  validAddress,
  validProfile,
  validRegistration,
} from "../validation/helpers.ts"

const landing = (overrides: Record<string, unknown>) => ({ ...validRegistration, ...overrides })
const without = (key: string, input: Record<string, unknown>) => {
  const { [key]: _removed, ...rest } = input
  return rest
}

describe("registration: email", () => {
  it("a missing email is refused with 'Email is Required'", () => {
    expect(messagesAt(LandingRegistrationForm, without("email", validRegistration), "email")).toEqual([
      "Email is Required",
    ])
  })

  it("a blank email counts as absent: 'Email is Required', and nothing else", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ email: "   " }), "email")).toEqual([
      "Email is Required",
    ])
    expect(messagesAt(LandingRegistrationForm, landing({ email: null }), "email")).toEqual([
      "Email is Required",
    ])
  })

  it("an email under 5 characters is refused with 'Email must be at least 5 characters'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ email: "a@b" }), "email")).toContain(
      "Email must be at least 5 characters",
    )
  })

  it("an email over 255 characters is refused with 'Email must be at most 255 characters'", () => {
    const email = `${letters(250)}@example.com`
    expect(messagesAt(LandingRegistrationForm, landing({ email }), "email")).toEqual([
      "Email must be at most 255 characters",
    ])
  })

  it("an email without a valid format is refused with 'Invalid email format'", () => {
    for (const email of [
      "ada.example.com",
      "ada@example",
      "ada@@example.com",
      "ada @example.com",
      "ada@.com",
    ]) {
      expect(messagesAt(LandingRegistrationForm, landing({ email }), "email")).toEqual([
        "Invalid email format",
      ])
    }
  })

  it("any ordinary address of 5 to 255 characters is accepted", () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((email) => email.length >= 5 && email.length <= 255),
        (email) => {
          expect(messagesAt(LandingRegistrationForm, landing({ email }), "email")).toEqual([])
        },
      ),
    )
  })

  it("an email is trimmed", () => {
    expect(decoded(LandingRegistrationForm, landing({ email: "  ada@example.com \t" })).email).toBe(
      "ada@example.com",
    )
  })
})

describe("registration: names", () => {
  it("a missing or blank first name is refused with 'First Name is Required'", () => {
    expect(messagesAt(LandingRegistrationForm, without("firstName", validRegistration), "firstName")).toEqual(
      ["First Name is Required"],
    )
    expect(messagesAt(LandingRegistrationForm, landing({ firstName: " \t " }), "firstName")).toEqual([
      "First Name is Required",
    ])
  })

  it("a first name of 1 character, after trimming, is refused with 'First Name must be at least 2 characters'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ firstName: "  A  " }), "firstName")).toEqual([
      "First Name must be at least 2 characters",
    ])
  })

  it("a first name over 50 characters is refused with 'First Name must be at most 50 characters'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ firstName: letters(51) }), "firstName")).toEqual([
      "First Name must be at most 50 characters",
    ])
    expect(messagesAt(LandingRegistrationForm, landing({ firstName: letters(50) }), "firstName")).toEqual([])
  })

  it("a last name over 50 characters is refused with 'Last Name must be at most 50 characters'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ lastName: letters(51) }), "lastName")).toEqual([
      "Last Name must be at most 50 characters",
    ])
  })

  it("a last name is optional: missing, null or blank becomes the empty string", () => {
    expect(decoded(LandingRegistrationForm, without("lastName", validRegistration)).lastName).toBe("")
    expect(decoded(LandingRegistrationForm, landing({ lastName: null })).lastName).toBe("")
    expect(decoded(LandingRegistrationForm, landing({ lastName: "   " })).lastName).toBe("")
  })

  it("whitespace around a name is dropped: padded input decodes like the trimmed input", () => {
    const pad = fc.stringMatching(/^[ \t\n]{0,4}$/)
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,46}[A-Za-z]$/),
        pad,
        pad,
        (name, before, after) => {
          const padded = decoded(LandingRegistrationForm, landing({ firstName: before + name + after }))
          const trimmed = decoded(LandingRegistrationForm, landing({ firstName: name }))
          expect(padded).toEqual(trimmed)
        },
      ),
    )
  })
})

describe("registration: password", () => {
  it("a missing password is refused with 'Password is required'", () => {
    expect(messagesAt(LandingRegistrationForm, without("password", validRegistration), "password")).toEqual([
      "Password is required",
    ])
  })

  it("a whitespace-only password counts as absent: 'Password is required'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ password: "        " }), "password")).toEqual([
      "Password is required",
    ])
  })

  it("a password under 6 characters is refused with 'Password must be at least 6 characters'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ password: "ab12" }), "password")).toEqual([
      "Password must be at least 6 characters",
    ])
  })

  it("a password without a letter is refused with 'Password must contain at least one letter'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ password: "123456" }), "password")).toEqual([
      "Password must contain at least one letter",
    ])
  })

  it("a password without a digit is refused with 'Password must contain at least one number'", () => {
    expect(messagesAt(LandingRegistrationForm, landing({ password: "abcdefg" }), "password")).toEqual([
      "Password must contain at least one number",
    ])
  })

  it("a password over 255 characters is refused with 'Password must be at most 255 characters'", () => {
    expect(
      messagesAt(LandingRegistrationForm, landing({ password: `${letters(255)}1` }), "password"),
    ).toEqual(["Password must be at most 255 characters"])
  })

  it("any string of 6 to 255 characters with a letter and a digit passes the password rule", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 253 }),
        fc.constantFrom(..."abcxyzABCXYZéß"),
        fc.integer({ min: 0, max: 9 }),
        fc.nat(),
        (filler, letter, digit, at) => {
          const chars = [...filler]
          chars.splice(at % (chars.length + 1), 0, letter, String(digit))
          const password = chars.join("")
          fc.pre(password.length <= 255)
          expect(
            messagesAt(LandingRegistrationForm, landing({ password, confirmPassword: password }), "password"),
          ).toEqual([])
        },
      ),
    )
  })

  it("a password is kept exactly as typed, spaces included", () => {
    const password = "  engine 1843 "
    expect(decoded(LandingRegistrationForm, landing({ password, confirmPassword: password })).password).toBe(
      password,
    )
  })

  it("a missing confirmation is refused with 'Please confirm your password'", () => {
    expect(
      messagesAt(LandingRegistrationForm, without("confirmPassword", validRegistration), "confirmPassword"),
    ).toEqual(["Please confirm your password"])
  })

  it("a confirmation that differs is refused with 'Passwords must match'", () => {
    expect(errorsOf(LandingRegistrationForm, landing({ confirmPassword: "engine1844" }))).toEqual([
      { path: "confirmPassword", message: "Passwords must match" },
    ])
  })
})

describe("registration: user type and business name", () => {
  it("a user type other than USER or BUSINESS is refused with 'Invalid user type'", () => {
    for (const userType of ["ADMIN", "user", 1, null]) {
      expect(messagesAt(LandingRegistrationForm, landing({ userType }), "userType")).toEqual([
        "Invalid user type",
      ])
    }
  })

  it("on the landing form a business name is optional, trimmed, and blank counts as absent", () => {
    expect(decoded(LandingRegistrationForm, landing({})).businessName).toBeUndefined()
    expect("businessName" in decoded(LandingRegistrationForm, landing({ businessName: "   " }))).toBe(false)
    expect(decoded(LandingRegistrationForm, landing({ businessName: " Acme " })).businessName).toBe("Acme")
  })

  it("on the business form a missing or blank business name is refused with 'Business name is required'", () => {
    expect(messagesAt(BusinessRegistrationForm, landing({}), "businessName")).toEqual([
      "Business name is required",
    ])
    expect(messagesAt(BusinessRegistrationForm, landing({ businessName: "  " }), "businessName")).toEqual([
      "Business name is required",
    ])
  })

  it("one business name rule (issue 46): registration, the API's payload and KYC all refuse 2 characters and take 3", () => {
    const refused = ["Business name must be at least 3 characters"]
    expect(messagesAt(BusinessRegistrationForm, landing({ businessName: " AB " }), "businessName")).toEqual(
      refused,
    )
    expect(messagesAt(LandingRegistrationForm, landing({ businessName: "AB" }), "businessName")).toEqual(
      refused,
    )
    expect(
      messagesAt(BusinessInfoInput, { businessName: "AB", registrationNumber: "12345" }, "businessName"),
    ).toEqual(refused)
    expect(messagesAt(BusinessRegistrationForm, landing({ businessName: "Abc" }), "businessName")).toEqual([])
    expect(
      messagesAt(BusinessInfoInput, { businessName: "Abc", registrationNumber: "12345" }, "businessName"),
    ).toEqual([])
    expect(
      messagesAt(
        RegistrationRequest,
        {
          email: "greta@example.com",
          firstName: "Greta",
          lastName: "Green",
          password: "engine1843",
          businessName: "AB",
          userType: "BUSINESS",
          termsAccepted: true,
        },
        "businessName",
      ),
    ).toEqual(refused)
  })

  it("a name registration accepts, KYC accepts: whatever the length, both forms agree", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const atRegistration = messagesAt(
          BusinessRegistrationForm,
          landing({ businessName: name }),
          "businessName",
        )
        const atKyc = messagesAt(
          BusinessInfoInput,
          { businessName: name, registrationNumber: "12345" },
          "businessName",
        )
        expect(atKyc).toEqual(atRegistration)
      }),
    )
  })

  it("a business name over 255 characters is refused with 'Business name must be at most 255 characters'", () => {
    expect(
      messagesAt(LandingRegistrationForm, landing({ businessName: letters(256) }), "businessName"),
    ).toEqual(["Business name must be at most 255 characters"])
  })
})

describe("registration: the submit step", () => {
  it("drops confirmPassword and, without a business name, sends a USER without businessName", () => {
    expect(
      decoded(LandingRegistrationSubmit, landing({ businessName: "   ", userType: "BUSINESS" })),
    ).toEqual({
      email: "ada@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
      password: "engine1843",
      userType: "USER",
      termsAccepted: true,
      termsVersion: "10.03.25",
    })
  })

  it("with a non-empty business name sends a BUSINESS with that name, whatever userType the form held", () => {
    expect(decoded(LandingRegistrationSubmit, landing({ businessName: " Acme ", userType: "USER" }))).toEqual(
      {
        email: "ada@example.com",
        firstName: "Ada",
        lastName: "Lovelace",
        password: "engine1843",
        businessName: "Acme",
        userType: "BUSINESS",
        termsAccepted: true,
        termsVersion: "10.03.25",
      },
    )
  })

  it("the business form always sends a BUSINESS", () => {
    expect(decoded(BusinessRegistrationSubmit, landing({ businessName: "Acme" })).userType).toBe("BUSINESS")
  })

  it("a payload is never turned back into a form (it has no confirmPassword)", () => {
    const payload = decoded(LandingRegistrationSubmit, landing({}))
    expect(() => Schema.encodeUnknownSync(LandingRegistrationSubmit)(payload)).toThrow(
      "a registration payload is not turned back into a form",
    )
  })

  it("the submit schemas refuse what the forms refuse", () => {
    expect(errorsOf(LandingRegistrationSubmit, landing({ confirmPassword: "x" }))).toEqual([
      { path: "confirmPassword", message: "Passwords must match" },
    ])
  })

  it("a payload is BUSINESS exactly when it carries a non-empty business name, and never a confirmPassword", () => {
    fc.assert(
      fc.property(
        fc.option(fc.string({ maxLength: 8 }), { nil: undefined }),
        fc.constantFrom("USER", "BUSINESS"),
        (name, type) => {
          const form = {
            ...validRegistration,
            userType: type as "USER" | "BUSINESS",
            ...(name === undefined ? {} : { businessName: name }),
          }
          const payload = toRegistrationPayload(form)
          const named = name !== undefined && name.trim() !== ""
          expect(payload.userType).toBe(named ? "BUSINESS" : "USER")
          expect(payload.businessName).toBe(named ? name.trim() : undefined)
          expect("businessName" in payload).toBe(named)
          expect("confirmPassword" in payload).toBe(false)
        },
      ),
    )
  })
})

describe("registration: the payload the API receives", () => {
  const request = {
    email: "ada@example.com",
    firstName: "Ada",
    lastName: "",
    password: "engine1843",
    termsAccepted: true,
  }

  it("accepts a USER without a business name and a BUSINESS with one", () => {
    expect(decoded(RegistrationRequest, { ...request, userType: "USER" }).userType).toBe("USER")
    expect(
      decoded(RegistrationRequest, { ...request, userType: "BUSINESS", businessName: "Acme" }).businessName,
    ).toBe("Acme")
  })

  it("a BUSINESS without a business name is refused with 'Business name is required'", () => {
    expect(errorsOf(RegistrationRequest, { ...request, userType: "BUSINESS", businessName: " " })).toEqual([
      { path: "businessName", message: "Business name is required" },
    ])
  })

  it("a USER with a business name, or no user type, is refused with 'Invalid user type'", () => {
    expect(errorsOf(RegistrationRequest, { ...request, userType: "USER", businessName: "Acme" })).toEqual([
      { path: "userType", message: "Invalid user type" },
    ])
    expect(errorsOf(RegistrationRequest, request)).toEqual([
      { path: "userType", message: "Invalid user type" },
    ])
  })

  it("applies the form's field rules", () => {
    expect(
      messagesAt(RegistrationRequest, { ...request, password: "abcdefg", userType: "USER" }, "password"),
    ).toEqual(["Password must contain at least one number"])
  })

  it("without the terms accepted, a registration is refused with 'Please accept the Terms and Conditions to register'", () => {
    const { termsAccepted: _, ...withoutTerms } = request
    for (const input of [
      withoutTerms,
      { ...request, termsAccepted: false },
      { ...request, termsAccepted: "yes" },
    ]) {
      expect(errorsOf(RegistrationRequest, { ...input, userType: "USER" })).toEqual([
        { path: "termsAccepted", message: "Please accept the Terms and Conditions to register" },
      ])
    }
  })

  it("the terms accepted are those in force (10.03.25): named, or taken as those when not named", () => {
    expect(decoded(RegistrationRequest, { ...request, userType: "USER" }).termsVersion).toBe("10.03.25")
    expect(
      decoded(RegistrationRequest, { ...request, userType: "USER", termsVersion: "10.03.25" }).termsVersion,
    ).toBe("10.03.25")
    expect(errorsOf(RegistrationRequest, { ...request, userType: "USER", termsVersion: "01.01.24" })).toEqual(
      [
        {
          path: "termsVersion",
          message: "The Terms and Conditions have changed: please read version 10.03.25 and accept it",
        },
      ],
    )
  })
})

describe("registration forms: the terms", () => {
  it("both forms refuse an unticked terms box, and send the version the form showed", () => {
    for (const form of [LandingRegistrationSubmit, BusinessRegistrationSubmit]) {
      const values = { ...validRegistration, businessName: "Acme Ltd" }
      expect(messagesAt(form, { ...values, termsAccepted: false }, "termsAccepted")).toEqual([
        "Please accept the Terms and Conditions to register",
      ])
      expect(decoded(form, values)).toMatchObject({ termsAccepted: true, termsVersion: "10.03.25" })
    }
  })
})

describe("newsletter", () => {
  it("a missing or blank email is refused with 'Email is required'", () => {
    expect(errorsOf(NewsletterForm, {})).toEqual([{ path: "email", message: "Email is required" }])
    expect(errorsOf(NewsletterForm, { email: "  " })).toEqual([
      { path: "email", message: "Email is required" },
    ])
  })

  it("an invalid email is refused with 'Invalid email format'", () => {
    expect(errorsOf(NewsletterForm, { email: "ada" })).toEqual([
      { path: "email", message: "Invalid email format" },
    ])
  })

  it("a valid email is accepted, trimmed", () => {
    expect(decoded(NewsletterForm, { email: " ada@example.com " })).toEqual({ email: "ada@example.com" })
  })
})

describe("change password", () => {
  const valid = { currentPassword: "engine1843", newPassword: "Engine1843", confirmNewPassword: "Engine1843" }
  const change = (overrides: Record<string, unknown>) => ({ ...valid, ...overrides })

  it("accepts a strong new password confirmed, with the current password as it was set at registration", () => {
    expect(decoded(ChangePasswordForm, valid)).toEqual(valid)
  })

  it("a missing current or new password is refused with 'Password is required'", () => {
    expect(messagesAt(ChangePasswordForm, change({ currentPassword: "" }), "currentPassword")).toEqual([
      "Password is required",
    ])
    expect(messagesAt(ChangePasswordForm, without("newPassword", valid), "newPassword")).toEqual([
      "Password is required",
    ])
  })

  it("a new password follows the one password rule: under 6 characters, without a letter or a digit, refused", () => {
    expect(messagesAt(ChangePasswordForm, change({ newPassword: "Eng1" }), "newPassword")).toEqual([
      "Password must be at least 6 characters",
    ])
    expect(messagesAt(ChangePasswordForm, change({ newPassword: "184318" }), "newPassword")).toEqual([
      "Password must contain at least one letter",
    ])
    expect(messagesAt(ChangePasswordForm, change({ newPassword: "EngineNumber" }), "newPassword")).toEqual([
      "Password must contain at least one number",
    ])
    // A password the registration accepts is accepted here too (no uppercase letter needed).
    expect(
      errorsOf(ChangePasswordForm, change({ newPassword: "engine1843", confirmNewPassword: "engine1843" })),
    ).toEqual([])
  })

  it("a new password over 255 characters is refused with 'Password must be at most 255 characters'", () => {
    expect(
      messagesAt(ChangePasswordForm, change({ newPassword: `A1${letters(254)}` }), "newPassword"),
    ).toEqual(["Password must be at most 255 characters"])
  })

  it("a missing confirmation is refused with 'Confirm password is required'", () => {
    expect(
      messagesAt(ChangePasswordForm, change({ confirmNewPassword: "  " }), "confirmNewPassword"),
    ).toEqual(["Confirm password is required"])
  })

  it("a confirmation that differs is refused with 'Passwords must match'", () => {
    expect(errorsOf(ChangePasswordForm, change({ confirmNewPassword: "Engine1844" }))).toEqual([
      { path: "confirmNewPassword", message: "Passwords must match" },
    ])
  })
})

describe("profile", () => {
  const Profile = makeProfileSchema(TODAY)
  const profile = (overrides: Record<string, unknown>) => ({ ...validProfile, ...overrides })

  it("accepts email and first name alone", () => {
    expect(decoded(Profile, validProfile)).toEqual(validProfile)
  })

  it("applies the email rules of registration", () => {
    expect(messagesAt(Profile, profile({ email: " " }), "email")).toEqual(["Email is Required"])
    expect(messagesAt(Profile, profile({ email: "ada@example" }), "email")).toEqual(["Invalid email format"])
  })

  it("a first name under 3 characters is refused with 'First Name must be at least 3 characters'", () => {
    expect(messagesAt(Profile, profile({ firstName: "Al" }), "firstName")).toEqual([
      "First Name must be at least 3 characters",
    ])
    expect(messagesAt(Profile, profile({ firstName: letters(51) }), "firstName")).toEqual([
      "First Name must be at most 50 characters",
    ])
  })

  it("a last name may be sent as an empty string (it clears the last name), or left out", () => {
    expect(decoded(Profile, profile({ lastName: "" })).lastName).toBe("")
    expect(decoded(Profile, profile({ lastName: "   " })).lastName).toBe("")
    expect("lastName" in decoded(Profile, validProfile)).toBe(false)
    expect(messagesAt(Profile, profile({ lastName: letters(51) }), "lastName")).toEqual([
      "Last Name must be at most 50 characters",
    ])
  })

  it("a new password follows the one password rule ('Password must be at least 6 characters', a letter, a digit)", () => {
    expect(
      messagesAt(
        Profile,
        profile({ newPassword: "abcd1", confirmNewPassword: "abcd1", currentPassword: "x" }),
        "newPassword",
      ),
    ).toEqual(["Password must be at least 6 characters"])
    expect(
      messagesAt(
        Profile,
        profile({ newPassword: "abcdef", confirmNewPassword: "abcdef", currentPassword: "x" }),
        "newPassword",
      ),
    ).toEqual(["Password must contain at least one number"])
    expect(
      errorsOf(
        Profile,
        profile({ newPassword: "abcde1", confirmNewPassword: "abcde1", currentPassword: "x" }),
      ),
    ).toEqual([])
  })

  it("a confirmation that differs from the new password is refused with 'Passwords must match'", () => {
    expect(
      errorsOf(
        Profile,
        profile({ newPassword: "abcde1", confirmNewPassword: "abcde2", currentPassword: "x" }),
      ),
    ).toEqual([{ path: "confirmNewPassword", message: "Passwords must match" }])
    expect(errorsOf(Profile, profile({ newPassword: "abcde1", currentPassword: "x" }))).toEqual([
      { path: "confirmNewPassword", message: "Passwords must match" },
    ])
  })

  it("a new password without the current one is refused with 'Current password is required'", () => {
    expect(errorsOf(Profile, profile({ newPassword: "abcde1", confirmNewPassword: "abcde1" }))).toEqual([
      { path: "currentPassword", message: "Current password is required" },
    ])
  })

  it("blank password fields count as absent: no password change, nothing to confirm", () => {
    expect(
      decoded(
        Profile,
        profile({ newPassword: "  ", confirmNewPassword: "", currentPassword: " ", userType: "USER" }),
      ),
    ).toEqual({ ...validProfile, userType: "USER" })
  })

  it("a user type other than USER or BUSINESS is refused with 'Invalid user type'", () => {
    expect(messagesAt(Profile, profile({ userType: "ADMIN" }), "userType")).toEqual(["Invalid user type"])
  })

  it("reports a KYC error at its dotted path", () => {
    const kycInfo = { address: { ...validAddress, postcode: "  SW " } }
    expect(errorsOf(Profile, profile({ kycInfo }))).toEqual([
      { path: "kycInfo.address.postcode", message: "Postcode must be at least 3 characters" },
    ])
  })

  it("never takes a KYC status from the member", () => {
    const value = decoded(Profile, profile({ kycInfo: { kycStatus: "Verified", address: validAddress } }))
    expect(value.kycInfo).toEqual({ address: validAddress })
  })
})

describe("one password rule (issue 38): every form that sets a password accepts and refuses the same passwords", () => {
  const Profile = makeProfileSchema(TODAY)
  /** The messages each form gives a new password, by the form's own field. */
  const messagesOf = (password: string) => ({
    registration: messagesAt(
      LandingRegistrationForm,
      landing({ password, confirmPassword: password }),
      "password",
    ),
    registrationRequest: messagesAt(
      RegistrationRequest,
      { ...validRegistration, password, userType: "USER", confirmPassword: undefined },
      "password",
    ),
    reset: messagesAt(ResetPasswordForm, { password, confirmPassword: password }, "password"),
    resetRequest: messagesAt(ResetPasswordRequest, { password }, "password"),
    change: messagesAt(
      ChangePasswordForm,
      { currentPassword: "x", newPassword: password, confirmNewPassword: password },
      "newPassword",
    ),
    profile: messagesAt(
      Profile,
      { ...validProfile, newPassword: password, confirmNewPassword: password, currentPassword: "x" },
      "newPassword",
    ),
  })

  it("for any password, the six schemas give the same messages", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }).filter((p) => p.trim() !== ""),
          fc.stringMatching(/^[A-Za-z]{1,8}[0-9]{1,4}$/),
          fc.stringMatching(/^[0-9]{1,10}$/),
        ),
        (password) => {
          const all = Object.values(messagesOf(password))
          for (const messages of all) expect(messages).toEqual(all[0])
        },
      ),
    )
  })

  it("the spec's examples: 'abc123' passes everywhere; 'ab12', 'abcdefg' and '123456' fail everywhere alike", () => {
    for (const messages of Object.values(messagesOf("abc123"))) expect(messages).toEqual([])
    for (const messages of Object.values(messagesOf("ab12")))
      expect(messages).toEqual(["Password must be at least 6 characters"])
    for (const messages of Object.values(messagesOf("abcdefg")))
      expect(messages).toEqual(["Password must contain at least one number"])
    for (const messages of Object.values(messagesOf("123456")))
      expect(messages).toEqual(["Password must contain at least one letter"])
  })
})
