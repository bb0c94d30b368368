/**
 * The one place that decides which PostgreSQL the app talks to:
 * - `DATABASE_URL` set: that server, with a pool, shared safely by several app processes;
 * - otherwise the embedded PGlite under `DATA_DIR` (default `./data`): through the running owner's socket
 *   when another process serves it, else opened by this process.
 */
import { PgClient } from "@effect/sql-pg"
import { Config, Duration, Effect, Layer, Option, Redacted } from "effect"
import { APPLICATION_NAME, layerPoolWaits } from "../observability/DatabasePoolMetrics.ts"
import { DEFAULT_DATA_DIR } from "./EmbeddedDataDir.ts"
import { findRunningEmbedded, serveEmbedded } from "./EmbeddedPostgres.ts"

export { DEFAULT_DATA_DIR }
/** Pool size against a real server. */
export const SERVER_POOL_SIZE = 10

/**
 * TCP keepalive on the server's connections after this long idle: a database host that vanishes without
 * closing them (a partition, a failover to another machine) is noticed and its connections replaced,
 * instead of idle ones staying open to nothing. Connections that fail otherwise (refused, reset, closed, a
 * server shutting down) are retired by the driver at once, and the pool opens new ones on the next request
 * (docs/operations.md, "Health checks and database outages").
 */
export const SERVER_KEEPALIVE = Duration.seconds(30)

/**
 * A PostgreSQL server at `url`. Its connections name this process (`application_name`), so the pool's metrics
 * can find them in pg_stat_activity (observability/DatabasePoolMetrics.ts).
 */
export const layerServer = (url: string, maxConnections = SERVER_POOL_SIZE) =>
  PgClient.layer({
    url: Redacted.make(url),
    maxConnections,
    multiplex: true,
    keepAlive: SERVER_KEEPALIVE,
    applicationName: APPLICATION_NAME,
  })

/**
 * The embedded database of `dataDir`. One connection: PGlite is a single backend, so a pool would only
 * queue inside the socket server instead of here.
 */
export const layerEmbedded = (dataDir: string) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const running = findRunningEmbedded(dataDir)
      const connection = running ?? (yield* serveEmbedded(dataDir))
      yield* Effect.logInfo(
        running
          ? `Using the embedded database of the running server through ${connection.socketPath}`
          : `Embedded PostgreSQL (PGlite) serving ${dataDir} on ${connection.socketPath}`,
      )
      return PgClient.layer({
        path: connection.socketPath,
        database: connection.database,
        username: connection.username,
        maxConnections: 1,
        applicationName: APPLICATION_NAME,
      })
    }),
  )

/** The most connections the database layer of `layerFromEnv` opens (the pool's size). */
export const poolSizeFromEnv = Effect.map(Config.option(Config.String("DATABASE_URL")), (url) =>
  Option.isSome(url) && url.value.trim() !== "" ? SERVER_POOL_SIZE : 1,
)

/**
 * DATABASE_URL when set, else the embedded database under DATA_DIR; its transactions' waits for a connection
 * measured (observability/DatabasePoolMetrics.ts).
 */
export const layerFromEnv = layerPoolWaits(
  Layer.unwrap(
    Effect.gen(function* () {
      const url = yield* Config.option(Config.String("DATABASE_URL"))
      if (Option.isSome(url) && url.value.trim() !== "") return layerServer(url.value)
      const dataDir = yield* Config.String("DATA_DIR").pipe(Config.withDefault(DEFAULT_DATA_DIR))
      return layerEmbedded(dataDir)
    }),
  ),
)
