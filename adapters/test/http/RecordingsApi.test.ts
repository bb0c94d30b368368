/**
 * Session recording over HTTP (issue 24): where it runs (the installation's configuration, never the request's
 * Host header), its refusals in words (400, 404, 413, 429, the day's storage budget), the binding of a recording to the browser session that started it, the member a signed-in
 * batch names, and the cookie it sets.
 */

import * as http from "node:http"
import { RECORDING_BUDGET_PER_DAY } from "@landunits/core/limits/Limits.ts"
import { RecordingId } from "@landunits/core/recording/RecordingModel.ts"
import { RecordingService } from "@landunits/core/recording/RecordingService.ts"
import type { ApiClient } from "@landunits/test-support/ApiClient.ts"
import { Effect, Layer, Result } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { parseTrustedProxies } from "../../src/http/server/TrustedProxies.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, makeClient, useTestServer } from "../support/TestServer.ts"

const PUBLIC_HOST = "landunits.test"

/**
 * POST /api/recordings as a browser on the production host sends it: fetch sets its own Host, so this goes
 * through node:http with the client's cookies (and keeps those the answer sets, as a browser does).
 */
const post = (
  client: ApiClient,
  body: unknown,
  host: string = PUBLIC_HOST,
  options: { readonly baseUrl?: string; readonly from?: string } = {},
): Promise<Response> =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body)
    const request = http.request(
      `${options.baseUrl ?? server.baseUrl()}/api/recordings`,
      {
        method: "POST",
        headers: {
          host,
          // The test client is 127.0.0.1, a trusted proxy here: `from` is the client's address it forwards.
          ...(options.from === undefined ? {} : { "x-forwarded-for": options.from }),
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(text)),
          cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          "x-xsrf-token": client.cookies.get("XSRF-TOKEN") ?? "",
        },
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          const headers = new Headers()
          for (const [name, value] of Object.entries(response.headers))
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, v)
          for (const line of response.headers["set-cookie"] ?? []) {
            const [pair = ""] = line.split(";")
            client.cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1))
          }
          resolve(new Response(Buffer.concat(chunks), { status: response.statusCode ?? 0, headers }))
        })
      },
    )
    request.on("error", reject)
    request.end(text)
  })

const server = useTestServer(
  Layer.mergeAll(
    serveHttp({
      port: 0,
      development: true,
      publicHost: PUBLIC_HOST,
      trustedProxies: Result.getOrThrow(parseTrustedProxies("127.0.0.1")),
    }),
    Layer.effectDiscard(seedDemo),
  ).pipe(Layer.provideMerge(layerApp(pgliteTarget().layer))),
)
/** An installation not configured to record (no PUBLIC_HOST). */
const unconfigured = useTestServer(
  serveHttp({ port: 0, development: true }).pipe(Layer.provideMerge(layerApp(pgliteTarget().layer))),
)
const { anonymous, signedIn } = apiMembers(server)

let next = 0
const newRecordingId = () => `0f8fad5b-d9cb-469f-a165-${String(++next).padStart(12, "0")}`
const batch = (recordingId: string, sequence = 0, over: Record<string, unknown> = {}) => ({
  recordingId,
  sequence,
  path: "/statistics",
  events: [
    {
      type: 4,
      timestamp: 1_000 + sequence,
      data: { href: "https://landunits.test/statistics", width: 1280, height: 720 },
    },
    { type: 3, timestamp: 1_001 + sequence, data: { source: 2, type: 1, id: 7, x: 10, y: 20 } },
  ],
  ...over,
})
const stored = (recordingId: string) =>
  server.run(RecordingService.use((r) => Effect.exit(r.find(RecordingId.make(recordingId)))))

describe("session recording API", () => {
  it("tells the web app the production host", async () => {
    const client = await anonymous()
    expect(await json(await client.get("/api/recordings/settings"))).toEqual({ publicHost: PUBLIC_HOST })
  })

  it("keeps a guest's batch on the production host (202), bound to the recording cookie it sets", async () => {
    const guest = await anonymous()
    const id = newRecordingId()
    const response = await post(guest, batch(id))
    expect(response.status).toBe(202)
    expect(await json(response)).toEqual({ recordingId: id, sequence: 0 })
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("landunits_recording="))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Strict/i)
    expect(cookie).toMatch(/Path=\/api\/recordings/i)
    expect(cookie).not.toMatch(/Max-Age|Expires/i)
    // The next batch of the same browser session joins the recording; a repeat changes nothing.
    expect((await post(guest, batch(id, 1))).status).toBe(202)
    expect((await post(guest, batch(id, 1))).status).toBe(202)
    const found = await stored(id)
    expect(found._tag).toBe("Success")
    if (found._tag === "Success") {
      expect(found.value.summary).toMatchObject({ memberId: undefined, paths: ["/statistics"], batches: 2 })
      expect(found.value.events).toEqual([...batch(id).events, ...batch(id, 1).events])
    }
  })

  it("another browser session cannot add to a recording it did not start: 404, nothing kept", async () => {
    const owner = await anonymous()
    const stranger = await anonymous()
    const id = newRecordingId()
    expect((await post(owner, batch(id))).status).toBe(202)
    const refused = await post(stranger, batch(id, 1))
    expect(refused.status).toBe(404)
    expect(await json(refused)).toMatchObject({ message: `No recording ${id}.` })
    const found = await stored(id)
    expect(found._tag === "Success" && found.value.summary.batches).toBe(1)
  })

  it("a signed-in member's recording carries the member id", async () => {
    const member = await signedIn()
    const id = newRecordingId()
    expect((await post(member, batch(id, 0, { path: "/dashboard" }))).status).toBe(202)
    const [demo] = await server.run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ member_id: string }>`
        SELECT member_id FROM accounts WHERE email = ${DEMO_EMAIL}`,
      ),
    )
    const found = await stored(id)
    expect(found._tag === "Success" && found.value.summary.memberId).toBe(demo?.member_id)
  })

  it("the request's Host header does not turn recording off where the installation records", async () => {
    for (const host of ["127.0.0.1", "staging.landunits.test", "evil.example"]) {
      const guest = await anonymous()
      const id = newRecordingId()
      expect((await post(guest, batch(id), host)).status, host).toBe(202)
      expect((await stored(id))._tag).toBe("Success")
    }
  })

  it("a forged Host header does not turn recording on where the installation is not configured for it: 404, nothing kept", async () => {
    const guest = makeClient(unconfigured)
    await guest.get("/api/health")
    expect(await json(await guest.get("/api/recordings/settings"))).toEqual({ publicHost: null })
    const id = newRecordingId()
    for (const host of [PUBLIC_HOST, "localhost", "127.0.0.1"]) {
      const refused = await post(guest, batch(id), host, { baseUrl: unconfigured.baseUrl() })
      expect(refused.status, host).toBe(404)
      expect(await json(refused)).toMatchObject({ message: "Session recording is off on this host." })
    }
    const found = await unconfigured.run(
      RecordingService.use((r) => Effect.exit(r.find(RecordingId.make(id)))),
    )
    expect(found._tag).toBe("Failure")
  })

  it("bad input answers 400 with each field's message: a page off the list, a bad id, no events, a malformed event", async () => {
    const guest = await anonymous()
    const refused = await post(guest, {
      recordingId: "x",
      sequence: -1,
      path: "/dashboard/settings/kyc-verification",
      events: [{ type: "a" }],
    })
    expect(refused.status).toBe(400)
    const body = await json(refused)
    const byPath = Object.fromEntries(
      body.errors.map((e: { path: string; message: string }) => [e.path.split(".")[0], e.message]),
    )
    expect(byPath.recordingId).toBe("recordingId must be 16 to 64 letters, digits, dashes or underscores.")
    expect(byPath.sequence).toBe("sequence must be a whole number from 0 to 4999.")
    expect(byPath.path).toBe("This page is not on the list of recorded pages.")
    expect(Object.keys(byPath)).toContain("events")
    const empty = await post(guest, batch(newRecordingId(), 0, { events: [] }))
    expect(empty.status).toBe(400)
    expect(JSON.stringify(await json(empty))).toContain("events must hold 1 to 2000 rrweb events.")
  })

  it("a body over 1 MiB answers 413 in words", async () => {
    const guest = await anonymous()
    const huge = batch(newRecordingId(), 0, {
      events: [{ type: 2, timestamp: 1, data: { text: "x".repeat(1024 * 1024) } }],
    })
    const refused = await post(guest, huge)
    expect(refused.status).toBe(413)
    expect((await json(refused)).message).toContain("1 MiB")
  })

  it("past 300 batches in 10 minutes from one address: 429 with Retry-After", async () => {
    const guest = await anonymous()
    expect((await post(guest, batch(newRecordingId()))).status).toBe(202)
    // The window filled as if 300 batches had come from this address just now.
    await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [row] = yield* sql<{ key: string }>`
          SELECT key FROM attempt_log WHERE key LIKE 'recording:address:%' LIMIT 1`
        yield* sql`
          INSERT INTO attempt_log (key, at)
          SELECT ${row!.key}, ${Date.now()} FROM generate_series(1, 300)`
      }),
    )
    const refused = await post(guest, batch(newRecordingId()))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await json(refused)).message).toMatch(/^Too many session-recording batches from your network/)
  })

  /** Seconds from now to the next 00:00 UTC: when the day's budget frees. */
  const untilMidnight = () => (86_400_000 - (Date.now() % 86_400_000)) / 1000
  /** The day's count of `scope` ('address:<address>' or 'installation') set as if `bytes` were stored today. */
  const spend = (scope: string, bytes: number) =>
    server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const day = Math.floor(Date.now() / 86_400_000)
        yield* sql`
          INSERT INTO recording_usage (day, scope, bytes) VALUES (${day}, ${scope}, ${bytes})
          ON CONFLICT (day, scope) DO UPDATE SET bytes = EXCLUDED.bytes`
      }),
    )

  it("one address past its day's storage budget: 429 with Retry-After until 00:00 UTC, a new recording id too", async () => {
    const guest = await anonymous()
    const from = "198.51.100.10"
    const id = newRecordingId()
    expect((await post(guest, batch(id), PUBLIC_HOST, { from })).status).toBe(202)
    // What it stored is counted against the address and the installation, in compressed bytes.
    const [own] = await server.run(
      Effect.flatMap(
        SqlClient.SqlClient,
        (sql) => sql<{ bytes: string; started: number }>`
          SELECT bytes, started FROM recording_usage WHERE scope = ${`address:${from}`}`,
      ),
    )
    expect(Number(own?.bytes)).toBeGreaterThan(0)
    expect(own?.started).toBe(1)
    await spend(`address:${from}`, RECORDING_BUDGET_PER_DAY.bytesPerAddress)
    for (const body of [batch(id, 1), batch(newRecordingId())]) {
      const refused = await post(guest, body, PUBLIC_HOST, { from })
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get("retry-after"))
      expect(Math.abs(retryAfter - untilMidnight())).toBeLessThan(5)
      expect((await json(refused)).message).toMatch(
        /^Session recording has kept all it keeps from your network today\. It starts again in /,
      )
    }
    const found = await stored(id)
    expect(found._tag === "Success" && found.value.summary.batches).toBe(1)
    // Another address is not held back by it.
    expect(
      (await post(await anonymous(), batch(newRecordingId()), PUBLIC_HOST, { from: "198.51.100.11" })).status,
    ).toBe(202)
  })

  it("a second address is refused once the installation's day budget is spent: 429 with Retry-After", async () => {
    await spend("installation", RECORDING_BUDGET_PER_DAY.bytesPerInstallation)
    const second = await anonymous()
    const refused = await post(second, batch(newRecordingId()), PUBLIC_HOST, { from: "203.0.113.99" })
    expect(refused.status).toBe(429)
    expect(Math.abs(Number(refused.headers.get("retry-after")) - untilMidnight())).toBeLessThan(5)
    expect((await json(refused)).message).toMatch(/^Session recording has kept all it keeps today\./)
    await spend("installation", 0)
  })
})
