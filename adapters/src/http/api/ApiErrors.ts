/**
 * The errors every route may answer, in the shape of decisions.md: JSON with `message`, and for invalid
 * input also `errors: [{ path, message }]` with the spec's messages. The status code travels with the class.
 */
import { TooManyAttempts } from "@landunits/core/limits/LimitErrors.ts"
import { Schema } from "effect"
import { HttpApiSchema } from "effect/http-api"

export const FieldIssue = Schema.Struct({ path: Schema.String, message: Schema.String })
export type FieldIssue = typeof FieldIssue.Type

/** 400: the request does not meet the rules; `errors` says which field broke which rule. */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()(
  "InvalidInput",
  { message: Schema.String, errors: Schema.Array(FieldIssue) },
  { httpApiStatus: 400 },
) {}

/** 401: the route is for signed-in members. */
export class NotSignedIn extends Schema.TaggedError<NotSignedIn>()(
  "NotSignedIn",
  { message: Schema.String },
  { httpApiStatus: 401 },
) {}

export const notSignedIn = () => new NotSignedIn({ message: "Please sign in to continue." })

/** What the anti-forgery check answers (403 NotAllowed) to a change that did not echo the XSRF-TOKEN cookie. */
export const XSRF_REFUSED_MESSAGE = "This request could not be verified. Reload the page and try again."

/** 403: signed in, but not allowed; or a change without the anti-forgery token. */
export class NotAllowed extends Schema.TaggedError<NotAllowed>()(
  "NotAllowed",
  { message: Schema.String },
  { httpApiStatus: 403 },
) {}

/** 413: an upload or body over the limit. */
export class TooLarge extends Schema.TaggedError<TooLarge>()(
  "TooLarge",
  { message: Schema.String },
  { httpApiStatus: 413 },
) {}

/**
 * 429: too many attempts (core's limits). The body says how long to wait in words and in seconds, and the
 * `Retry-After` header says it to clients and proxies.
 */
export const TooManyAttemptsAnswer = TooManyAttempts.pipe(
  HttpApiSchema.encodeToWithHeaders(
    {
      body: Schema.Struct({
        _tag: Schema.tag("TooManyAttempts"),
        message: Schema.String,
        retryAfterSeconds: Schema.Int,
      }).annotate({ httpApiStatus: 429 }),
      headers: { "retry-after": Schema.String },
    },
    {
      decode: ({ body }) =>
        new TooManyAttempts({ message: body.message, retryAfterSeconds: body.retryAfterSeconds }),
      encode: (error) => ({
        body: {
          _tag: "TooManyAttempts" as const,
          message: error.message,
          retryAfterSeconds: error.retryAfterSeconds,
        },
        headers: { "retry-after": String(error.retryAfterSeconds) },
      }),
    },
  ),
)

/** How many seconds a client waits before retrying a 503 (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 5

export const SERVICE_UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a few seconds."

/** 503: a dependency (the database) cannot be reached right now; retry after `Retry-After` seconds. */
export class ServiceUnavailable extends Schema.TaggedError<ServiceUnavailable>()(
  "ServiceUnavailable",
  { message: Schema.String },
  { httpApiStatus: 503 },
) {}

export const serviceUnavailable = () => new ServiceUnavailable({ message: SERVICE_UNAVAILABLE_MESSAGE })

/** The 503 as it goes on the wire: `{ message }` with a `Retry-After` header, as every route answers it. */
export const ServiceUnavailableResponse = ServiceUnavailable.pipe(
  HttpApiSchema.encodeToWithHeaders(
    {
      body: Schema.Struct({ message: Schema.String }).pipe(HttpApiSchema.status(503)),
      headers: {
        "retry-after": Schema.String.annotate({
          description: "Seconds to wait before trying again.",
        }),
      },
    },
    {
      decode: ({ body }) => new ServiceUnavailable({ message: body.message }),
      encode: (error) => ({
        body: { message: error.message },
        headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
      }),
    },
  ),
)
