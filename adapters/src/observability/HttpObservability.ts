/**
 * What every HTTP request gets for observability (docs/operations.md, "Metrics" and "Tracing"):
 *
 * - a request id: the request's own `X-Request-Id` when it is well-formed (a proxy in front may set one, so its
 *   log line and ours meet), else a new random one. Every answer carries it in `X-Request-Id`; every log line
 *   written while the request runs carries it as `requestId`; the request's server span and every span under it
 *   (order command, SQL statement, provider call) carry it as `http.request.id`.
 * - its count and duration in `landunits_http_requests_total` and `landunits_http_request_duration_seconds`,
 *   by method, route pattern and status. The route is learned where the router matched it (`layerRouteLabel`,
 *   given to every route); a request no route matched is `unmatched`, and so is a 404 of a wildcard route (the
 *   static files' `/*`, which answers any path it has no file for), so a scan of random paths adds no series and
 *   one series means one thing, whether or not the web app is built.
 *
 * `observeRequests` wraps the whole server (HttpApp.ts), inside the span Effect opens for each request.
 */
import { randomUUID } from "node:crypto"
import { Context, Effect, Metric } from "effect"
import { HttpEffect, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { httpRequestDuration, httpRequests } from "./Metrics.ts"

export const REQUEST_ID_HEADER = "x-request-id"
/** The span attribute and the log annotation that carry the request id. */
export const REQUEST_ID_ATTRIBUTE = "http.request.id"
export const REQUEST_ID_LOG_KEY = "requestId"
/** The route label of a request no route matched. */
export const UNMATCHED_ROUTE = "unmatched"

/** An incoming id is kept when it is 1 to 128 letters, digits and `-_.:`; anything else is replaced. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/

/** The request's own id when well-formed, else a new one. */
export const requestIdOf = (incoming: string | undefined): string =>
  incoming !== undefined && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID()

/** Where the route that matched the request is written down for the request's metrics. */
class RouteSlot extends Context.Service<RouteSlot, { route: string | undefined }>()(
  "@landunits/adapters/observability/RouteSlot",
) {}

/**
 * Given to every route (HttpApp.ts): writes the matched route's pattern into the request's slot. The router
 * runs it where the match is known (HttpRouter.RouteContext).
 */
export const layerRouteLabel = HttpRouter.middleware((httpEffect) =>
  Effect.withFiber((fiber) => {
    const slot = Context.getOrUndefined(fiber.context, RouteSlot)
    const matched = Context.getOrUndefined(fiber.context, HttpRouter.RouteContext)
    if (slot !== undefined && matched !== undefined) slot.route = matched.route.path
    return httpEffect
  }),
).layer

/** The route a request is counted under: its pattern, or `unmatched` when no route (or only a wildcard) knew it. */
export const routeLabel = (route: string | undefined, status: number): string =>
  route === undefined || (status === 404 && route.includes("*")) ? UNMATCHED_ROUTE : route

/** The two series of a (method, route, status). */
const seriesOf = (method: string, route: string | undefined, status: number) => {
  const labels = { method, route: routeLabel(route, status), status: String(status) }
  return { requests: httpRequests(labels), duration: httpRequestDuration(labels) }
}

/**
 * The request id, the log annotation, the span attributes and the request's metrics (see above). The metrics are
 * recorded as the answer is about to be written (a pre-response handler, which error answers get too), so nothing
 * of this runs after it: a process told to stop right after an answer closes that connection at once.
 */
export const observeRequests = <E, R>(
  httpApp: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const id = requestIdOf(request.headers[REQUEST_ID_HEADER])
    const slot: RouteSlot["Service"] = { route: undefined }
    const started = performance.now()
    const answering: HttpEffect.PreResponseHandler = (_request, response) => {
      const series = seriesOf(request.method, slot.route, response.status)
      return Effect.as(
        Effect.andThen(
          Metric.update(series.requests, 1),
          Metric.update(series.duration, (performance.now() - started) / 1000),
        ),
        HttpServerResponse.setHeader(response, REQUEST_ID_HEADER, id),
      )
    }
    return Effect.andThen(
      Effect.andThen(
        HttpEffect.appendPreResponseHandler(answering),
        Effect.annotateCurrentSpan(REQUEST_ID_ATTRIBUTE, id),
      ),
      httpApp,
    ).pipe(
      Effect.provideService(RouteSlot, slot),
      Effect.annotateSpans(REQUEST_ID_ATTRIBUTE, id),
      Effect.annotateLogs(REQUEST_ID_LOG_KEY, id),
    )
  })
