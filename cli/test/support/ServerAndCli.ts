/**
 * For the CLI's process tests: the real HTTP server (in this process, on an ephemeral port, over the
 * embedded database in a fresh DATA_DIR or a fresh database on DATABASE_URL's server), a browser-like
 * client for its API, and the CLI run as its own OS process (`node cli/src/bin.ts …`) on the same database.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { layerApp } from "@landunits/adapters/app/AppLayer.ts"
import { seedDemo } from "@landunits/adapters/demo/DemoSeed.ts"
import { serveHttp } from "@landunits/adapters/http/server/HttpApp.ts"
import { layerEmbedded, layerServer } from "@landunits/adapters/postgres/Database.ts"
import { apiClient as sharedApiClient } from "@landunits/test-support/ApiClient.ts"
import { type CliResult, runCliProcess, type Target } from "@landunits/test-support/CliProcess.ts"
import { newServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Layer, ManagedRuntime } from "effect"
import { HttpServer } from "effect/http"

export type { CliResult, Target }

const makeApp = (target: Target) =>
  layerApp(target.kind === "embedded" ? layerEmbedded(target.dataDir) : layerServer(target.url, 2))

type AppLayer = ReturnType<typeof makeApp>
export type ServerServices = Layer.Success<AppLayer> | HttpServer.HttpServer

export interface RunningServer {
  readonly baseUrl: string
  readonly run: <A, E>(effect: Effect.Effect<A, E, ServerServices>) => Promise<A>
  readonly stop: () => Promise<void>
}

/** Starts the server (migrated, seeded with the demo data) on `target`. */
export const startServer = async (target: Target): Promise<RunningServer> => {
  const runtime = ManagedRuntime.make(
    Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
      Layer.provideMerge(makeApp(target)),
    ),
  )
  const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (s) => s.address))
  if (address._tag === "UnixPathAddress") throw new Error("The test server must listen on TCP")
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    run: (effect) => runtime.runPromise(effect),
    stop: () => runtime.dispose(),
  }
}

/** A fresh DATA_DIR under the temp dir. */
export const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "landunits-cli-process-"))

/**
 * A fresh database on the server of `url`, with nothing in it (the server started on it migrates it, as a first
 * start does); answers its URL and how to drop it.
 */
export const freshServerDatabase = async (url: string) => {
  const database = await Effect.runPromise(newServerDatabase(url, { empty: true }))
  return { url: database.url, drop: () => Effect.runPromise(database.drop) }
}

/** Runs the CLI as an OS process on the pinned Node (this one), stdin not a terminal, on `target`'s database. */
export const runCli = (target: Target, args: ReadonlyArray<string>, extraEnv: Record<string, string> = {}) =>
  runCliProcess(target, args, extraEnv)

/** A browser-like API client (test-support's): keeps cookies and echoes XSRF-TOKEN; `headers` beside a POST's body. */
export const apiClient = (baseUrl: string) => {
  const client = sharedApiClient(() => baseUrl)
  return {
    get: (p: string) => client.get(p),
    post: (p: string, body?: unknown, headers?: Record<string, string>) =>
      client.post(p, body, headers === undefined ? {} : { headers }),
  }
}

/** Signs in through the API; answers the client. */
export const signIn = async (baseUrl: string, email: string, password: string) => {
  const client = apiClient(baseUrl)
  await client.get("/api/health")
  const response = await client.post("/api/auth/login", { email, password })
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}`)
  return client
}
