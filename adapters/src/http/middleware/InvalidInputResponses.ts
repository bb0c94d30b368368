/**
 * Turns a request that fails its schema into 400 `{ message, errors: [{ path, message }] }`: `path` is the
 * field's dotted path inside the body, query or path parameters ("kycInfo.address.city"), `message` the
 * rule's message (the spec's where it names one) or a sentence naming the field in words (core's
 * `fieldErrors`), and `message` at the top repeats the first one, for a form's summary line.
 * An answer that fails to encode is our bug: it is reported and answers a bare 500.
 */
import { fieldErrors } from "@landunits/core/validation/Issues.ts"
import { Cause, Effect, ErrorReporter } from "effect"
import { HttpServerRespondable } from "effect/http"
import { HttpApiError, HttpApiMiddleware } from "effect/http-api"
import { type FieldIssue, InvalidInput } from "../api/ApiErrors.ts"
import { InvalidInputs } from "../api/InvalidInputs.ts"

export const fieldIssues = (error: HttpApiError.HttpApiSchemaError): ReadonlyArray<FieldIssue> =>
  fieldErrors(error.cause.issue)

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
