/**
 * The metrics endpoint (docs/operations.md, "Metrics"): when METRICS_PORT is set, `GET /metrics` answers the
 * Prometheus text format on 127.0.0.1:METRICS_PORT, a port of its own bound to loopback only. Nothing else is
 * served there, and /metrics is never served on the app's public port (PORT): the figures (routes, jobs, queue
 * depths) are for the operator's Prometheus, which scrapes from the same host or through a tunnel, not for the
 * internet. Unset, no metrics port is opened (the metrics are still counted, at the cost of a map update each).
 *
 * Each scrape first refreshes the figures read at scrape time (ScrapeReads.ts), then writes every metric of the
 * process's registry (Metrics.ts) with Effect's Prometheus formatter. Scrapes are not traced.
 */
import { createServer } from "node:http"
import { NodeHttpServer } from "@effect/platform-node"
import { Config, Effect, Layer, Option, References, Schema } from "effect"
import { HttpServer, HttpServerRequest, HttpServerResponse } from "effect/http"
import { PrometheusMetrics } from "effect/observability"
import { poolSizeFromEnv } from "../postgres/Database.ts"
import { makeScrapeReads } from "./ScrapeReads.ts"

export const METRICS_PATH = "/metrics"
/** The only address the metrics port listens on. */
export const METRICS_HOST = "127.0.0.1"
export const PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

const pathOf = (url: string) => url.split(/[?#]/)[0]

/** The metrics server on 127.0.0.1:METRICS_PORT when it is set, else nothing. */
export const layerMetricsServer = Layer.unwrap(
  Effect.gen(function* () {
    const port = yield* Config.option(
      Config.schema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 65535 })), "METRICS_PORT"),
    )
    if (Option.isNone(port)) return Layer.empty
    const poolMax = yield* poolSizeFromEnv
    return Layer.unwrap(
      Effect.gen(function* () {
        const refresh = yield* makeScrapeReads(poolMax)
        const scrape = Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          if (pathOf(request.url) !== METRICS_PATH)
            return HttpServerResponse.text("Not found: the metrics are at /metrics\n", { status: 404 })
          if (request.method !== "GET" && request.method !== "HEAD")
            return HttpServerResponse.text("Method not allowed\n", {
              status: 405,
              headers: { allow: "GET, HEAD" },
            })
          yield* refresh
          return HttpServerResponse.text(yield* PrometheusMetrics.format(), {
            contentType: PROMETHEUS_CONTENT_TYPE,
          })
        })
        yield* Effect.logInfo(`Metrics on http://${METRICS_HOST}:${port.value}${METRICS_PATH}`)
        return HttpServer.serve(scrape).pipe(
          Layer.provide(NodeHttpServer.layer(createServer, { port: port.value, host: METRICS_HOST })),
        )
      }),
    ).pipe(Layer.provide(Layer.succeed(References.TracerEnabled, false)))
  }),
)
