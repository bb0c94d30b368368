import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { NewsletterForm } from "../../src/members/MemberValidation.ts"
import { toStandardSchema, validate } from "../../src/validation/Issues.ts"
import { unsafeInputErrors } from "../../src/validation/UnsafeInput.ts"

describe("input no field may hold", () => {
  it("a null byte or another control character is refused, naming the field in words", () => {
    expect(unsafeInputErrors({ email: "ann\u0000@example.com", note: "a\u001bb" })).toEqual([
      { path: "email", message: "Email must not contain control characters" },
      { path: "note", message: "Note must not contain control characters" },
    ])
    expect(unsafeInputErrors({ message: "x\u007f" })).toHaveLength(1)
  })

  it("a C1 control (U+0080 to U+009F: U+009B starts a terminal command as ESC [ does) is refused too; U+00A0 is text", () => {
    expect(unsafeInputErrors({ townCity: "\u009b31mLondon", note: "a\u0080b" })).toEqual([
      { path: "townCity", message: "Town/City must not contain control characters" },
      { path: "note", message: "Note must not contain control characters" },
    ])
    expect(unsafeInputErrors({ note: "caf\u00e9\u00a0au lait" })).toEqual([])
  })

  it("tab, line feed and carriage return are text", () => {
    expect(unsafeInputErrors({ message: "line one\r\n\tline two" })).toEqual([])
  })

  it("half of a surrogate pair is refused; a whole pair (an emoji) is text", () => {
    expect(unsafeInputErrors({ firstName: "Ann\ud83d", lastName: "\ude00Lee" })).toEqual([
      { path: "firstName", message: "First Name must not contain broken characters" },
      { path: "lastName", message: "Last Name must not contain broken characters" },
    ])
    expect(unsafeInputErrors({ firstName: "Ann 😀" })).toEqual([])
  })

  it("a number past Number.MAX_SAFE_INTEGER either way is refused; every safe one is accepted", () => {
    expect(
      unsafeInputErrors({
        currencyUnit: { numberOfUnits: 2 ** 53 },
        page: -1e300,
        ok: Number.MAX_SAFE_INTEGER,
      }),
    ).toEqual([
      { path: "currencyUnit.numberOfUnits", message: "Number of Units is too large a number" },
      { path: "page", message: "Page is too large a number" },
    ])
    expect(unsafeInputErrors({ days: Number.NaN })).toEqual([
      { path: "days", message: "Days must be a number" },
    ])
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(unsafeInputErrors({ page: n })).toEqual([])
      }),
    )
  })

  it("walks lists and maps, checks keys on their object, and stops after 20", () => {
    expect(unsafeInputErrors({ tags: ["ok", "b\u0000d"], answers: { "q\u0000": "y" } })).toEqual([
      { path: "tags.1", message: "Tags must not contain control characters" },
      { path: "answers", message: "Answers must not contain control characters" },
    ])
    expect(unsafeInputErrors(Array.from({ length: 100 }, () => "\u0000"))).toHaveLength(20)
  })

  it("a nesting deeper than the stack is walked, not a crash", () => {
    let deep: unknown = "\u0000"
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(unsafeInputErrors(deep)).toHaveLength(1)
  })

  it("a form is refused on it before its schema, by validate and by the standard schema view", () => {
    expect(validate(NewsletterForm, { email: "a\u0000@example.com" })).toEqual({
      ok: false,
      errors: [{ path: "email", message: "Email must not contain control characters" }],
    })
    expect(
      toStandardSchema(Schema.Struct({ email: Schema.String }))["~standard"].validate({ email: "\ud800" }),
    ).toEqual({
      issues: [{ path: ["email"], message: "Email must not contain broken characters" }],
    })
  })
})
