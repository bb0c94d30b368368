/**
 * Field builders shared by the member and KYC schemas.
 *
 * The rule they carry: blank or whitespace-only text counts as absent (spec §5). A required field given
 * nothing, null, "" or "   " fails with its own "required" message; an optional one given the same is
 * dropped from the decoded value. Text is trimmed; secrets (passwords) are never trimmed or altered, only
 * tested for blankness.
 *
 * Each builder takes the checks to run on the trimmed value, in order. A failing "required" check aborts
 * the rest, so an empty field reports one message, not a required message and a length message.
 */
import { Option, Schema, type SchemaAST, SchemaGetter } from "effect"

export type TextCheck = SchemaAST.Filter<string>

const isBlank = (s: string): boolean => s.trim() === ""

/** Raw input of a text field: forms send strings, JSON may send null, form state may hold undefined. */
const RawText = Schema.NullishOr(Schema.String).annotate({ expected: "text" })

/** What a JSON Schema says of a text field: the rules a client (or a validating proxy) can check before sending. */
export interface TextRules {
  readonly type?: "string"
  readonly minLength?: number
  readonly maxLength?: number
  readonly pattern?: string
}

/**
 * The rules of `checks` as JSON Schema keywords (issue 40), read from each check's own description: lengths, and
 * a pattern whose flags JSON Schema can carry (none, or `u`). A check of its own (`satisfies`) says nothing here.
 */
export const textRulesOf = (checks: ReadonlyArray<TextCheck>): TextRules => {
  let rules: { -readonly [K in keyof TextRules]: TextRules[K] } = {}
  for (const check of checks) {
    const representation = check.annotations?.representation as
      | { readonly id?: string; readonly payload?: Record<string, unknown> }
      | undefined
    const payload = representation?.payload ?? {}
    switch (representation?.id) {
      case "effect/schema/isMinLength":
        rules = { ...rules, minLength: Math.max(rules.minLength ?? 0, payload.minLength as number) }
        break
      case "effect/schema/isMaxLength":
        rules = { ...rules, maxLength: Math.min(rules.maxLength ?? Infinity, payload.maxLength as number) }
        break
      case "effect/schema/isLengthBetween":
        rules = { ...rules, minLength: payload.minimum as number, maxLength: payload.maximum as number }
        break
      case "effect/schema/isPattern":
        if (rules.pattern === undefined && ["", "u"].includes(payload.flags as string))
          rules = { ...rules, pattern: payload.source as string }
        break
    }
  }
  return rules
}

/**
 * A check that refuses nothing and tells the generated JSON Schema (the OpenAPI document) the field's rules: put
 * on the raw side of a field, the side a request carries, so a client or a validating proxy sees them (issue 40).
 * The field's own checks, on the decoded side, still decide.
 */
export const documented = (rules: TextRules) =>
  Schema.makeFilter<unknown>(() => undefined, { toJsonSchema: () => ({ ...rules }) })

/**
 * The raw side of a field, with its rules in the document: a required field is a string of at least one
 * character; an optional one may be blank (it is then left out); a field the server trims checks its rules on the trimmed text, which the raw text meets too unless
 * it has spaces around it; a normalized field ("7700 900123") is judged after normalizing, so only its presence
 * is documented.
 */
const rawTextWith = (checks: ReadonlyArray<TextCheck> | undefined, isRequired: boolean) => {
  const rules = checks === undefined ? {} : textRulesOf(checks)
  // An optional field given blank text is left out, not refused: no minimum, and a pattern that blank text meets.
  const { minLength: _, pattern, ...upper } = rules
  const all: TextRules = isRequired
    ? { ...rules, type: "string", minLength: Math.max(1, rules.minLength ?? 0) }
    : { ...upper, ...(pattern === undefined ? {} : { pattern: `^\\s*$|${pattern}` }) }
  return Object.keys(all).length === 0 ? RawText : RawText.check(documented(all))
}

const checkedString = (checks: ReadonlyArray<TextCheck>): Schema.String => {
  const [first, ...rest] = checks
  return first === undefined ? Schema.String : Schema.String.check(first, ...rest)
}

const required = (
  message: string,
  transform: (s: string) => string,
  checks: ReadonlyArray<TextCheck>,
  documentChecks = true,
) =>
  rawTextWith(documentChecks ? checks : undefined, true).pipe(
    Schema.decodeTo(Schema.String.check(Schema.isNonEmpty({ message }).abort(), ...checks), {
      decode: SchemaGetter.transform((s: string | null | undefined) =>
        s == null || isBlank(s) ? "" : transform(s),
      ),
      encode: SchemaGetter.transform((s: string) => s),
    }),
    Schema.annotateKey({ messageMissingKey: message }),
  )

const optional = (
  whenBlank: "omit" | "empty",
  transform: (s: string) => string,
  checks: ReadonlyArray<TextCheck>,
  documentChecks = true,
) =>
  Schema.optionalKey(rawTextWith(documentChecks ? checks : undefined, false)).pipe(
    Schema.decodeTo(Schema.optionalKey(checkedString(checks)), {
      decode: SchemaGetter.transformOptional((o: Option.Option<string | null | undefined>) =>
        Option.isNone(o) || o.value == null
          ? Option.none()
          : isBlank(o.value)
            ? blank(whenBlank)
            : Option.some(transform(o.value)),
      ),
      encode: SchemaGetter.transformOptional((o: Option.Option<string>) => o),
    }),
  )

const blank = (whenBlank: "omit" | "empty"): Option.Option<string> =>
  whenBlank === "omit" ? Option.none() : Option.some("")

const trim = (s: string) => s.trim()
const asIs = (s: string) => s

/** A required text field, trimmed; blank fails with `requiredMessage` (also when the key is missing). */
export const requiredText = (requiredMessage: string, ...checks: ReadonlyArray<TextCheck>) =>
  required(requiredMessage, trim, checks)

/** An optional text field, trimmed; blank, null or missing leaves it out of the decoded value. */
export const optionalText = (...checks: ReadonlyArray<TextCheck>) => optional("omit", trim, checks)

/**
 * An optional text field that may be cleared: missing or null leaves it out, blank decodes to "".
 * The checks also see "" (the profile's lastName: at most 50, or an empty string).
 */
export const clearableText = (...checks: ReadonlyArray<TextCheck>) => optional("empty", trim, checks)

/** A text field always present in the decoded value: missing, null or blank decodes to "". */
export const textOrEmpty = (...checks: ReadonlyArray<TextCheck>) =>
  Schema.optionalKey(rawTextWith(checks, false)).pipe(
    Schema.decodeTo(checkedString(checks), {
      decode: SchemaGetter.transformOptional((o: Option.Option<string | null | undefined>) =>
        Option.some(Option.isNone(o) || o.value == null ? "" : o.value.trim()),
      ),
      encode: SchemaGetter.transformOptional((o: Option.Option<string>) => o),
    }),
  )

/**
 * A required text field, trimmed and then normalized (validation/Normalizers.ts) before its checks: what the
 * member typed is judged, and kept, as what it means ("7700 900123" → "7700900123").
 */
export const requiredNormalized = (
  requiredMessage: string,
  normalize: (s: string) => string,
  ...checks: ReadonlyArray<TextCheck>
) => required(requiredMessage, (s) => normalize(s.trim()), checks, false)

/** An optional text field, trimmed and normalized before its checks; blank, null or missing leaves it out. */
export const optionalNormalized = (normalize: (s: string) => string, ...checks: ReadonlyArray<TextCheck>) =>
  optional("omit", (s) => normalize(s.trim()), checks, false)

/** A required secret (a password): blank fails with `requiredMessage`; the value is kept exactly as typed. */
export const requiredSecret = (requiredMessage: string, ...checks: ReadonlyArray<TextCheck>) =>
  required(requiredMessage, asIs, checks)

/** An optional secret: blank, null or missing leaves it out; otherwise kept exactly as typed. */
export const optionalSecret = (...checks: ReadonlyArray<TextCheck>) => optional("omit", asIs, checks)

/** A choice among literals; any other value fails with `message`, and so does a missing key. */
export const choice = <const L extends ReadonlyArray<string>>(literals: L, message: string) =>
  Schema.Literals(literals)
    .annotate({ message })
    .pipe(Schema.annotateKey({ messageMissingKey: message }))

/**
 * A box the member must tick (the terms at registration): only `true` passes; false, null, a missing key or
 * anything else fails with `message`. A boolean checked to be true, not the literal `true`: a literal field
 * would make the struct a tagged member of a union (an HTTP payload), and a request without it would be
 * refused as a whole instead of at its field.
 */
export const accepted = (message: string) =>
  Schema.Boolean.annotate({ message })
    .check(Schema.makeFilter((ticked: boolean) => (ticked ? undefined : message)))
    .pipe(Schema.annotateKey({ messageMissingKey: message }))

// Checks with a message, shorter to read in a schema.

export const minLength = (length: number, message: string): TextCheck =>
  Schema.isMinLength(length, { message })
export const maxLength = (length: number, message: string): TextCheck =>
  Schema.isMaxLength(length, { message })
export const pattern = (regExp: RegExp, message: string): TextCheck => Schema.isPattern(regExp, { message })
/** Passes when `test` holds of the value. */
export const satisfies = (test: (s: string) => boolean, message: string): TextCheck =>
  Schema.makeFilter<string>((s) => (test(s) ? undefined : message))
