import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { ContactForm } from "../../src/content/ContactForm.ts"
import { makeKycInfoSchema } from "../../src/kyc/KycValidation.ts"
import {
  ChangePasswordForm,
  LandingRegistrationForm,
  RegistrationRequest,
} from "../../src/members/MemberValidation.ts"
import { TransactionFilters, UtmData } from "../../src/orders/OrderModel.ts"
import { UnitType } from "../../src/shared/Enums.ts"
import { fieldName } from "../../src/validation/FieldNames.ts"
import { fieldErrors, validate } from "../../src/validation/Issues.ts"
import { HouseMessage, SpecMessage } from "../../src/validation/Messages.ts"

const errorsOf = (schema: Schema.ConstraintDecoder<unknown>, input: unknown) => {
  const result = validate(schema, input)
  return result.ok ? [] : result.errors
}

/** The wording of effect's own formatter, which no person should read. */
const SCHEMA_WORDING = /Expected|Missing key|Invalid data|<filter>|Forbidden operation|excess property/

describe("a field's name in words", () => {
  it("is the spec's name where it has one, found by the whole path, the parent, or the key", () => {
    expect(fieldName("email")).toBe("Email")
    expect(fieldName(["currencyUnit", "numberOfUnits"])).toBe("Number of Units")
    expect(fieldName("convert.unitType")).toBe("Unit type to convert to")
    expect(fieldName("currencyUnit.unitType")).toBe("Unit type")
    expect(fieldName(["answers", "q_how_much_land"])).toBe("Answer")
    expect(fieldName("kycInfo.passport.passportFile")).toBe("Passport file")
  })

  it("reads an unnamed key as words, skips list indices, and calls the empty path the input", () => {
    expect(fieldName("someNewField")).toBe("Some new field")
    expect(fieldName("utm_content")).toBe("Utm content")
    expect(fieldName(["tags", 3])).toBe("Tags")
    expect(fieldName([])).toBe("The input")
    expect(fieldName("constructor")).toBe("Constructor")
  })
})

describe("messages in words where a schema gives none", () => {
  const Filters = Schema.toCodecStringTree(TransactionFilters)

  it("a missing field is '<Field> is required'", () => {
    expect(errorsOf(Schema.Struct({ orderType: Schema.String }), {})).toEqual([
      { path: "orderType", message: "Order type is required" },
    ])
  })

  it("a wrong type names what the field must be", () => {
    const Shape = Schema.Struct({
      numberOfUnits: Schema.Int,
      recipientEmail: Schema.String,
      isDoubleLand: Schema.Boolean,
      currencyUnit: Schema.Struct({ unitType: UnitType }),
      tags: Schema.Array(Schema.String),
    })
    expect(
      errorsOf(Shape, {
        numberOfUnits: "5",
        recipientEmail: 5,
        isDoubleLand: "yes",
        currencyUnit: 1,
        tags: {},
      }),
    ).toEqual([
      { path: "numberOfUnits", message: "Number of Units must be a number" },
      { path: "recipientEmail", message: "Recipient email must be text" },
      { path: "isDoubleLand", message: "LU2X offer must be true or false" },
      { path: "currencyUnit", message: "Currency unit must be an object" },
      { path: "tags", message: "Tags must be a list" },
    ])
  })

  it("a value outside a choice lists the choices", () => {
    expect(errorsOf(Filters, { unitType: "LAND_XYZ", sortDirection: "up" })).toEqual([
      {
        path: "unitType",
        message: "Unit type must be one of LAND_EUR, LAND_USD, LAND_AUD, LAND_POUND or LAND_ALL",
      },
      { path: "sortDirection", message: "Sort direction must be one of asc or desc" },
    ])
  })

  it("a number given as text in a query says it must be a number, a whole one, at least 1", () => {
    expect(errorsOf(Filters, { page: "abc" })).toEqual([{ path: "page", message: "Page must be a number" }])
    expect(errorsOf(Filters, { page: "1.5" })).toEqual([
      { path: "page", message: "Page must be a whole number" },
    ])
    expect(errorsOf(Filters, { page: "0", pageSize: "500" })).toEqual([
      { path: "page", message: "Page must be at least 1" },
      { path: "pageSize", message: "Page size must be between 1 and 100" },
    ])
  })

  it("lengths count characters of text and items of a list; a minimum of 1 means required", () => {
    const Shape = Schema.Struct({
      code: Schema.String.check(Schema.isMinLength(1)),
      comments: Schema.String.check(Schema.isMaxLength(3)),
      answers: Schema.Array(Schema.String).check(Schema.isMinLength(2)),
    })
    expect(errorsOf(Shape, { code: "", comments: "long", answers: ["a"] })).toEqual([
      { path: "code", message: "Reference code is required" },
      { path: "comments", message: "Comments must be at most 3 characters" },
      { path: "answers", message: "Answers must be at least 2 items" },
    ])
  })

  it("every bound a check can set reads as words", () => {
    const Shape = Schema.Struct({
      a: Schema.Number.check(Schema.isGreaterThan(0)),
      b: Schema.Number.check(Schema.isLessThan(10)),
      c: Schema.Number.check(Schema.isLessThanOrEqualTo(1_000_000)),
      d: Schema.String.check(Schema.isBetweenLength(2, 4)),
      e: Schema.String.check(Schema.isTrimmed()),
      f: Schema.Number.check(Schema.isFinite()),
      g: Schema.String.check(Schema.makeFilter((s: string) => s === "ok")),
    })
    const decoded = Schema.decodeUnknownResult(Shape, { errors: "all" })({
      a: 0,
      b: 10,
      c: 2_000_000,
      d: "x",
      e: " x ",
      f: Number.POSITIVE_INFINITY,
      g: "no",
    })
    expect(decoded._tag === "Failure" && fieldErrors(decoded.failure.issue)).toEqual([
      { path: "a", message: "A must be more than 0" },
      { path: "b", message: "B must be less than 10" },
      { path: "c", message: "C must be at most 1,000,000" },
      { path: "d", message: "D must be 2 to 4 characters" },
      { path: "e", message: "E must not start or end with spaces" },
      { path: "f", message: "F must be a number" },
      { path: "g", message: "G is not valid" },
    ])
  })

  it("a union names each kind it takes; a key it does not take, when refused, is named too", () => {
    const Shape = Schema.Struct({ code: Schema.Union([Schema.String, Schema.Number]) })
    expect(errorsOf(Shape, { code: true })).toEqual([
      { path: "code", message: "Reference code must be text or a number" },
    ])
    const strict = Schema.decodeUnknownResult(Schema.Struct({ email: Schema.String }), {
      onExcessProperty: "error",
    })({ email: "a@b.c", extra: 1 })
    expect(strict._tag === "Failure" && fieldErrors(strict.failure.issue)).toEqual([
      { path: "extra", message: "Extra is not expected here" },
    ])
  })

  it("keeps the spec's messages where the schema carries them", () => {
    expect(errorsOf(RegistrationRequest, { email: "a@b", password: "secret9" })).toEqual([
      { path: "email", message: SpecMessage.emailMinLength },
      { path: "email", message: SpecMessage.invalidEmailFormat },
      { path: "firstName", message: SpecMessage.firstNameRequired },
      { path: "userType", message: SpecMessage.invalidUserType },
      { path: "termsAccepted", message: HouseMessage.termsNotAccepted },
    ])
  })

  it("a form given something that is not an object says so, at the empty path", () => {
    expect(errorsOf(ContactForm, [])).toEqual([{ path: "", message: "The input must be an object" }])
  })

  it("no message of any form or filter, whatever the input, is the schema's own wording", () => {
    const schemas: ReadonlyArray<Schema.ConstraintDecoder<unknown>> = [
      RegistrationRequest,
      LandingRegistrationForm,
      ChangePasswordForm,
      ContactForm,
      UtmData,
      makeKycInfoSchema("2026-01-01"),
      Filters,
    ]
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom("", "abc", "-1", "1e400", "LAND_ALL", "2026-13-40"),
    )
    const input = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.dictionary(
        fc.constantFrom(
          "email",
          "firstName",
          "password",
          "userType",
          "page",
          "pageSize",
          "unitType",
          "address",
          "passport",
          "utm_source",
          "name",
          "message",
        ),
        value,
      ),
    )
    fc.assert(
      fc.property(fc.constantFrom(...schemas), input, (schema, given) => {
        for (const { message } of errorsOf(schema, given)) expect(message).not.toMatch(SCHEMA_WORDING)
      }),
      { numRuns: 500 },
    )
  })
})
