/**
 * Traces (docs/operations.md, "Tracing"): OpenTelemetry spans sent over OTLP/HTTP (JSON) to a collector when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, by Effect's own OTLP tracer. Unset (the default), no tracer is installed:
 * Effect's spans stay in its built-in tracer, which records nothing and exports nothing.
 *
 * Settings (the OpenTelemetry names):
 * - OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL; spans go to `<endpoint>/v1/traces`
 *   (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: the full URL instead).
 * - OTEL_EXPORTER_OTLP_HEADERS: `key=value,…` sent with every export (a hosted collector's token).
 * - OTEL_SERVICE_NAME (default `landunits`), OTEL_RESOURCE_ATTRIBUTES (`deployment.environment=prod,…`).
 * - OTEL_BSP_SCHEDULE_DELAY: milliseconds between exports (default 5000); the spans still waiting are sent
 *   when the process stops.
 * - OTEL_SDK_DISABLED=true: off, whatever else is set.
 *
 * What is traced: every HTTP request (a server span, with the request id: HttpObservability.ts), every order
 * command under it (OrderCommandMetrics.ts), every SQL statement (Effect's sql client), every call to a
 * payment provider (the payment gateways' client spans), and the scheduled jobs' runs. A request that carries a
 * W3C `traceparent` continues that trace.
 */
import { Config, Effect, Layer, Option, Schema } from "effect"
import { FetchHttpClient } from "effect/http"
import { OtlpSerialization, OtlpTracer } from "effect/observability"
import { APP_VERSION } from "../app/AppVersion.ts"

export const SERVICE_NAME = "landunits"

const nonEmpty = (name: string) =>
  Config.option(Config.String(name)).pipe(Config.map(Option.filter((value) => value.trim() !== "")))

/** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
export const tracesUrl = (traces: Option.Option<string>, base: Option.Option<string>) =>
  Option.orElse(traces, () => Option.map(base, (url) => `${url.replace(/\/+$/, "")}/v1/traces`))

/** The OTLP tracer when OTEL_EXPORTER_OTLP_ENDPOINT is set (see above), else nothing. */
export const layerTracingFromEnv = Layer.unwrap(
  Effect.gen(function* () {
    const disabled = yield* Config.Boolean("OTEL_SDK_DISABLED").pipe(Config.withDefault(false))
    const url = tracesUrl(
      yield* nonEmpty("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
      yield* nonEmpty("OTEL_EXPORTER_OTLP_ENDPOINT"),
    )
    if (disabled || Option.isNone(url)) return Layer.empty
    const exportEveryMs = yield* Config.option(Config.Int("OTEL_BSP_SCHEDULE_DELAY"))
    const headers = yield* Config.option(
      Config.Record(Schema.String, Schema.String, "OTEL_EXPORTER_OTLP_HEADERS"),
    )
    const serviceName = yield* Config.String("OTEL_SERVICE_NAME").pipe(Config.withDefault(SERVICE_NAME))
    yield* Effect.logInfo(`Tracing: spans are sent to ${url.value}`)
    return OtlpTracer.layer({
      url: url.value,
      resource: { serviceName, serviceVersion: APP_VERSION },
      headers: Option.getOrUndefined(headers),
      exportInterval: Option.getOrUndefined(Option.map(exportEveryMs, (ms) => `${ms} millis` as const)),
    }).pipe(Layer.provide(OtlpSerialization.layerJson), Layer.provide(FetchHttpClient.layer))
  }),
)
