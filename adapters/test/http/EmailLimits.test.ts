/**
 * The routes that send email cannot flood a mailbox, and the limits hold across app processes (issue 26):
 * two app processes on one PostgreSQL server take turns answering, and together they send at most five
 * emails an hour to one recipient and take at most five contact messages an hour from one address; the
 * next answer is 429 with Retry-After and a message in words. Counted in the database, as sessions are.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { PgClient } from "@effect/sql-pg"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { migratedDataDir, scopedServerDatabase } from "@landunits/test-support/DatabaseTemplates.ts"
import { Effect, Exit, Redacted, Scope } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { serverUrl } from "../support/Databases.ts"
import { json, makeClient } from "../support/TestServer.ts"

const url = serverUrl()
if (url === undefined) console.warn("[not run] email limits across app processes (DATABASE_URL is not set)")

describe.runIf(url !== undefined)("email limits across two app processes on the PostgreSQL server", () => {
  let database = ""
  let dropDatabase: () => Promise<void> = async () => {}
  const processes: Array<AppProcess> = []
  const dataDir = migratedDataDir("landunits-email-limits-")

  beforeAll(async () => {
    const scope = await Effect.runPromise(Scope.make())
    database = await Effect.runPromise(Scope.provide(scope)(scopedServerDatabase(url!)))
    dropDatabase = () => Effect.runPromise(Scope.close(scope, Exit.void))
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const name of ["a", "b"]) {
      processes.push(
        await startAppProcess({
          DATABASE_URL: database,
          DATA_DIR: path.join(dataDir, name),
          NODE_ENV: "development",
        }),
      )
    }
  }, 180_000)

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()))
    await dropDatabase()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }, 60_000)

  const clients = async () => {
    const both = processes.map((p) => makeClient({ baseUrl: () => p.baseUrl }))
    for (const client of both) await client.get("/api/health")
    return both
  }

  const emailsTo = (to: string) =>
    Effect.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const rows = yield* sql<{ n: string }>`SELECT count(*) AS n FROM mail_outbox WHERE to_address = ${to}`
        return Number(rows[0]?.n ?? 0)
      }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(database), maxConnections: 1 }))),
    )

  it("sends five emails an hour to one recipient whichever process answers, then 429 with Retry-After", async () => {
    const [a, b] = await clients()
    const email = "flood@example.com"
    const registered = await a!.post("/api/user/register", {
      email,
      firstName: "Flo",
      lastName: "Od",
      password: "secret9",
      userType: "USER",
      termsAccepted: true,
    })
    expect(registered.status).toBe(200)
    const statuses: Array<number> = []
    let refused: Response | undefined
    for (let i = 0; i < 10; i++) {
      const response = await (i % 2 === 0 ? b! : a!).post("/api/auth/send-confirmation", { email })
      statuses.push(response.status)
      if (response.status === 429) refused = response
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429, 429, 429])
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(3_000)
    const body = await json(refused!)
    expect(body.message).toMatch(
      /^We have already sent several emails to this address\. .* try again in \d+ minutes\.$/,
    )
    expect(await emailsTo(email)).toBe(5)
    // Forgot password and the newsletter draw on the same recipient's hour.
    expect((await a!.post("/api/auth/login/forgot", { email })).status).toBe(429)
    expect((await b!.post("/api/subscribe/subscribeUser", { email })).status).toBe(429)
    expect(await emailsTo(email)).toBe(5)
  })

  it("counts an unknown email like a registered one, so the limit tells nobody who is registered", async () => {
    const [a, b] = await clients()
    const statuses: Array<number> = []
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await (i % 2 === 0 ? a! : b!).post("/api/auth/login/forgot", { email: "nobody-here@example.com" }))
          .status,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
  })

  it("takes five contact messages an hour from one address across both processes", async () => {
    const [a, b] = await clients()
    const statuses: Array<number> = []
    let refused: Response | undefined
    for (let i = 0; i < 7; i++) {
      const response = await (i % 2 === 0 ? a! : b!).post("/api/user/create_contact_form_email", {
        name: "Cleo",
        email: `cleo${i}@example.com`,
        message: "Hello, how do fees work?",
      })
      statuses.push(response.status)
      if (response.status === 429) refused = response
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
    expect(refused!.headers.get("retry-after")).toMatch(/^\d+$/)
    expect((await json(refused!)).message).toContain("You have already sent us several messages")
  })
})
