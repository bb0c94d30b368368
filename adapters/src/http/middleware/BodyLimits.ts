/**
 * The request body limits of api/BodyLimits.ts, for every route at once:
 *
 * - a declared Content-Length over the limit is answered 413 before any of the body is read;
 * - otherwise the limit is set for this request (`HttpIncomingMessage.MaxBodySize`), so reading the body
 *   stops as soon as it passes the limit, and the multipart parser stops a file at 8 MB (the contract's
 *   `HttpApiSchema.asMultipart` limits);
 * - either failure, which effect answers with an empty 413, is answered here with `{ message }` in words.
 *
 * The node adapter then closes the connection instead of reading the rest of a refused body.
 */
import { ByteSize, Cause, Effect } from "effect"
import {
  HttpIncomingMessage,
  HttpRouter,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse,
  Multipart,
} from "effect/http"
import {
  BodyTooLargeMessage,
  JSON_BODY_MAX_BYTES,
  MalformedFormMessage,
  MULTIPART_BODY_MAX_BYTES,
} from "../api/BodyLimits.ts"

const isMultipart = (contentType: string | undefined) =>
  contentType?.trimStart().toLowerCase().startsWith("multipart/") === true

/** The message for a body refused while it was read, or undefined when the failure is about something else. */
const tooLargeMessage = (error: unknown, multipart: boolean): string | undefined => {
  if (Multipart.isMultipartError(error)) {
    switch (error.reason._tag) {
      case "FileTooLarge":
        return BodyTooLargeMessage.file
      case "BodyTooLarge":
        return BodyTooLargeMessage.upload
      case "FieldTooLarge":
        return BodyTooLargeMessage.field
      case "TooManyParts":
        return BodyTooLargeMessage.parts
      default:
        return undefined
    }
  }
  if (
    HttpServerError.isHttpServerError(error) &&
    error.reason._tag === "RequestParseError" &&
    error.reason.reason === "BodyTooLarge"
  ) {
    return multipart ? BodyTooLargeMessage.upload : BodyTooLargeMessage.json
  }
  return undefined
}

const tooLarge = (message: string) =>
  HttpServerResponse.jsonUnsafe({ _tag: "TooLarge", message }, { status: 413 })

const answerTooLarge =
  (multipart: boolean) =>
  <E>(cause: Cause.Cause<E>): Effect.Effect<HttpServerResponse.HttpServerResponse, E> => {
    for (const reason of cause.reasons) {
      const error = Cause.isFailReason(reason)
        ? reason.error
        : Cause.isDieReason(reason)
          ? reason.defect
          : undefined
      const message = tooLargeMessage(error, multipart)
      if (message !== undefined) return Effect.succeed(tooLarge(message))
      // A form the parser cannot read (a control character in a file's name) is 400 in words, not a bare 400.
      if (Multipart.isMultipartError(error) && error.reason._tag === "Parse") {
        return Effect.succeed(
          HttpServerResponse.jsonUnsafe(
            { message: MalformedFormMessage, errors: [{ path: "", message: MalformedFormMessage }] },
            { status: 400 },
          ),
        )
      }
    }
    return Effect.failCause(cause)
  }

export const layerBodyLimits = HttpRouter.middleware(
  (httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const multipart = isMultipart(request.headers["content-type"])
      const limit = multipart ? MULTIPART_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES
      const declared = request.headers["content-length"]
      if (declared !== undefined && Number(declared) > limit) {
        return tooLarge(multipart ? BodyTooLargeMessage.upload : BodyTooLargeMessage.json)
      }
      // Widening to the input's type is sound (the catch only answers more) and keeps the router's typing.
      const limited: typeof httpEffect = httpEffect.pipe(
        Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(limit)),
        Effect.catchCause(answerTooLarge(multipart)),
      )
      return yield* limited
    }),
  { global: true },
)
