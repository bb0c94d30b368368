/**
 * A database outage, against the real server on an ephemeral port over a PostgreSQL cluster of the test's
 * own (support/PrivateCluster.ts; the machine's shared server is never touched): while the database cannot
 * be reached every route that needs it answers 503 with Retry-After and a message, health is readiness,
 * and the same app serves again on its own once the database is back. A bad query stays a 500.
 */
import { PgClient } from "@effect/sql-pg"
import { Cause, Duration, Effect, Layer, Redacted } from "effect"
import { SqlClient, SqlError } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { RETRY_AFTER_SECONDS, SERVICE_UNAVAILABLE_MESSAGE } from "../../src/http/api/ApiErrors.ts"
import { HEALTH_TIMEOUT } from "../../src/http/api/SystemApi.ts"
import { unreachableDatabaseIn } from "../../src/http/middleware/DatabaseOutage.ts"
import { SERVER_ERROR_MESSAGE } from "../../src/http/middleware/SecurityHeaders.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { layerServer, SERVER_POOL_SIZE } from "../../src/postgres/Database.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { makePrivateCluster, type PrivateCluster } from "../support/PrivateCluster.ts"
import { json, makeClient, useTestServer } from "../support/TestServer.ts"

let cluster: PrivateCluster | undefined
const theCluster = () => {
  if (cluster === undefined)
    throw new Error("The private PostgreSQL cluster did not start (see the first error)")
  return cluster
}
// Registered before the server's hooks: the cluster starts first and is removed last, also after a failure.
beforeAll(async () => {
  cluster = await makePrivateCluster()
}, 120_000)
afterAll(async () => {
  await cluster?.destroy()
}, 120_000)

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(Layer.unwrap(Effect.sync(() => layerServer(theCluster().url))))),
  ),
)
const { anonymous, signedIn } = apiMembers(server)

const HOLDINGS = "/api/user/holdings" // a member route: the session is read from the database
const FAQ = "/api/content/faq" // a public route that reads the database on every call

const expectUnavailable = async (response: Response, what: string) => {
  expect(response.status, what).toBe(503)
  expect(response.headers.get("retry-after"), what).toBe(String(RETRY_AFTER_SECONDS))
  expect(response.headers.get("content-type"), what).toContain("application/json")
  expect(await response.json(), what).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE })
}

/** Asks health until it answers 200, for at most `seconds`; answers how many seconds that took. */
const healthyWithin = async (seconds: number) => {
  const started = Date.now()
  let last = 0
  while (Date.now() - started < seconds * 1000) {
    last = (await makeClient(server).get("/api/health")).status
    if (last === 200) return (Date.now() - started) / 1000
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`/api/health still answered ${last} ${seconds} s after the database came back`)
}

describe("a database outage", () => {
  // The clients keep their cookies (session, anti-forgery) across the outage, like a browser.
  let member: Awaited<ReturnType<typeof signedIn>>
  let visitor: Awaited<ReturnType<typeof anonymous>>

  it("the contract declares health's 503 with its Retry-After header", async () => {
    const document = await json(await makeClient(server).get("/api/openapi.json"))
    const unavailable = document.paths["/api/health"].get.responses["503"]
    expect(unavailable.content["application/json"].schema.required).toEqual(["message"])
    expect(unavailable.headers["retry-after"].required).toBe(true)
  })

  it("with the database up, health answers 200 and the routes serve", async () => {
    member = await signedIn()
    visitor = await anonymous()
    const health = await makeClient(server).get("/api/health")
    expect(health.status).toBe(200)
    expect(await health.json()).toEqual({ status: "ok" })
    expect((await member.get(HOLDINGS)).status).toBe(200)
    expect((await visitor.get(FAQ)).status).toBe(200)
  })

  it("health answers 503 within its timeout while the database hangs, and 200 again once it answers", async () => {
    const timeout = Duration.toMillis(HEALTH_TIMEOUT)
    await theCluster().freeze()
    try {
      const started = Date.now()
      // Bounded here too, so a health check that hangs fails this test instead of freezing the suite.
      const health = await fetch(`${server.baseUrl()}/api/health`, {
        signal: AbortSignal.timeout(timeout + 5000),
      })
      const millis = Date.now() - started
      await expectUnavailable(health, "health")
      expect(millis).toBeGreaterThanOrEqual(timeout - 100)
      expect(millis).toBeLessThan(timeout + 2000)
    } finally {
      await theCluster().thaw()
    }
    await healthyWithin(10)
  })

  it("while the database is down, health and every route that needs it answer 503 with Retry-After and a message", async () => {
    await theCluster().stop("immediate")
    await expectUnavailable(await makeClient(server).get("/api/health"), "health")
    await expectUnavailable(await member.get(HOLDINGS), "a member route")
    await expectUnavailable(await visitor.get(FAQ), "a public route")
    await expectUnavailable(
      await visitor.post("/api/auth/login", { email: "nobody@example.com", password: "secret9" }),
      "a sign-in",
    )
    // Asked again, and by more requests at once than the pool has connections: failed connection attempts
    // kept in the pool do not turn the answer into a 500.
    const crowd = await Promise.all(Array.from({ length: 2 * SERVER_POOL_SIZE }, () => member.get(HOLDINGS)))
    for (const response of crowd) await expectUnavailable(response, "a member route, asked by a crowd")
  })

  it("once the database is back, health answers 200 within seconds and the same app serves the member again", async () => {
    await theCluster().start()
    await healthyWithin(15)
    const holdings = await member.get(HOLDINGS)
    expect(holdings.status).toBe(200)
    expect((await json(holdings)).holdings).toBeInstanceOf(Array)
    expect((await visitor.get(FAQ)).status).toBe(200)
    expect((await signedIn()).cookies.has("landunits_session")).toBe(true)
    const crowd = await Promise.all(Array.from({ length: 2 * SERVER_POOL_SIZE }, () => member.get(HOLDINGS)))
    expect(crowd.map((response) => response.status)).toEqual(crowd.map(() => 200))
  })

  it("also comes back after a fast shutdown, which ends the sessions with an error before closing them", async () => {
    await theCluster().stop("fast")
    try {
      await expectUnavailable(await member.get(HOLDINGS), "a member route")
    } finally {
      await theCluster().start()
    }
    await healthyWithin(15)
    expect((await member.get(HOLDINGS)).status).toBe(200)
  })

  it("a bad query is still a bug: 500 with the usual message, not 503", async () => {
    const rename = (from: string, to: string) =>
      server.run(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          yield* sql.unsafe(`ALTER TABLE ${from} RENAME TO ${to}`)
        }),
      )
    await rename("site_content", "site_content_away")
    try {
      const response = await visitor.get(FAQ)
      expect(response.status).toBe(500)
      expect(response.headers.get("retry-after")).toBeNull()
      expect(await response.json()).toEqual({ message: SERVER_ERROR_MESSAGE })
    } finally {
      await rename("site_content_away", "site_content")
    }
    expect((await visitor.get(FAQ)).status).toBe(200)
  })
})

describe("telling a database that cannot be reached from a bug", () => {
  const failureOf = (url: string, statement: string) =>
    Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* Effect.flip(sql.unsafe(statement))
      }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url), maxConnections: 1 }))),
    )

  it("a refused connection is an outage, as a failure, as a defect and wrapped in another error", async () => {
    // A port the private cluster listened on before: nothing listens there while it is stopped.
    await theCluster().stop("immediate")
    try {
      const refused = await Effect.runPromiseExit(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          return yield* sql`SELECT 1`
        }).pipe(Effect.provide(layerServer(theCluster().url))),
      )
      expect(refused._tag).toBe("Failure")
      if (refused._tag !== "Failure") return
      const error = Cause.squash(refused.cause)
      expect(SqlError.isSqlError(error)).toBe(true)
      expect(unreachableDatabaseIn(refused.cause)).toBe(error)
      expect(unreachableDatabaseIn(Cause.die(error))).toBe(error)
      expect(unreachableDatabaseIn(Cause.die(new Error("A port failed", { cause: error })))).toBe(error)
    } finally {
      await theCluster().start()
    }
  })

  it("a session the server ends is an outage", async () => {
    const ended = await failureOf(theCluster().url, "SELECT pg_terminate_backend(pg_backend_pid())")
    expect(unreachableDatabaseIn(Cause.fail(ended))).toBe(ended)
  })

  it("a server starting, shutting down or full is an outage, though the driver calls it UnknownError", () => {
    // As the driver reports a server's error: the SQLSTATE is on the reason's cause.
    const serverSays = (code: string) =>
      new SqlError.SqlError({
        reason: new SqlError.UnknownError({
          cause: Object.assign(new Error(`the server refused: ${code}`), { code }),
          message: "PgConnection: Failed to connect",
          operation: "connect",
        }),
      })
    for (const code of ["57P01", "57P02", "57P03", "53300"]) {
      const error = serverSays(code)
      expect(unreachableDatabaseIn(Cause.die(error)), code).toBe(error)
    }
    for (const code of ["42P01", "23505", "40001", "XX000"]) {
      expect(unreachableDatabaseIn(Cause.die(serverSays(code))), code).toBeUndefined()
    }
  })

  it("a bad query, a failing statement and any other error are not", async () => {
    const syntax = await failureOf(theCluster().url, "SELECT * FROM no_such_table")
    expect(syntax.reason._tag).toBe("SqlSyntaxError")
    expect(unreachableDatabaseIn(Cause.die(syntax))).toBeUndefined()
    const division = await failureOf(theCluster().url, "SELECT 1 / 0")
    expect(unreachableDatabaseIn(Cause.die(division))).toBeUndefined()
    expect(unreachableDatabaseIn(Cause.die(new Error("a bug")))).toBeUndefined()
    expect(unreachableDatabaseIn(Cause.interrupt())).toBeUndefined()
  })
})
