/**
 * The OpenAPI document against the real server, through Stoplight Prism's validating proxy (issue 40): the server
 * (seeded with the demo) behind `prism proxy <the server's own /api/openapi.json> <server> --errors`, and every
 * operation of the document called through it, signed out and as the demo member, with the document's own
 * examples (or a plain call) and with typical invalid requests. Prism checks each request against the document
 * (refusing an invalid one itself, 422, before the server sees it) and each of the server's answers; no answer may
 * be off the document: 0 response violations.
 *
 * Prism's proxy joins the upstream's Set-Cookie headers into one, so the client here splits them again.
 */
import { type ChildProcess, spawn } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { freePort } from "@landunits/test-support/AppProcess.ts"
import { Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { useTestServer } from "../support/TestServer.ts"

// biome-ignore lint/suspicious/noExplicitAny: the document is plain JSON, read by key
type Json = any

const root = path.resolve(import.meta.dirname, "../../..")
const PRISM = path.join(root, "node_modules/@stoplight/prism-cli/dist/index.js")

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)

let prism: ChildProcess | undefined
let prismUrl = ""
let prismLog = ""
let document: Json

/** A client through Prism that keeps cookies (Set-Cookie split again) and echoes XSRF-TOKEN. */
const client = () => {
  const cookies = new Map<string, string>()
  const request = async (method: string, url: string, body?: unknown, xsrf: boolean | "wrong" = true) => {
    // Every order command takes a key of its own (8–200 characters): a new one per call.
    const headers: Record<string, string> = { "idempotency-key": `prism-${crypto.randomUUID()}` }
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const token = cookies.get("XSRF-TOKEN")
    if (xsrf === "wrong") headers["x-xsrf-token"] = "not-the-cookie"
    else if (xsrf && token !== undefined) headers["x-xsrf-token"] = token
    if (body !== undefined) headers["content-type"] = "application/json"
    const response = await fetch(`${prismUrl}${url}`, {
      method: method.toUpperCase(),
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      redirect: "manual",
    })
    for (const line of (response.headers.get("set-cookie") ?? "").split(/,\s*(?=[^;=\s,]+=)/)) {
      const [pair = ""] = line.split(";")
      const eq = pair.indexOf("=")
      if (eq <= 0) continue
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (value === "" || /max-age=0/i.test(line)) cookies.delete(name)
      else cookies.set(name, value)
    }
    return {
      status: response.status,
      type: response.headers.get("content-type") ?? "",
      text: await response.text(),
    }
  }
  return { cookies, request }
}

interface Operation {
  readonly key: string
  readonly method: string
  readonly path: string
  readonly operation: Json
}

/** A URL for the operation: its path parameters filled, its required query parameters from their examples. */
const urlOf = ({ path: route, operation }: Operation, ids: Readonly<Record<string, string>>) => {
  const filled = route.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(ids[name] ?? "x123456789"),
  )
  const query = (operation.parameters ?? [])
    .filter((p: Json) => p.in === "query" && p.required === true)
    .map(
      (p: Json) =>
        `${p.name}=${encodeURIComponent(String(p.example ?? p.schema?.enum?.[0] ?? p.schema?.example ?? "1"))}`,
    )
  return query.length === 0 ? filled : `${filled}?${query.join("&")}`
}

/** The operation's example body, if the document gives one; else an empty object for a route that takes JSON. */
const bodyOf = ({ operation }: Operation): unknown => {
  const json = operation.requestBody?.content?.["application/json"]
  if (json === undefined) return undefined
  const example = json.example ?? Object.values<Json>(json.examples ?? {})[0]?.value
  return example ?? {}
}

/** Routes that end the session or the account: walked last, so the rest is walked signed in. */
const ENDS_SESSION = /logout|sign-out|close-account/

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-prism-"))
  const file = path.join(dir, "openapi.json")
  const text = await (await fetch(`${server.baseUrl()}/api/openapi.json`)).text()
  document = JSON.parse(text)
  fs.writeFileSync(file, text)
  const port = await freePort()
  prism = spawn(
    process.execPath,
    [PRISM, "proxy", file, server.baseUrl(), "--port", String(port), "--host", "127.0.0.1", "--errors"],
    { stdio: ["ignore", "pipe", "pipe"] },
  )
  const keep = (chunk: Buffer) => {
    prismLog += chunk.toString("utf8")
  }
  prism.stdout?.on("data", keep)
  prism.stderr?.on("data", keep)
  prismUrl = `http://127.0.0.1:${port}`
  for (let i = 0; i < 300; i++) {
    if (prism.exitCode !== null) break
    const ready = await fetch(`${prismUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`Prism did not start:\n${prismLog}`)
}, 120_000)

afterAll(() => {
  prism?.kill()
})

/** What Prism said about one call: a refused request (its own 422 or 401), or the server's answer it let through. */
const verdictOf = (answer: { status: number; type: string; text: string }) => {
  if (!answer.type.includes("problem+json")) return "answered" as const
  const kind = (JSON.parse(answer.text) as { type?: string }).type ?? ""
  if (kind.endsWith("#UNPROCESSABLE_ENTITY")) return "requestRefused" as const
  if (kind.endsWith("#UNAUTHORIZED")) return "signInRequired" as const
  return `violation: ${answer.text.slice(0, 600)}` as const
}

/** The response violations Prism logged since `from`. */
const violationsSince = (from: number) =>
  prismLog
    .slice(from)
    .split("\n")
    .filter((line) => /violation/i.test(line) && /response/i.test(line))

describe("the OpenAPI document, checked by Prism's validating proxy against the real server", () => {
  it("every route answers as documented, signed out and as a member, with valid and invalid requests", async () => {
    const operations: Array<Operation> = Object.entries<Json>(document.paths)
      .flatMap(([route, byMethod]) =>
        Object.entries<Json>(byMethod).map(([method, operation]) => ({
          key: `${method.toUpperCase()} ${route}`,
          method,
          path: route,
          operation,
        })),
      )
      .sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)))
    expect(operations.length).toBeGreaterThan(80)
    const from = prismLog.length
    const problems: Array<string> = []
    const verdicts = new Map<string, number>()
    const record = (key: string, answer: { status: number; type: string; text: string }) => {
      const verdict = verdictOf(answer)
      verdicts.set(verdict.startsWith("violation") ? "violation" : verdict, (verdicts.get(verdict) ?? 0) + 1)
      if (verdict.startsWith("violation")) problems.push(`${key} ${answer.status}: ${verdict}`)
      if (answer.status >= 500 && answer.status !== 503)
        problems.push(`${key} ${answer.status}: ${answer.text.slice(0, 300)}`)
    }

    const anonymous = client()
    await anonymous.request("get", "/api/health")
    const member = client()
    await member.request("get", "/api/health")
    const signIn = () =>
      member.request("post", "/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect((await signIn()).status).toBe(200)
    expect(member.cookies.has("landunits_session")).toBe(true)
    // One of the member's orders, for the routes that take an order's id.
    const order = {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 2 },
      paymentDetails: { paymentMethod: "bank" },
    }
    const created = await member.request("post", "/api/order/create_order", order)
    record("create_order (valid)", created)
    expect(created.status, created.text).toBe(200)
    const orderId: string = JSON.parse(created.text).orderCreatedData.orderId
    const ids = { id: orderId, orderId }

    for (const op of operations) {
      const url = urlOf(op, ids)
      const body = bodyOf(op)
      // Signed out, and as the member: the document's own call.
      record(`${op.key} (signed out)`, await anonymous.request(op.method, url, body))
      record(`${op.key} (member)`, await member.request(op.method, url, body))
      // Typical invalid calls: a change without the anti-forgery header (Prism refuses it) or with a wrong one
      // (the server refuses it, 403), a body whose fields are all wrong, a GET without its query.
      if (op.method !== "get") {
        record(`${op.key} (no X-XSRF-TOKEN)`, await member.request(op.method, url, body, false))
        record(`${op.key} (wrong X-XSRF-TOKEN)`, await member.request(op.method, url, body, "wrong"))
        if (body !== undefined)
          record(`${op.key} (wrong fields)`, await member.request(op.method, url, { x: 1 }))
      } else {
        const bare = url.split("?")[0]!
        if (bare !== url) record(`${op.key} (no query)`, await member.request(op.method, bare))
      }
      if (!member.cookies.has("landunits_session")) await signIn()
    }

    // A few calls that reach the server with valid requests and invalid values, and some refused on their rules.
    const tooMany = await member.request("post", "/api/order/create_order", {
      ...order,
      currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 0 },
    })
    expect(verdictOf(tooMany)).toBe("requestRefused")
    const shortMessage = await anonymous.request("post", "/api/user/create_contact_form_email", {
      name: "Ann",
      email: "ann@example.com",
      message: "short",
    })
    expect(verdictOf(shortMessage)).toBe("requestRefused")
    record(
      "contact (valid)",
      await anonymous.request("post", "/api/user/create_contact_form_email", {
        name: "Ann",
        email: "ann@example.com",
        message: "A question about the land projects, please.",
      }),
    )
    record(
      "statement (csv)",
      await member.request(
        "get",
        "/api/etc/generate-statement?fromDate=2026-01-01&toDate=2026-03-31&format=csv",
      ),
    )

    const logged = violationsSince(from)
    expect({ problems, logged }).toEqual({ problems: [], logged: [] })
    // The walk reached the server for most calls: it is not only Prism refusing requests.
    expect(verdicts.get("answered") ?? 0).toBeGreaterThan(operations.length)
  }, 600_000)
})
