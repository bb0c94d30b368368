import { Effect, Exit, Schema, SchemaIssue } from "effect"
import { describe, expect, it } from "vitest"
import {
  fieldErrors,
  firstErrorByPath,
  formatPath,
  schemaErrorToFieldErrors,
  toStandardSchema,
  validate,
} from "../../src/validation/Issues.ts"

const Nested = Schema.Struct({
  kycInfo: Schema.Struct({
    address: Schema.Struct({
      postcode: Schema.String.check(
        Schema.isMinLength(3, { message: "Postcode must be at least 3 characters" }),
      ),
    }),
  }),
  tags: Schema.Array(Schema.String.check(Schema.isNonEmpty({ message: "Tag is required" }))),
  name: Schema.String.check(
    Schema.isMinLength(3, { message: "too short" }),
    Schema.isPattern(/^[a-z]+$/, { message: "lowercase only" }),
  ),
})

describe("field errors", () => {
  it("writes a path with dots: kycInfo.address.postcode, tags.1; the whole input is ''", () => {
    expect(formatPath(["kycInfo", "address", "postcode"])).toBe("kycInfo.address.postcode")
    expect(formatPath(["tags", 1])).toBe("tags.1")
    expect(formatPath([Symbol("secret")])).toBe("secret")
    expect(formatPath([Symbol()])).toBe("")
    expect(formatPath([])).toBe("")
  })

  it("reports every failure, each with its dotted path and message", () => {
    expect(validate(Nested, { kycInfo: { address: { postcode: "A" } }, tags: ["a", ""], name: "A" })).toEqual(
      {
        ok: false,
        errors: [
          { path: "kycInfo.address.postcode", message: "Postcode must be at least 3 characters" },
          { path: "tags.1", message: "Tag is required" },
          { path: "name", message: "too short" },
          { path: "name", message: "lowercase only" },
        ],
      },
    )
  })

  it("returns the decoded value of valid input", () => {
    const input = { kycInfo: { address: { postcode: "SW1" } }, tags: [], name: "ada" }
    expect(validate(Nested, input)).toEqual({ ok: true, value: input })
  })

  it("reports input that is not an object at the empty path, without echoing the input", () => {
    expect(validate(Nested, null)).toEqual({
      ok: false,
      errors: [{ path: "", message: "The input must be an object" }],
    })
  })

  it("reports each (path, message) once", () => {
    const issue = new SchemaIssue.Composite(Schema.String.ast, [
      new SchemaIssue.Pointer(["email"], new SchemaIssue.InvalidValue({ message: "Email is required" })),
      new SchemaIssue.Pointer(["email"], new SchemaIssue.InvalidValue({ message: "Email is required" })),
    ])
    expect(fieldErrors(issue)).toEqual([{ path: "email", message: "Email is required" }])
  })

  it("turns the SchemaError of an effectful decode into the same field errors", () => {
    const exit = Effect.runSyncExit(
      Schema.decodeUnknownEffect(Nested)({ kycInfo: {}, tags: [], name: "ada" }),
    )
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) {
      const error = exit.cause.reasons.find((reason) => reason._tag === "Fail")?.error
      expect(Schema.isSchemaError(error)).toBe(true)
      if (Schema.isSchemaError(error)) {
        expect(schemaErrorToFieldErrors(error)).toEqual([
          { path: "kycInfo.address", message: "Address is required" },
        ])
      }
    }
  })

  it("gives a form the first message of each field", () => {
    expect(
      firstErrorByPath([
        { path: "name", message: "too short" },
        { path: "name", message: "lowercase only" },
        { path: "email", message: "Email is required" },
      ]),
    ).toEqual({ name: "too short", email: "Email is required" })
  })
})

describe("standard schema view", () => {
  it("validates synchronously with every issue, as web forms use it", () => {
    const result = toStandardSchema(Nested)["~standard"].validate({
      kycInfo: { address: { postcode: "A" } },
      tags: [],
      name: "A1",
    })
    expect(result).toEqual({
      issues: [
        { path: ["kycInfo", "address", "postcode"], message: "Postcode must be at least 3 characters" },
        { path: ["name"], message: "too short" },
        { path: ["name"], message: "lowercase only" },
      ],
    })
  })

  it("returns the value of valid input", () => {
    const input = { kycInfo: { address: { postcode: "SW1" } }, tags: ["x"], name: "ada" }
    expect(toStandardSchema(Nested)["~standard"].validate(input)).toEqual({ value: input })
  })
})
