/**
 * How many statements GET /user sends to the database, counted from the spans the SQL client opens for each
 * statement (a tracer that records their query text): the member is read in three statements, whatever the
 * number of prices, exchange rates and bank accounts; the reference data comes from the process's snapshot.
 */
import { Layer, Tracer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/app/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { makeClient, useTestServer } from "../support/TestServer.ts"

const statements: Array<string> = []
const recording = Tracer.make({
  span: (options) => {
    const span = Tracer.nativeTracer.span(options)
    if (options.kind !== "client") return span
    const attribute = span.attribute.bind(span)
    span.attribute = (key, value) => {
      if (key === "db.query.text") statements.push(String(value).replace(/\s+/g, " ").trim())
      attribute(key, value)
    }
    return span
  },
})

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
    Layer.provide(Layer.succeed(Tracer.Tracer, recording)),
  ),
)

const REFERENCE_TABLES = /unit_prices|exchange_rates|external_fees|bank_accounts/

describe("GET /user's database reads", () => {
  it("reads the member in three statements (session with account, KYC record, ledger) and the reference data at most once", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    await client.post("/api/auth/login", { email: "demo@landunits.example", password: "LandDemo2026" })
    expect((await client.get("/api/user")).status).toBe(200)

    statements.length = 0
    const response = await client.get("/api/user")
    expect(response.status).toBe(200)
    const member = statements.filter((s) => !REFERENCE_TABLES.test(s))
    expect(member).toHaveLength(3)
    expect(member[0]).toMatch(/FROM sessions s JOIN accounts a/)
    expect(member.some((s) => /FROM kyc_records/.test(s))).toBe(true)
    expect(member.some((s) => /FROM ledger_transfers/.test(s))).toBe(true)
    // The snapshot is one statement; it is read again only when it is older than 5 seconds.
    expect(statements.filter((s) => REFERENCE_TABLES.test(s)).length).toBeLessThanOrEqual(1)
  })
})
