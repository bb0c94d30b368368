/**
 * Every invalid request answers 400 `{ message, errors: [{ path, message }] }`: `path` is the field's dotted
 * path inside the body, query or path parameters ("kycInfo.address.city"), `message` the rule's message (the
 * spec's where it names one) or a sentence naming the field in words, and `message` at the top repeats the
 * first one, for a form's summary line.
 *
 * Two steps, for every route:
 * 1. Before any schema: the path parameters, the query and a JSON body may hold no control character, no
 *    broken character and no number past the safe integer range (core's UnsafeInput.ts says why this is one
 *    guard instead of a rule on every field). The body read here is the one the route decodes next (Node's
 *    request caches it), within the body limit (BodyLimits.ts). Multipart forms are checked by their handler.
 * 2. A request that fails its schema: core's `fieldErrors` words each failure; a JSON body that does not
 *    parse says so.
 * A body of a type the route does not take answers 415 in JSON too.
 *
 * An answer that fails to encode is our bug: it is reported and answers a bare 500.
 */
import { fieldErrors } from "@landunits/core/validation/Issues.ts"
import { unsafeInputErrors } from "@landunits/core/validation/UnsafeInput.ts"
import { Cause, Effect, ErrorReporter, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerRespondable, HttpServerResponse } from "effect/http"
import { HttpApiError, type HttpApiMiddleware } from "effect/http-api"
import type { unhandled } from "effect/Types"
import { type FieldIssue, InvalidInput } from "../api/ApiErrors.ts"
import { InvalidInputs } from "../api/InvalidInputs.ts"

const invalid = (errors: ReadonlyArray<FieldIssue>) =>
  new InvalidInput({ message: errors[0]?.message ?? "The request is not valid.", errors })

export const fieldIssues = (error: HttpApiError.HttpApiSchemaError): ReadonlyArray<FieldIssue> =>
  fieldErrors(error.cause.issue)

/**
 * A JSON body worth walking: one with an escape that can hide a control or broken character, a raw DEL (JSON
 * allows it unescaped; the other control characters it does not), or a number long enough to pass the safe
 * range. Most bodies have none, and are parsed once, by their route.
 */
const MAY_BE_UNSAFE = /\\u|\u007f|\d{16}|\d[eE]/

const contentTypeOf = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-type"] ?? "application/json").split(";")[0]!.trim().toLowerCase()

type Endpoint = Parameters<HttpApiMiddleware.HttpApiMiddleware<never, never, never>>[1]["endpoint"]

/** The fields of the request no route may take (UnsafeInput.ts), before its schemas run. */
const unsafeRequestInput = (endpoint: Endpoint) =>
  Effect.gen(function* () {
    const route = yield* HttpRouter.RouteContext
    const query = yield* HttpServerRequest.ParsedSearchParams
    const errors = [...unsafeInputErrors(route.params), ...unsafeInputErrors(query)]
    if (errors.length > 0) return errors
    const request = yield* HttpServerRequest.HttpServerRequest
    if (endpoint.payload.get(contentTypeOf(request))?.encoding._tag !== "Json") return errors
    // A body that cannot be read or parsed is the route's to refuse (413 over the limit, 400 not JSON).
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    if (!MAY_BE_UNSAFE.test(text)) return errors
    try {
      return unsafeInputErrors(JSON.parse(text))
    } catch {
      return errors
    }
  })

export const NOT_JSON_MESSAGE = "The request body is not valid JSON."

/** A JSON route's body that does not parse (effect words it "Expected a valid JSON body"). */
const isMalformedJson = (endpoint: Endpoint) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (endpoint.payload.get(contentTypeOf(request))?.encoding._tag !== "Json") return false
    // Read already, by the route's decoder: Node's request keeps the text.
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    if (text === "") return false
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  })

const answerSchemaError = (
  error: HttpApiError.HttpApiSchemaError,
  endpoint: Endpoint,
): Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  InvalidInput,
  HttpServerRequest.HttpServerRequest
> => {
  if (error.kind === "Body" || error.kind === "ResponseHeaders") {
    return Effect.andThen(
      ErrorReporter.report(Cause.fail(error)),
      HttpServerRespondable.toResponse(new HttpApiError.InternalServerError()),
    )
  }
  if (error.kind !== "Payload") return Effect.fail(invalid(fieldIssues(error)))
  return Effect.flatMap(isMalformedJson(endpoint), (malformed) =>
    Effect.fail(invalid(malformed ? [{ path: "", message: NOT_JSON_MESSAGE }] : fieldIssues(error))),
  )
}

/**
 * A body of a type the route does not take: effect answers 415 in plain text ("Unsupported content-type: …");
 * this says it in JSON, with the types the route takes.
 */
const unsupportedMediaType = (endpoint: Endpoint) =>
  HttpServerResponse.jsonUnsafe(
    {
      _tag: "UnsupportedMediaType",
      message: `This request must be sent as ${[...endpoint.payload.keys()].join(" or ")}.`,
    },
    { status: 415 },
  )

export const layerInvalidInputResponses = Layer.succeed(InvalidInputs)((httpEffect, { endpoint }) =>
  Effect.flatMap(unsafeRequestInput(endpoint), (unsafe) =>
    unsafe.length > 0
      ? Effect.fail(invalid(unsafe))
      : httpEffect.pipe(
          Effect.map((response) => (response.status === 415 ? unsupportedMediaType(endpoint) : response)),
          Effect.catch(
            (
              error,
            ): Effect.Effect<
              HttpServerResponse.HttpServerResponse,
              unhandled | InvalidInput,
              HttpServerRequest.HttpServerRequest
            > =>
              HttpApiError.HttpApiSchemaError.is(error)
                ? answerSchemaError(error, endpoint)
                : Effect.fail(error),
          ),
        ),
  ),
)
