import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  choice,
  clearableText,
  maxLength,
  minLength,
  optionalSecret,
  optionalText,
  pattern,
  requiredSecret,
  requiredText,
  textOrEmpty,
  textRulesOf,
} from "../../src/validation/Fields.ts"
import { decoded, errorsOf } from "./helpers.ts"

const Form = Schema.Struct({
  required: requiredText("Required is required", maxLength(5, "Required must be at most 5 characters")),
  optional: optionalText(maxLength(5, "Optional must be at most 5 characters")),
  plain: optionalText(),
  clearable: clearableText(maxLength(5, "Clearable must be at most 5 characters")),
  always: textOrEmpty(),
  secret: requiredSecret("Secret is required"),
  maybeSecret: optionalSecret(),
  kind: Schema.optionalKey(choice(["A", "B"], "Invalid kind")),
})

const blank = fc.stringMatching(/^[ \t\r\n\u00a0]{0,6}$/)
const text = fc.stringMatching(/^[a-z][a-z ]{0,3}[a-z]$|^[a-z]$/)

describe("blank or whitespace-only text counts as absent", () => {
  it("a required field given nothing, null, or blank text gets its required message and nothing else", () => {
    fc.assert(
      fc.property(fc.oneof(blank, fc.constant(null), fc.constant(undefined)), (value) => {
        expect(errorsOf(Form, { required: value, secret: "s" })).toEqual([
          { path: "required", message: "Required is required" },
        ])
      }),
    )
    expect(errorsOf(Form, { secret: "s" })).toEqual([{ path: "required", message: "Required is required" }])
  })

  it("an optional field given nothing, null, or blank text is left out", () => {
    fc.assert(
      fc.property(fc.oneof(blank, fc.constant(null), fc.constant(undefined)), (value) => {
        expect(
          decoded(Form, { required: "r", secret: "s", optional: value, plain: value, maybeSecret: value }),
        ).toEqual({
          required: "r",
          secret: "s",
          always: "",
        })
      }),
    )
  })

  it("a clearable field given blank text becomes '', given nothing or null is left out", () => {
    expect(decoded(Form, { required: "r", secret: "s", clearable: "  " }).clearable).toBe("")
    expect("clearable" in decoded(Form, { required: "r", secret: "s", clearable: null })).toBe(false)
    expect(decoded(Form, { required: "r", secret: "s", clearable: " ab " }).clearable).toBe("ab")
  })

  it("a blank secret is absent too", () => {
    expect(errorsOf(Form, { required: "r", secret: "   " })).toEqual([
      { path: "secret", message: "Secret is required" },
    ])
  })
})

describe("trimming", () => {
  it("whitespace-padded text decodes exactly like the trimmed text", () => {
    fc.assert(
      fc.property(text, blank, blank, (value, before, after) => {
        const padded = before + value + after
        const input = { required: padded, optional: padded, clearable: padded, always: padded, secret: "s" }
        const trimmed = { required: value, optional: value, clearable: value, always: value, secret: "s" }
        expect(decoded(Form, input)).toEqual(decoded(Form, trimmed))
      }),
    )
  })

  it("lengths are judged after trimming", () => {
    expect(errorsOf(Form, { required: "  abcde  ", secret: "s" })).toEqual([])
    expect(errorsOf(Form, { required: "abcdef", secret: "s", optional: " abcdef " })).toEqual([
      { path: "required", message: "Required must be at most 5 characters" },
      { path: "optional", message: "Optional must be at most 5 characters" },
    ])
  })

  it("secrets are never trimmed", () => {
    fc.assert(
      fc.property(text, blank, blank, (value, before, after) => {
        const secret = before + value + after
        expect(decoded(Form, { required: "r", secret, maybeSecret: secret })).toMatchObject({
          secret,
          maybeSecret: secret,
        })
      }),
    )
  })
})

describe("text of the wrong type", () => {
  it("a number where text is expected is refused as '<Field> must be text', not taken as absent", () => {
    expect(errorsOf(Form, { required: 12, secret: "s", optional: true })).toEqual([
      { path: "required", message: "Required must be text" },
      { path: "optional", message: "Optional must be text" },
    ])
  })
})

describe("choices", () => {
  it("a value outside the choice, or a missing required choice, gets the choice's message", () => {
    expect(errorsOf(Form, { required: "r", secret: "s", kind: "C" })).toEqual([
      { path: "kind", message: "Invalid kind" },
    ])
    expect(errorsOf(Schema.Struct({ kind: choice(["A"], "Invalid kind") }), {})).toEqual([
      { path: "kind", message: "Invalid kind" },
    ])
  })
})

describe("encoding", () => {
  it("a decoded value encodes back to itself, so a form can be filled from it", () => {
    const value = decoded(Form, { required: " r ", optional: "o", clearable: "", secret: " s ", kind: "A" })
    expect(Schema.encodeUnknownSync(Form)(value)).toEqual(value)
  })
})

describe("the field rules in the JSON Schema (issue 40)", () => {
  it("reads lengths and a pattern JSON Schema can carry from the checks", () => {
    expect(textRulesOf([minLength(2, "m"), maxLength(50, "x"), pattern(/^[a-z]+$/, "p")])).toEqual({
      minLength: 2,
      maxLength: 50,
      pattern: "^[a-z]+$",
    })
    expect(textRulesOf([pattern(/^[a-z]+$/i, "p")])).toEqual({})
  })

  it("puts them on the raw side, the side a request carries, without changing what is accepted", () => {
    const Named = Schema.Struct({
      name: requiredText("Name is required", minLength(2, "too short"), maxLength(5, "too long")),
      nick: optionalText(maxLength(3, "too long"), pattern(/^[a-z]+$/, "letters")),
    })
    const json = Schema.toJsonSchemaDocument(Schema.toEncoded(Named)).schema as {
      properties: Record<string, Record<string, unknown>>
    }
    expect(json.properties.name).toMatchObject({ type: "string", minLength: 2, maxLength: 5 })
    expect(json.properties.nick).toMatchObject({ maxLength: 3, pattern: "^\\s*$|^[a-z]+$" })
    expect(decoded(Named, { name: "  Ann  ", nick: "  " })).toEqual({ name: "Ann" })
  })
})
