import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  choice,
  clearableText,
  maxLength,
  optionalSecret,
  optionalText,
  requiredSecret,
  requiredText,
  textOrEmpty,
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
