/**
 * One shape for invalid input, used by the API (400 body `{ message, errors: [{ path, message }] }`)
 * and by the web forms: a list of field errors with a dotted path ("kycInfo.address.postcode").
 */
import { Result, Schema, type SchemaAST, type SchemaIssue, type StandardSchema } from "effect"
import { type FieldError, formatPath } from "./FieldError.ts"
import { issueMessages } from "./IssueMessages.ts"
import { unsafeInputErrors, unsafeInputIssues } from "./UnsafeInput.ts"

export { type FieldError, formatPath } from "./FieldError.ts"

export type Validated<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly errors: ReadonlyArray<FieldError> }

/** Every failure is reported, not only the first. */
export const parseOptions: SchemaAST.ParseOptions = { errors: "all" }

/**
 * The field errors of a schema issue, each (path, message) once, in the order the schema found them. Each
 * message is the rule's own, or names the field in words (IssueMessages.ts): never the schema's wording.
 */
export const fieldErrors = (issue: SchemaIssue.Issue): Array<FieldError> => {
  const seen = new Set<string>()
  const errors: Array<FieldError> = []
  for (const { path, message } of issueMessages(issue)) {
    const error = { path: formatPath(path), message }
    const key = JSON.stringify([error.path, error.message])
    if (!seen.has(key)) {
      seen.add(key)
      errors.push(error)
    }
  }
  return errors
}

/** The field errors of a failed decode (`SchemaError`, as `decodeUnknownEffect` fails with). */
export const schemaErrorToFieldErrors = (error: Schema.SchemaError): Array<FieldError> =>
  fieldErrors(error.issue)

/**
 * Decodes `input` with `schema`, collecting every field error. Input no field may hold (a control character,
 * a broken character, a number past the safe range: UnsafeInput.ts) is refused first, whatever the schema.
 */
export const validate = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
  input: unknown,
): Validated<S["Type"]> => {
  const unsafe = unsafeInputErrors(input)
  if (unsafe.length > 0) return { ok: false, errors: unsafe }
  const result = Schema.decodeUnknownResult(schema, parseOptions)(input)
  return Result.isSuccess(result)
    ? { ok: true, value: result.success }
    : { ok: false, errors: schemaErrorToFieldErrors(result.failure) }
}

/** The first message of each field, for a form that shows one message under each input. */
export const firstErrorByPath = (errors: ReadonlyArray<FieldError>): Readonly<Record<string, string>> => {
  const byPath: Record<string, string> = {}
  for (const { path, message } of errors) {
    if (!(path in byPath)) byPath[path] = message
  }
  return byPath
}

/**
 * A Standard Schema v1 view of `schema` (for web form libraries and TanStack Router's validateSearch), with
 * the same messages as `validate`.
 */
export const toStandardSchema = <S extends Schema.ConstraintDecoder<unknown>>(
  schema: S,
): StandardSchema.StandardSchemaV1<S["Encoded"], S["Type"]> => {
  const decode = Schema.decodeUnknownResult(schema, parseOptions)
  return {
    "~standard": {
      version: 1,
      vendor: "landunits",
      validate: (value) => {
        const unsafe = unsafeInputIssues(value)
        if (unsafe.length > 0) return { issues: unsafe }
        const result = decode(value)
        return Result.isSuccess(result)
          ? { value: result.success }
          : { issues: issueMessages(result.failure.issue) }
      },
    },
  }
}
