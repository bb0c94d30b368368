/**
 * The server (`npm start` in development, `npm run serve` in production: cli/src/start.ts): in production, first
 * checks the secrets and the public URL (APP_URL) production needs (ProductionSettings.ts) and stops with their names when one is missing, before touching the database; then migrates, seeds what this start
 * should (FirstStartSeed.ts: the site content on a fresh installation; demo data only in development or
 * with SEED_DEMO, and the demo member's year of history with the demo admin in development only), starts the mail outbox worker, the order jobs (OrderJobs.ts: expiry of unpaid buys,
 * unlock of converts, every ORDER_JOBS_INTERVAL_SECONDS) and the ledger checkpoint job (LedgerCheckpointJob.ts,
 * every LEDGER_CHECKPOINT_INTERVAL_MINUTES), the recording retention job (RecordingRetentionJob.ts, hourly,
 * RECORDING_RETENTION_DAYS) and the idempotency retention job (IdempotencyRetentionJob.ts, hourly: idempotency
 * records older than 30 days), each job's last run recorded for `landunits status` (JobRuns.ts),
 * the process's heartbeat (Heartbeat.ts), and serves the API (and the web app when it is built: the build
 * WEB_BUILDS_DIR/current names at this start, http/server/WebBuilds.ts) on PORT; with METRICS_PORT, the
 * Prometheus metrics on 127.0.0.1:METRICS_PORT/metrics
 * (observability/MetricsServer.ts); with OTEL_EXPORTER_OTLP_ENDPOINT, its traces over OTLP
 * (observability/Tracing.ts).
 *
 * Configuration: PORT (3000), DATABASE_URL (else the embedded database in DATA_DIR, ./data), NODE_ENV
 * (production: Secure cookies and HSTS, required secrets and APP_URL, no demo data), SEED_DEMO, APP_URL (links in
 * emails, robots.txt and sitemap.xml, the passkeys' site; required in production; in development
 * http://localhost:PORT in emails, the request's origin in the sitemap and for passkeys), MAIL_FROM, SMTP_URL (else emails are written to DATA_DIR/mail), SUPPORT_EMAIL,
 * PUBLIC_HOST (the one host session recording runs on), TRUSTED_PROXIES (the proxies whose X-Forwarded-For names the
 * client: http/server/TrustedProxies.ts), DOCUMENT_KEY, LEDGER_SIGNING_KEY, SHUTDOWN_DRAIN_SECONDS
 * (http/server/Draining.ts), WEB_BUILDS_DIR (WebBuilds.ts), LOG_LEVEL and LOG_FORMAT (Logging.ts), METRICS_PORT, OTEL_EXPORTER_OTLP_ENDPOINT and the
 * other OTEL_* settings (Tracing.ts), DRILL (a restore drill: no checkpoint signed, no email sent, no job run:
 * RestoreDrill.ts).
 */
import { Config, Duration, Effect, Layer, Option, Schema } from "effect"
import { HttpServer } from "effect/http"
import { seedOnStart } from "../demo/FirstStartSeed.ts"
import { runOutboxWorker } from "../email/OutboxWorker.ts"
import { serveHttp } from "../http/server/HttpApp.ts"
import { parseTrustedProxies } from "../http/server/TrustedProxies.ts"
import { currentBuild, otherBuildFolders, webBuildsDir } from "../http/server/WebBuilds.ts"
import { IdempotencyRetentionJobLive } from "../jobs/IdempotencyRetentionJob.ts"
import { LedgerCheckpointJobLive } from "../jobs/LedgerCheckpointJob.ts"
import { orderJobsInterval, orderJobsLayer } from "../jobs/OrderJobs.ts"
import { PrivacyJobsLive } from "../jobs/PrivacyJobs.ts"
import { RecordingRetentionJobLive } from "../jobs/RecordingRetentionJob.ts"
import { layerMetricsServer } from "../observability/MetricsServer.ts"
import { layerTracingFromEnv } from "../observability/Tracing.ts"
import { DEFAULT_DATA_DIR, layerFromEnv } from "../postgres/Database.ts"
import { JobRunLogPg } from "../postgres/JobRunLogPg.ts"
import { securePrivateDataDir, usePrivateUmask } from "../security/PrivateDataDir.ts"
import { isProduction } from "../settings/ProductionSecret.ts"
import { requireProductionServerSettings, requireProductionSettings } from "../settings/ProductionSettings.ts"
import { DRILL_ANNOUNCEMENT, isDrill, requireDrillOnMarkedCopy } from "../settings/RestoreDrill.ts"
import { HeartbeatLive } from "../status/Heartbeat.ts"
import { layerApp } from "./AppLayer.ts"
import { layerLoggingFromEnv } from "./Logging.ts"

/**
 * TRUSTED_PROXIES: the proxies in front of the app, whose X-Forwarded-For names the client (rate limits count
 * that address); unset or empty: nobody, every client is its socket peer. An entry that is not an IP address or a
 * CIDR range stops the start, naming it.
 */
export const readTrustedProxies = Effect.gen(function* () {
  const value = yield* Config.String("TRUSTED_PROXIES").pipe(Config.withDefault(""))
  return yield* Effect.fromResult(parseTrustedProxies(value))
})

const settings = Effect.gen(function* () {
  const port = yield* Config.Int("PORT").pipe(Config.withDefault(3000))
  return {
    port,
    host: yield* Config.String("HOST").pipe(Config.withDefault("0.0.0.0")),
    development: !(yield* isProduction),
    // Set: the site's public URL (robots.txt and sitemap.xml name it); unset: each request's own origin there.
    publicUrl: Option.getOrUndefined(yield* Config.option(Config.String("APP_URL"))),
    // Set: the production host, the only one session recording runs on (RecordingHandlers.ts); unset: off.
    publicHost: Option.getOrUndefined(yield* Config.option(Config.String("PUBLIC_HOST"))),
    trustedProxies: yield* readTrustedProxies,
    appUrl: yield* Config.String("APP_URL").pipe(Config.withDefault(`http://localhost:${port}`)),
    from: yield* Config.String("MAIL_FROM").pipe(
      Config.withDefault("Landunits <no-reply@landunits.example>"),
    ),
    dataDir: yield* Config.String("DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR)),
    // Seconds a stopping process answers health 503 and keeps serving before it stops accepting (Draining.ts).
    drain: yield* Config.schema(
      Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
      "SHUTDOWN_DRAIN_SECONDS",
    ).pipe(Config.withDefault(0), Config.map(Duration.seconds)),
    // Read before the database opens, so a value under the minimum stops the start at once (OrderJobs.ts).
    orderJobsEvery: yield* orderJobsInterval,
    webBuilds: webBuildsDir(Option.getOrUndefined(yield* Config.option(Config.String("WEB_BUILDS_DIR")))),
  }
})

/** The app's services while it serves (layerApp's), which an `alsoServe` effect may use. */
export type ServingServices = Layer.Success<ReturnType<typeof layerApp>>

/** What `alsoServe` is told of the start's settings. */
export interface ServingSettings {
  readonly dataDir: string
}

/**
 * The server, and `alsoServe`: something more to run for as long as it serves, on its services, started once
 * the database is migrated and seeded (the CLI's admin socket: cli/src/start.ts). It must not fail: it is
 * forked, and stops with the server.
 */
export const serve = (
  alsoServe: (settings: ServingSettings) => Effect.Effect<void, never, ServingServices>,
) =>
  Effect.gen(function* () {
    yield* requireProductionSettings
    yield* requireProductionServerSettings
    const s = yield* settings
    // DATA_DIR is the app's alone: what it creates is private, and what an earlier start left open is fixed.
    usePrivateUmask()
    yield* securePrivateDataDir(s.dataDir)
    // The build this process serves until it stops, whatever later builds do to `current` (WebBuilds.ts).
    const build = currentBuild(s.webBuilds)
    const http = serveHttp({
      port: s.port,
      host: s.host,
      development: s.development,
      ...(build === undefined
        ? {}
        : { webDist: build.dist, otherWebBuilds: () => otherBuildFolders(s.webBuilds, build) }),
      publicUrl: s.publicUrl,
      publicHost: s.publicHost,
      trustedProxies: s.trustedProxies,
      drain: s.drain,
    })
    const drill = yield* isDrill
    return yield* Effect.gen(function* () {
      // A drill's copy (db restore --drill) starts only as a drill (RestoreDrill.ts).
      yield* requireDrillOnMarkedCopy(drill)
      yield* seedOnStart
      // A restore drill sends no email: they wait in the outbox.
      if (drill) yield* Effect.logWarning(DRILL_ANNOUNCEMENT)
      else yield* Effect.forkChild(runOutboxWorker({ from: s.from, appUrl: s.appUrl }))
      yield* Effect.forkChild(alsoServe({ dataDir: s.dataDir }))
      yield* build === undefined
        ? Effect.logWarning(
            `No web build in ${s.webBuilds}: the API alone is served. \`npm run build\` builds the web app.`,
          )
        : Effect.logInfo(`Serving the web build ${build.id} (${s.webBuilds})`)
      // The order jobs, the ledger checkpoint job, the data-export, retention-purge, recording-retention and
      // idempotency-retention jobs, the heartbeat and the metrics port live in the server's scope: they start with it
      // and stop with it (the heartbeat's row is removed then). Each job's last run is kept for `status`.
      // A restore drill runs no job.
      const jobs = drill
        ? Layer.empty
        : Layer.mergeAll(
            orderJobsLayer(s.orderJobsEvery),
            LedgerCheckpointJobLive,
            PrivacyJobsLive,
            RecordingRetentionJobLive,
            IdempotencyRetentionJobLive,
          )
      // The start line, once the server listens: the address it is bound to (the port a balancer points at) and
      // the public URL.
      const announced = Layer.effectDiscard(
        Effect.flatMap(HttpServer.HttpServer, (server) =>
          Effect.logInfo(
            `Landunits serves on ${HttpServer.formatAddress(server.address)} (public URL ${s.appUrl}; API reference: ${s.appUrl}/api/docs)`,
          ),
        ),
      ).pipe(Layer.provideMerge(http))
      return yield* Layer.launch(
        Layer.mergeAll(announced, jobs, HeartbeatLive, layerMetricsServer).pipe(Layer.provide(JobRunLogPg)),
      )
    }).pipe(Effect.provide(layerApp(layerFromEnv)))
    // The tracer, when there is one, is outermost: every span of the start, the requests and the jobs is its.
  }).pipe(Effect.provide(layerTracingFromEnv), Effect.provide(layerLoggingFromEnv))

/** The server alone. */
export const server = serve(() => Effect.void)
