/**
 * The access log: one Debug entry per answered request (method, path without its query, status, duration).
 * Below Debug (the default level is Info) it costs one level comparison per request and writes nothing.
 * The query string is left out: it can carry an email address (GET /user/name?email=…).
 * Failures that reach the server are logged at Error by the security headers middleware.
 */
import { Clock, Effect, LogLevel } from "effect"
import { HttpServerRequest, type HttpServerResponse } from "effect/http"

const pathOf = (url: string) => {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

export const accessLog = <E, R>(
  httpApp: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(LogLevel.isEnabled("Debug"), (enabled) => {
    if (!enabled) return httpApp
    return Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const started = yield* Clock.currentTimeMillis
      const exit = yield* Effect.exit(httpApp)
      const millis = (yield* Clock.currentTimeMillis) - started
      yield* Effect.logDebug("HTTP response").pipe(
        Effect.annotateLogs({
          "http.method": request.method,
          "http.path": pathOf(request.url),
          "http.status": exit._tag === "Success" ? exit.value.status : 500,
          "http.ms": millis,
        }),
      )
      return yield* exit
    })
  })
