/**
 * Turns a request that fails its schema into 400 `{ message, errors: [{ path, message }] }`: `path` is the
 * field's dotted path inside the body, query or path parameters ("kycInfo.address.city"), `message` the
 * rule's message, and `message` at the top repeats the first one, for a form's summary line.
 * An answer that fails to encode is our bug: it is reported and answers a bare 500.
 */
import { Cause, Effect, ErrorReporter, SchemaIssue } from "effect"
import { HttpServerRespondable } from "effect/http"
import { HttpApiError, HttpApiMiddleware } from "effect/http-api"
import { type FieldIssue, InvalidInput } from "../api/ApiErrors.ts"
import { InvalidInputs } from "../api/InvalidInputs.ts"

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

const segment = (s: unknown): string => String(typeof s === "object" && s !== null && "key" in s ? s.key : s)

export const fieldIssues = (error: HttpApiError.HttpApiSchemaError): ReadonlyArray<FieldIssue> =>
  formatIssues(error.cause.issue).issues.map((issue) => ({
    path: (issue.path ?? []).map(segment).join("."),
    message: issue.message,
  }))

export const layerInvalidInputResponses = HttpApiMiddleware.layerSchemaErrorTransform(
  InvalidInputs,
  (error) => {
    if (error.kind === "Body" || error.kind === "ResponseHeaders") {
      return Effect.andThen(
        ErrorReporter.report(Cause.fail(error)),
        HttpServerRespondable.toResponse(new HttpApiError.InternalServerError()),
      )
    }
    const errors = fieldIssues(error)
    return Effect.fail(
      new InvalidInput({ message: errors[0]?.message ?? "The request is not valid.", errors }),
    )
  },
)
