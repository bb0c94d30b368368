/**
 * Issue 28's metrics and traces, as a production start shows them: the real `node cli/src/start.ts` with
 * NODE_ENV=production (SEED_DEMO for a verified member and prices), METRICS_PORT set and
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver stand-in in the test. A member signs in and buys
 * over HTTP; the metrics port is scraped before and after and parsed by a Prometheus text parser
 * (parse-prometheus-text-format), and the spans the app exported are read back from the stand-in.
 *
 * On the PostgreSQL server when DATABASE_URL is set (a fresh database of its own), else on the embedded database.
 */
import { execFileSync, spawnSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import { type AppProcess, freePort, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { migratedDataDir, scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Exit, Scope } from "effect"
import parsePrometheusTextFormat, { type MetricFamily } from "parse-prometheus-text-format"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { APP_VERSION } from "../../src/app/AppVersion.ts"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"
import { routeLabel, UNMATCHED_ROUTE } from "../../src/observability/HttpObservability.ts"
import { serverUrl } from "../support/Databases.ts"
import { json, makeClient } from "../support/TestServer.ts"

// ---- An OTLP/HTTP (JSON) receiver stand-in ---------------------------------------------------------------

interface OtlpValue {
  readonly stringValue?: string
  readonly intValue?: string | number
  readonly boolValue?: boolean
}
interface OtlpSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId?: string
  readonly name: string
  readonly kind: number
  readonly attributes: ReadonlyArray<{ readonly key: string; readonly value: OtlpValue }>
}
const SPAN_KIND_SERVER = 2

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value
  return value?.stringValue ?? value?.intValue ?? value?.boolValue
}

const startReceiver = async () => {
  const spans: Array<OtlpSpan> = []
  const paths: Array<string> = []
  const server = http.createServer((request, response) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      paths.push(`${request.method} ${request.url}`)
      if (request.method === "POST" && request.url === "/v1/traces") {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<OtlpSpan> }> }>
        }
        for (const r of body.resourceSpans) for (const s of r.scopeSpans) spans.push(...s.spans)
      }
      response.writeHead(200, { "content-type": "application/json" }).end("{}")
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

// ---- Helpers ----------------------------------------------------------------------------------------------

const DOCUMENT_KEY = Buffer.alloc(32, 7).toString("base64")
const LEDGER_SIGNING_KEY = Buffer.alloc(32, 9).toString("base64")

const waitFor = async <A>(what: string, read: () => A | undefined, timeoutMs = 15_000): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

type Families = ReadonlyMap<string, MetricFamily>
interface Scraped {
  readonly text: string
  readonly families: Families
}
const labelsMatch = (labels: Record<string, string> | undefined, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => labels?.[k] === v)
/** A counter's or gauge's value for the labels given (0 when the series is absent). */
const sampleOf = (scraped: Scraped, name: string, labels: Record<string, string> = {}) =>
  Number(scraped.families.get(name)?.metrics.find((m) => labelsMatch(m.labels, labels))?.value ?? 0)
/** The sum of every series of `name` with these labels (whatever their other labels, e.g. the method). */
const totalOf = (scraped: Scraped, name: string, labels: Record<string, string>) =>
  (scraped.families.get(name)?.metrics ?? [])
    .filter((m) => labelsMatch(m.labels, labels))
    .reduce((sum, m) => sum + Number(m.value), 0)
/**
 * A histogram's count for the labels given (0 when absent). parse-prometheus-text-format folds a histogram's
 * labelled series into one (its `flattenMetrics` keeps no labels), so the count is read from the family's own
 * `<name>_count{…}` sample lines of the text, the family checked present and a histogram by the parser.
 */
const countOf = (scraped: Scraped, name: string, labels: Record<string, string> = {}) => {
  expect(scraped.families.get(name)?.type).toBe("HISTOGRAM")
  const line = scraped.text
    .split("\n")
    .filter((l) => l.startsWith(`${name}_count`))
    .find((l) => Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)))
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1))
}

/** The TCP sockets listening on `port` (Linux's /proc/net/tcp and tcp6), by local address in hex. */
const listeningAddresses = (port: number): ReadonlyArray<string> => {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0")
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, "utf8")
          .split("\n")
          .slice(1)
          .map((line) => line.trim().split(/\s+/))
          .filter((f) => f[1]?.endsWith(`:${hexPort}`) && f[3] === "0A")
          .map((f) => f[1]!.split(":")[0]!)
      : [],
  )
}

/** An address of this machine other than loopback, if it has one. */
const externalAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === "IPv4" && !a.internal)?.address

const connects = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port })
    socket.setTimeout(2_000)
    socket.once("connect", () => {
      socket.destroy()
      resolve(true)
    })
    socket.once("error", () => resolve(false))
    socket.once("timeout", () => {
      socket.destroy()
      resolve(false)
    })
  })

// ---- The start ----------------------------------------------------------------------------------------------

const url = serverUrl()

/** Prometheus' promtool, from Debian's `prometheus` package (`.ci/run` installs it). */
const hasPromtool = (() => {
  try {
    execFileSync("sh", ["-c", "command -v promtool"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()
if (!hasPromtool) console.warn("[not run] promtool check metrics (promtool is not on PATH)")

describe("the route a request is counted under", () => {
  it("is its pattern, unless no route or only a wildcard route knew the path (a 404 of the static files' /*)", () => {
    expect(routeLabel("/api/order/get_order_details/:id", 200)).toBe("/api/order/get_order_details/:id")
    // A handler's own 404 (an order that is not the member's) keeps its route: the route was known.
    expect(routeLabel("/api/order/get_order_details/:id", 404)).toBe("/api/order/get_order_details/:id")
    expect(routeLabel(undefined, 404)).toBe(UNMATCHED_ROUTE)
    expect(routeLabel("/*", 404)).toBe(UNMATCHED_ROUTE)
    expect(routeLabel("/*", 200)).toBe("/*")
  })
})

describe("metrics and traces of a production start", () => {
  let app: AppProcess
  let receiver: Awaited<ReturnType<typeof startReceiver>>
  let metricsPort = 0
  let dropDatabase: () => Promise<void> = async () => {}
  const dataDir = migratedDataDir("landunits-observability-")

  beforeAll(async () => {
    receiver = await startReceiver()
    metricsPort = await freePort()
    let database = ""
    if (url !== undefined) {
      const scope = await Effect.runPromise(Scope.make())
      database = await Effect.runPromise(Scope.provide(scope)(scopedServerDatabase(url)))
      dropDatabase = () => Effect.runPromise(Scope.close(scope, Exit.void))
    }
    app = await startAppProcess(
      {
        NODE_ENV: "production",
        SEED_DEMO: "1",
        DOCUMENT_KEY,
        LEDGER_SIGNING_KEY,
        APP_URL: "https://landunits.example",
        MAIL_TRANSPORT: "file",
        DATA_DIR: dataDir,
        // Empty: the embedded database (never the shared test database the suite's DATABASE_URL names).
        DATABASE_URL: database,
        METRICS_PORT: String(metricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        // The access log's line per request (Debug), to see the request id in the logs.
        LOG_LEVEL: "Debug",
        LOG_FORMAT: "json",
      },
      120_000,
    )
  }, 150_000)

  afterAll(async () => {
    await app?.stop()
    await receiver?.close()
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  const metricsUrl = () => `http://127.0.0.1:${metricsPort}/metrics`
  const scrape = async (): Promise<Scraped> => {
    const response = await fetch(metricsUrl())
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/plain; version=0.0.4")
    const text = await response.text()
    return { text, families: new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])) }
  }

  /** Signs the demo member in and buys 3 LAND_EUR Units by bank transfer, under `requestId`. */
  const buy = async (requestId: string) => {
    const member = makeClient({ baseUrl: () => app.baseUrl })
    await member.get("/api/health")
    expect(
      (await member.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200)
    const response = await member.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 3 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": `observed-${requestId}`, "x-request-id": requestId } },
    )
    return response
  }

  it("serves /metrics on 127.0.0.1:METRICS_PORT only, with every family, and a buy moves its counters", async () => {
    // Not on the public port.
    const publicAnswer = await fetch(`${app.baseUrl}/metrics`)
    const publicBody = await publicAnswer.text()
    expect(publicAnswer.status).not.toBe(200)
    expect(publicBody).not.toContain("landunits_")
    // The metrics port listens on loopback alone.
    const listening = listeningAddresses(metricsPort)
    if (fs.existsSync("/proc/net/tcp")) expect(listening).toEqual(["0100007F"])
    const external = externalAddress()
    if (external !== undefined) expect(await connects(external, metricsPort)).toBe(false)
    expect(await connects("127.0.0.1", metricsPort)).toBe(true)
    // Only /metrics is served there.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404)

    const before = await scrape()
    const response = await buy("metrics-buy-1")
    expect(response.status).toBe(200)
    // A sign-in throttle: the sixth quick attempt on one account from one address waits (429).
    const stranger = makeClient({ baseUrl: () => app.baseUrl })
    await stranger.get("/api/health")
    const statuses: Array<number> = []
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await stranger.post("/api/auth/login", { email: "nobody@example.com", password: "Wrong2026x" }))
          .status,
      )
    expect(statuses).toContain(429)
    // A path no route matches (a scanner's): counted in the one shared series.
    expect((await fetch(`${app.baseUrl}/api/no-such-route-${Date.now()}`)).status).toBe(404)
    const after = await scrape()

    const types: Record<string, MetricFamily["type"]> = {
      landunits_http_requests_total: "COUNTER",
      landunits_http_request_duration_seconds: "HISTOGRAM",
      landunits_order_commands_total: "COUNTER",
      landunits_order_command_duration_seconds: "HISTOGRAM",
      landunits_order_lock_wait_seconds: "HISTOGRAM",
      landunits_buy_batch_size: "HISTOGRAM",
      landunits_ledger_transfers_total: "COUNTER",
      landunits_idempotency_keys_pruned_total: "COUNTER",
      landunits_outbox_pending: "GAUGE",
      landunits_outbox_oldest_age_seconds: "GAUGE",
      landunits_outbox_failed: "GAUGE",
      landunits_job_last_run_timestamp_seconds: "GAUGE",
      landunits_job_last_run_duration_seconds: "GAUGE",
      landunits_job_last_run_success: "GAUGE",
      landunits_job_interval_seconds: "GAUGE",
      landunits_db_pool_max_connections: "GAUGE",
      landunits_db_pool_connections_open: "GAUGE",
      landunits_db_pool_connections_in_use: "GAUGE",
      landunits_db_pool_waiting: "GAUGE",
      landunits_db_pool_wait_seconds: "HISTOGRAM",
      landunits_rate_limited_total: "COUNTER",
      landunits_process_resident_memory_bytes: "GAUGE",
      landunits_process_heap_used_bytes: "GAUGE",
      landunits_process_heap_total_bytes: "GAUGE",
      landunits_process_event_loop_delay_p50_seconds: "GAUGE",
      landunits_process_event_loop_delay_p99_seconds: "GAUGE",
      landunits_process_event_loop_delay_max_seconds: "GAUGE",
      landunits_process_cpu_seconds_total: "COUNTER",
      landunits_process_start_time_seconds: "GAUGE",
      landunits_build_info: "GAUGE",
      landunits_mail_deliveries_total: "COUNTER",
      landunits_outbox_retrying: "GAUGE",
      landunits_admin_queue_waiting: "GAUGE",
      landunits_admin_queue_oldest_age_seconds: "GAUGE",
      landunits_database_up: "GAUGE",
    }
    for (const [name, type] of Object.entries(types)) {
      expect(after.families.get(name)?.type, name).toBe(type)
    }

    // The buy: one more request on its route, one more createBuy ok, one more lock wait, a transfer more.
    const route = { method: "POST", route: "/api/order/create_order", status: "200" }
    expect(sampleOf(after, "landunits_http_requests_total", route)).toBe(
      sampleOf(before, "landunits_http_requests_total", route) + 1,
    )
    expect(countOf(after, "landunits_http_request_duration_seconds", route)).toBe(
      countOf(before, "landunits_http_request_duration_seconds", route) + 1,
    )
    const createBuy = { command: "createBuy", outcome: "ok" }
    expect(sampleOf(after, "landunits_order_commands_total", createBuy)).toBe(
      sampleOf(before, "landunits_order_commands_total", createBuy) + 1,
    )
    expect(countOf(after, "landunits_order_lock_wait_seconds", { command: "createBuy" })).toBe(
      countOf(before, "landunits_order_lock_wait_seconds", { command: "createBuy" }) + 1,
    )
    const landEur = { unit_type: "LAND_EUR" }
    expect(sampleOf(after, "landunits_ledger_transfers_total", landEur)).toBeGreaterThan(
      sampleOf(before, "landunits_ledger_transfers_total", landEur),
    )
    expect(countOf(after, "landunits_db_pool_wait_seconds")).toBeGreaterThan(
      countOf(before, "landunits_db_pool_wait_seconds"),
    )
    // The throttle: counted by its limit, and its 429 on the sign-in route.
    expect(sampleOf(after, "landunits_rate_limited_total", { limit: "sign-in" })).toBeGreaterThan(0)
    expect(sampleOf(before, "landunits_rate_limited_total", { limit: "contact-messages" })).toBe(0)
    expect(
      sampleOf(after, "landunits_http_requests_total", { route: "/api/auth/login", status: "429" }),
    ).toBeGreaterThan(0)
    // An unknown path is counted as `unmatched` (the static files' catch-all route included, when the web app is
    // built), and never under its own path: random paths add no series.
    const notFound = { route: "unmatched", status: "404" }
    expect(totalOf(after, "landunits_http_requests_total", notFound)).toBeGreaterThan(
      totalOf(before, "landunits_http_requests_total", notFound),
    )
    const routes = (after.families.get("landunits_http_requests_total")?.metrics ?? []).map(
      (m) => m.labels?.route,
    )
    expect(routes.filter((route) => route?.includes("no-such-route") || route?.includes("*"))).toEqual([])
    // The jobs ran at the start, and the database reads answered.
    for (const job of ["expire-due", "unlock-due", "ledger-checkpoint", "idempotency-retention"])
      expect(sampleOf(after, "landunits_job_last_run_success", { job }), job).toBe(1)
    expect(sampleOf(after, "landunits_database_up")).toBe(1)
    expect(sampleOf(after, "landunits_db_pool_max_connections")).toBe(url === undefined ? 1 : 10)
    expect(sampleOf(after, "landunits_db_pool_connections_open")).toBeGreaterThanOrEqual(1)
    expect(sampleOf(after, "landunits_process_resident_memory_bytes")).toBeGreaterThan(10_000_000)
    // The process: its build, CPU time (a counter that grew), its file descriptors where /proc tells them.
    expect(
      sampleOf(after, "landunits_build_info", { version: APP_VERSION, node_version: process.version }),
    ).toBe(1)
    expect(sampleOf(after, "landunits_process_cpu_seconds_total")).toBeGreaterThan(
      sampleOf(before, "landunits_process_cpu_seconds_total"),
    )
    if (fs.existsSync("/proc/self/fd")) {
      expect(after.families.get("landunits_process_open_fds")?.type).toBe("GAUGE")
      expect(sampleOf(after, "landunits_process_open_fds")).toBeLessThan(
        sampleOf(after, "landunits_process_max_fds"),
      )
    }
    // The admins' queues: the buy by bank is not a payment to match until the member says it is paid.
    for (const queue of ["kyc-reviews", "bank-payments", "payouts-due"])
      expect(
        after.families.get("landunits_admin_queue_waiting")?.metrics.some((m) => m.labels?.queue === queue),
      ).toBe(true)
    for (const outcome of ["sent", "retry", "failed"])
      expect(
        after.families
          .get("landunits_mail_deliveries_total")
          ?.metrics.some((m) => m.labels?.outcome === outcome),
        outcome,
      ).toBe(true)
  })

  it.runIf(hasPromtool)("the page passes `promtool check metrics` (Prometheus' own linter)", async () => {
    const { text } = await scrape()
    const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" })
    expect(`${checked.stdout}${checked.stderr}`).toBe("")
    expect(checked.status).toBe(0)
  })

  it("one buy's spans form one trace carrying its request id, which its answer and its log lines carry too", async () => {
    const requestId = "trace-buy-1"
    const response = await buy(requestId)
    expect(response.status).toBe(200)
    expect(response.headers.get("x-request-id")).toBe(requestId)
    const orderId = (await json(response)).orderCreatedData.orderId as string

    // The request's server span, once exported.
    const server = await waitFor("the buy's server span", () =>
      receiver.spans.find(
        (s) => s.kind === SPAN_KIND_SERVER && attribute(s, "http.request.id") === requestId,
      ),
    )
    expect(attribute(server, "http.route")).toBe("/api/order/create_order")
    expect(String(attribute(server, "http.response.status_code"))).toBe("200")
    // Every span of its trace, once the command's are in.
    const trace = await waitFor("the buy's command and SQL spans", () => {
      const spans = receiver.spans.filter((s) => s.traceId === server.traceId)
      return spans.some((s) => s.name === "OrderService.createBuy") &&
        spans.some((s) => s.name === "BuyJournalPg.recordBatch")
        ? spans
        : undefined
    })
    const names = trace.map((s) => s.name)
    expect(names).toContain("OrderService.createBuy")
    expect(names).toContain("UnitOfWorkPg.transaction")
    // The buy's batch (this buy its first): its statements' spans under this request's.
    expect(names).toContain("BuyJournalPg.recordBatch")
    const statements = trace.filter((s) => attribute(s, "db.system.name") === "postgresql")
    expect(statements.length).toBeGreaterThan(2)
    // One tree: every span but the server span has its parent in the trace, and all carry the request id.
    const ids = new Set(trace.map((s) => s.spanId))
    for (const span of trace) {
      if (span.spanId === server.spanId) continue
      expect(ids.has(span.parentSpanId ?? ""), `${span.name}'s parent`).toBe(true)
      expect(attribute(span, "http.request.id"), span.name).toBe(requestId)
    }
    // No span of another request is in it.
    const otherRequests = receiver.spans.filter(
      (s) => s.traceId === server.traceId && s.kind === SPAN_KIND_SERVER && s.spanId !== server.spanId,
    )
    expect(otherRequests).toEqual([])
    expect(receiver.paths.every((p) => p === "POST /v1/traces")).toBe(true)

    // A query's values and a sign-in's password are in no span: a query can carry an email address.
    await fetch(`${app.baseUrl}/api/content/news?category=private.person%40example.com`, {
      headers: { "x-request-id": "trace-query-1" },
    })
    const queried = await waitFor("the query's server span", () =>
      receiver.spans.find(
        (s) => attribute(s, "http.request.id") === "trace-query-1" && s.kind === SPAN_KIND_SERVER,
      ),
    )
    expect(attribute(queried, "url.query")).toBe("category=REDACTED")
    const exported = JSON.stringify(receiver.spans)
    expect(exported).not.toContain("private.person")
    expect(exported).not.toContain(DEMO_PASSWORD)

    // The logs: the access line of the buy names its request id.
    const lines = app
      .output()
      .split("\n")
      .filter((line) => line.includes(requestId))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.some((line) => JSON.parse(line).annotations?.requestId === requestId)).toBe(true)
    expect(orderId).toMatch(/\S/)
  })

  it("answers an ill-formed X-Request-Id with a new one, and makes one when none is sent", async () => {
    const given = await fetch(`${app.baseUrl}/api/health`, {
      headers: { "x-request-id": "bad id\twith<tabs>" },
    })
    const made = await fetch(`${app.baseUrl}/api/health`)
    const unknown = await fetch(`${app.baseUrl}/api/no-such-route`)
    for (const response of [given, made, unknown])
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    expect(given.headers.get("x-request-id")).not.toBe(made.headers.get("x-request-id"))
  })
})
