/**
 * Fuzzing every route: fast-check sends random JSON bodies, path values and query strings (some holding a
 * null byte, half of a surrogate pair or a number past the safe range), as a signed-in member with a valid
 * anti-forgery header. No answer may be a 500, a refused request (4xx) may not write anything (the rate
 * limits' attempt log excepted: counting attempts is its job), and no refusal's message is a schema's
 * own wording.
 */
import { Effect, Layer } from "effect"
import { HttpApi } from "effect/http-api"
import { SqlClient } from "effect/sql"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/demo/DemoSeed.ts"
import { Api } from "../../src/http/api/Api.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { MIGRATIONS_TABLE } from "../../src/postgres/Migrations.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { makeClient, useTestServer } from "../support/TestServer.ts"

const RUNS = Number(process.env.FUZZ_RUNS ?? 12)

const routes: Array<{ name: string; method: string; path: string }> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ group, endpoint }) =>
    routes.push({
      name: `${group.identifier}.${endpoint.identifier}`,
      method: endpoint.method,
      path: endpoint.path,
    }),
})

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)

/** The statement that counts the rows of every table, the throttle's attempts and the migrations' own aside. */
let countStatement: string | undefined

/**
 * Rows per table, in one statement: the fuzz reads them twice per request (~1,800 requests), and a statement per
 * table (49 of them) made this file three times slower as the schema grew.
 */
const rowCounts = () =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      if (countStatement === undefined) {
        const tables = yield* sql<{ tablename: string }>`
          SELECT tablename FROM pg_tables WHERE schemaname = 'public'
            AND tablename NOT IN (${MIGRATIONS_TABLE}, 'attempt_log') ORDER BY tablename`
        countStatement = tables
          .map(({ tablename }) => `SELECT '${tablename}' AS t, count(*) AS n FROM "${tablename}"`)
          .join(" UNION ALL ")
      }
      const rows = yield* sql.unsafe<{ t: string; n: string }>(countStatement)
      return Object.fromEntries(rows.map(({ t, n }) => [t, Number(n)]))
    }),
  )

/** Values no field may hold: a null byte, half of a surrogate pair, numbers past the safe range. */
const unsafe = fc.constantFrom("a\u0000b", "\ud800", "x\udc00", 2 ** 60, -1e300, 10 ** 15)
const segment = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("ord_1", "vote_hedgerows", "0", "-1", "%00", "../x", "%ED%A0%80", "99999999999999999999"),
)
const query = fc.dictionary(
  fc.constantFrom(
    "page",
    "pageSize",
    "email",
    "status",
    "category",
    "which",
    "fromDate",
    "toDate",
    "format",
    "questionViewBy",
    "orderStatus",
    "code",
    "days",
    "from",
    "to",
  ),
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom("1", "-5", "LAND_ALL", "open", "2026-13-40", "csv", "WELCOME10", "GBP", "400"),
    fc.constantFrom("a\u0000b", "1e400", "99999999999999999999", "abc"),
  ),
)
/** JSON bodies, some with an unsafe value at the top or inside a field the routes read. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom("email", "password", "orderId", "numberOfUnits", "text", "question", "answers", "code"),
    fc.oneof(unsafe, fc.jsonValue({ maxDepth: 1 })),
  ),
  fc.record({
    orderType: fc.constantFrom("BUY", "SELL", "GIFT"),
    currencyUnit: fc.record({
      unitType: fc.constantFrom("LAND_EUR", "X"),
      numberOfUnits: fc.oneof(unsafe, fc.integer()),
    }),
  }),
)

/** The wording of effect's own schema messages, which no person should read. */
const SCHEMA_WORDING = /Expected|Missing key|Invalid data|<filter>|excess property/

describe("fuzzing every route", () => {
  it(`answers ${RUNS} random requests per route without a 500, and refused ones write nothing`, async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    expect(
      (await client.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(200)
    const fuzzed = routes.filter((r) => !["auth.logout", "user.changePassword"].includes(r.name))
    for (const route of fuzzed) {
      await fc.assert(
        fc.asyncProperty(body, segment, query, async (body, value, params) => {
          const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(value))
          const search = new URLSearchParams(params as Record<string, string>).toString()
          const before = await rowCounts()
          const response = await client.request(route.method, `${path}${search === "" ? "" : `?${search}`}`, {
            body: route.method === "GET" ? undefined : body,
            headers: { "idempotency-key": `fuzz-${Math.random().toString(36).slice(2, 12)}` },
          })
          expect(response.status, `${route.name} ${path}`).toBeLessThan(500)
          if (response.status >= 400) {
            expect(await rowCounts(), `${route.name} wrote on a refusal`).toEqual(before)
            expect(response.headers.get("content-type"), `${route.name} answers JSON`).toContain(
              "application/json",
            )
            const answer = (await response.json()) as { message: string; errors?: Array<{ message: string }> }
            const messages = [
              answer.message,
              ...(answer.errors ?? []).map((e: { message: string }) => e.message),
            ]
            for (const message of messages)
              expect(message, `${route.name} ${path}`).not.toMatch(SCHEMA_WORDING)
          }
        }),
        { numRuns: RUNS },
      )
    }
  }, 300_000)
})
