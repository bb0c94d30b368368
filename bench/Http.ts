/**
 * Requests per second and p50/p99 latency for GET /api/user (signed in) and POST /api/order/create_order
 * at 64 connections on one app process, beside a bare node:http server answering the same JSON size in the
 * same run (the ceiling).
 *
 *   npm run bench:http                     # embedded database in a temporary DATA_DIR
 *   DATABASE_URL=postgres://… npm run bench:http
 *   BENCH_SECONDS=20 npm run bench:http
 *   BENCH_ONLY=create_order node --cpu-prof bench/Http.ts   # one route alone (create_order, user, unknown), e.g. to profile it
 *   BENCH_ONLY=user BENCH_CONNECTIONS=1 npm run bench:http     # one request at a time: latency without queueing
 *   BENCH_ONLY=open BENCH_RATE=800 npm run bench:http           # the open-loop create_order run alone, at that rate
 *   BENCH_ONLY=open BENCH_RATE=800 BENCH_WARMUP_SECONDS=8 npm run bench:http   # the same after 8 s at that rate, uncounted
 *
 * After the closed-loop runs, an open-loop run of create_order (one unit type) at 70% of its closed-loop rate:
 * requests sent at a constant rate whatever the answers, latency from each one's scheduled instant (issue 41).
 */
import { spawn } from "node:child_process"
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { NodeHttpServer } from "@effect/platform-node"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey } from "@landunits/core/shared/Ids.ts"
import autocannon from "autocannon"
import { Clock, Effect, Layer, ManagedRuntime, Metric, Option, Schema } from "effect"
import { HttpRouter, HttpServer } from "effect/http"
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { layerApp } from "../adapters/src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../adapters/src/demo/DemoSeed.ts"
import { serveHttp } from "../adapters/src/http/server/HttpApp.ts"
import { layerEmbedded, layerServer } from "../adapters/src/postgres/Database.ts"

const loadBefore = os.loadavg()[0]!.toFixed(1)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/** 64 unless BENCH_CONNECTIONS says (1: one request at a time, its latency without queueing). */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64)
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-http-"))
process.env.DATA_DIR = dataDir
const url = process.env.DATABASE_URL?.trim()
const database = url ? layerServer(url, 16) : layerEmbedded(dataDir)

const runtime = ManagedRuntime.make(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(database)),
  ),
)
const address = await runtime.runPromise(Effect.map(HttpServer.HttpServer, (s) => s.address))
if (address._tag === "UnixPathAddress") throw new Error("TCP expected")
const base = `http://127.0.0.1:${address.port}`

// Sign in once: the session and anti-forgery cookies every benchmark request carries.
const health = await fetch(`${base}/api/health`)
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(";"))![1]!
const login = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json", "x-xsrf-token": xsrf, cookie: `XSRF-TOKEN=${xsrf}` },
  body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
})
const session = /landunits_session=([^;]+)/.exec(login.headers.getSetCookie().join(";"))![1]!
const cookie = `XSRF-TOKEN=${xsrf}; landunits_session=${session}`
const userBody = await (await fetch(`${base}/api/user`, { headers: { cookie } })).text()

// The framework floor: a hello-world Effect HttpApi route on its own server answering the same JSON, with
// no middleware, no database and no logger: what the framework costs per request before any of our work.
const floorPayload: unknown = JSON.parse(userBody)
const FloorApi = HttpApi.make("floor").add(
  HttpApiGroup.make("floor").add(HttpApiEndpoint.get("hello", "/hello", { success: Schema.Unknown })),
)
const floorRuntime = ManagedRuntime.make(
  HttpRouter.serve(
    HttpApiBuilder.layer(FloorApi).pipe(
      Layer.provide(
        HttpApiBuilder.group(FloorApi, "floor", (handlers) =>
          handlers.handle("hello", () => Effect.succeed(floorPayload)),
        ),
      ),
    ),
    { disableLogger: true, disableListenLog: true },
  ).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))),
)
const floorAddress = await floorRuntime.runPromise(Effect.map(HttpServer.HttpServer, (s) => s.address))
if (floorAddress._tag === "UnixPathAddress") throw new Error("TCP expected")

// The ceiling: node:http answering a JSON body of the same size, no work at all.
const bare = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "application/json" })
  res.end(userBody)
})
await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve))
const barePort = (bare.address() as { port: number }).port

/**
 * One run, with this process's CPU time per request (the app, the load generator and, when embedded, the
 * database all run here): less sensitive than req/s to other processes on the machine.
 */
const measure = async (options: autocannon.Options) => {
  const before = process.cpuUsage()
  const result = await new Promise<autocannon.Result>((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  )
  const cpu = process.cpuUsage(before)
  return { ...result, cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(1, result.requests.total) }
}

/**
 * The same buy as create_order's body, in process: OrderService.createBuy through the app's own services and
 * database (the runtime the server uses), CONNECTIONS fibers back to back for SECONDS. What the HTTP path adds
 * is create_order's CPU over this one's (issue 22, goal 1).
 */
const inProcessBuys = async () => {
  const memberId = await runtime.runPromise(
    Effect.flatMap(AccountRepository, (accounts) => accounts.findByEmail(DEMO_EMAIL)).pipe(
      Effect.map((account) => Option.getOrThrow(account).memberId),
    ),
  )
  const before = process.cpuUsage()
  const started = Date.now()
  const committed = await runtime.runPromise(
    Effect.gen(function* () {
      const orders = yield* OrderService
      const deadline = (yield* Clock.currentTimeMillis) + SECONDS * 1000
      let done = 0
      yield* Effect.forEach(
        Array.from({ length: CONNECTIONS }, (_, i) => i),
        (fiber) =>
          Effect.gen(function* () {
            for (let i = 0; (yield* Clock.currentTimeMillis) < deadline; i++) {
              yield* orders.createBuy({
                confirmsBusinessPurpose: true,
                memberId,
                idempotencyKey: IdempotencyKey.make(`bench-in-process-${process.pid}-${fiber}-${i}`),
                unitType: "LAND_EUR",
                numberOfUnits: 1,
                paymentMethod: "bank",
                isDoubleLand: false,
              })
              done += 1
            }
          }),
        { concurrency: "unbounded", discard: true },
      )
      return done
    }),
  )
  const cpu = process.cpuUsage(before)
  return {
    perSecond: committed / ((Date.now() - started) / 1000),
    cpuMicrosPerBuy: (cpu.user + cpu.system) / Math.max(1, committed),
  }
}

/**
 * An open-loop run (issue 41): create_order at a constant `rate` a second for SECONDS, from a process of its own
 * (bench/OpenLoop.ts), each request sent at its scheduled instant whatever the answers before it, its latency
 * counted from that instant. (autocannon's overall rate option sends each second's requests in a burst: not a constant rate.)
 */
const openLoop = (rate: number, seconds = SECONDS) =>
  new Promise<{
    rate: number
    sent: number
    answeredPerSecond: number
    p50: number
    p90: number
    p99: number
    max: number
    failed: number
  }>((resolve, reject) => {
    const headers = { cookie, "x-xsrf-token": xsrf, "content-type": "application/json" }
    const child = spawn(
      process.execPath,
      [
        fileURLToPath(new URL("./OpenLoop.ts", import.meta.url)),
        `${base}/api/order/create_order`,
        String(rate),
        String(seconds),
        JSON.stringify(headers),
        createOrderBody,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    )
    let out = ""
    child.stdout.on("data", (chunk) => {
      out += String(chunk)
    })
    child.on("close", (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split("\n").at(-1)!))
        : reject(new Error(`OpenLoop: ${code}`)),
    )
  })

let n = 0
const createOrderBody = JSON.stringify({
  orderType: "BUY",
  confirmsBusinessPurpose: true,
  currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 1 },
  paymentDetails: { paymentMethod: "bank" },
})
const createOrderRequest: autocannon.Options = {
  url: `${base}/api/order/create_order`,
  method: "POST",
  headers: { cookie, "x-xsrf-token": xsrf, "content-type": "application/json" },
  body: createOrderBody,
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, "idempotency-key": `bench-http-${process.pid}-${++n}` },
      }),
    },
  ],
}
/** The buy batches' sizes seen so far, of every unit type (`landunits_buy_batch_size`): count, sum, cumulative buckets. */
const batchSizes = () =>
  runtime.runPromise(
    Effect.map(Metric.snapshot, (snapshots) => {
      const buckets = new Map<number, number>()
      let count = 0
      let sum = 0
      for (const snapshot of snapshots) {
        if (snapshot.id !== "landunits_buy_batch_size" || snapshot.type !== "Histogram") continue
        count += snapshot.state.count
        sum += snapshot.state.sum
        for (const [bound, seen] of snapshot.state.buckets)
          buckets.set(bound, (buckets.get(bound) ?? 0) + seen)
      }
      return { count, sum, buckets }
    }),
  )

/** "batches: mean m, median ≤ a, p99 ≤ b" of the batches between two readings (to the metric's bucket bounds). */
const batchSizesSince = (
  before: Awaited<ReturnType<typeof batchSizes>>,
  after: Awaited<ReturnType<typeof batchSizes>>,
) => {
  const count = after.count - before.count
  if (count === 0) return "no batch"
  const bounds = [...after.buckets.keys()].sort((a, b) => a - b)
  const within = (q: number) =>
    bounds.find((bound) => after.buckets.get(bound)! - (before.buckets.get(bound) ?? 0) >= q * count) ??
    "more"
  return `batches: mean ${((after.sum - before.sum) / count).toFixed(1)}, median ≤ ${within(0.5)}, p99 ≤ ${within(0.99)}`
}

const only = process.env.BENCH_ONLY
if (only === "open") {
  // Warmed first at the same rate, uncounted (BENCH_WARMUP_SECONDS, default 0: the run is cold).
  const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 0)
  if (warmup > 0) await openLoop(Number(process.env.BENCH_RATE ?? 500), warmup)
  const before = await batchSizes()
  const r = await openLoop(Number(process.env.BENCH_RATE ?? 500))
  console.log(
    `open loop at ${r.rate} req/s: ${r.sent} sent, ${r.answeredPerSecond.toFixed(0)} answered/s, p50 ${r.p50.toFixed(1)} ms, p90 ${r.p90.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${r.failed} failed; ${batchSizesSince(before, await batchSizes())}`,
  )
  bare.close()
  await floorRuntime.dispose()
  await runtime.dispose()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
if (only !== undefined) {
  const routes: Record<string, autocannon.Options> = {
    create_order: createOrderRequest,
    user: { url: `${base}/api/user`, headers: { cookie } },
    unknown: { url: `${base}/api/no-such-route`, headers: { cookie } },
  }
  const options = routes[only]
  if (options === undefined) throw new Error(`BENCH_ONLY: one of ${Object.keys(routes).join(", ")}`)
  const before = await batchSizes()
  const r = await measure(options)
  console.log(
    `${only}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, ${r.cpuMicrosPerRequest.toFixed(0)} µs CPU/request; ${batchSizesSince(before, await batchSizes())}`,
  )
  bare.close()
  await floorRuntime.dispose()
  await runtime.dispose()
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
const ceiling = await measure({ url: `http://127.0.0.1:${barePort}/` })
const floor = await measure({ url: `http://127.0.0.1:${floorAddress.port}/hello` })
// Our server's own floor: a request to a route that does not exist crosses what every request of the app
// crosses (routing, the access log, security headers, the anti-forgery cookie) and answers a small 404,
// with no handler, no session and no database.
const unknownRoute = await measure({ url: `${base}/api/no-such-route`, headers: { cookie } })
const getUser = await measure({ url: `${base}/api/user`, headers: { cookie } })
const beforeCreateOrder = await batchSizes()
const createOrder = await measure(createOrderRequest)
const createOrderBatches = batchSizesSince(beforeCreateOrder, await batchSizes())
const inProcess = await inProcessBuys()
/** The open-loop run at 70% of create_order's closed-loop maximum (one unit type, LAND_EUR). */
const beforeOpen = await batchSizes()
const open = await openLoop(Math.round(createOrder.requests.average * 0.7))
const openBatches = batchSizesSince(beforeOpen, await batchSizes())

const row = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  `| ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} | ${((r.requests.average / ceiling.requests.average) * 100).toFixed(0)}% | ${r.cpuMicrosPerRequest.toFixed(0)} |`

console.log(
  [
    `HTTP, ${CONNECTIONS} connections, ${SECONDS} s each, ${url ? "PostgreSQL server" : "embedded PGlite"}, ${os.cpus().length} cores; body ${userBody.length} bytes; 1-min load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after (other processes share the cores)`,
    "",
    "| route | req/s | p50 ms | p99 ms | non-2xx | of the ceiling | CPU µs/request |",
    "|---|---:|---:|---:|---:|---:|---:|",
    row("bare node:http (ceiling)", ceiling),
    row("Effect HttpApi hello-world (framework floor)", floor),
    row("our app, an unknown route (404, middleware only)", unknownRoute),
    row("GET /api/user", getUser),
    row("POST /api/order/create_order", createOrder),
    `| the same buy in process (OrderService.createBuy, ${CONNECTIONS} fibers, same database) | ${inProcess.perSecond.toFixed(0)} | | | | | ${inProcess.cpuMicrosPerBuy.toFixed(0)} |`,
    "",
    `create_order over HTTP: ${((createOrder.requests.average / inProcess.perSecond) * 100).toFixed(0)}% of the in-process buy rate (goal ≥ 60%), p99 ${createOrder.latency.p99} ms (goal < 50 ms); ${createOrderBatches}`,
    `create_order open loop at ${open.rate} req/s (70% of the closed loop's ${createOrder.requests.average.toFixed(0)}): ${open.sent} sent, ${open.answeredPerSecond.toFixed(0)} answered/s, p50 ${open.p50.toFixed(1)} ms, p90 ${open.p90.toFixed(1)} ms, p99 ${open.p99.toFixed(1)} ms (goal < 50 ms), max ${open.max.toFixed(1)} ms, ${open.failed} failed; ${openBatches}`,
  ].join("\n"),
)
bare.close()
await floorRuntime.dispose()
await runtime.dispose()
fs.rmSync(dataDir, { recursive: true, force: true })
