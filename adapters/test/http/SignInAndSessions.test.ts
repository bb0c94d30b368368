/**
 * What a browser and an attacker see of sign-in and sessions (issue 26): the session cookie lives as long as
 * the session, a password change keeps the current session under a new id and ends the others on every
 * route that changes it, signed-in answers are never cached, a stranger's wrong passwords from one address
 * do not keep the owner out from another, and a sign-in costs the same time whether or not the email exists.
 */
import * as http from "node:http"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { SIGNED_IN_COOKIE_NAME } from "@landunits/core/shared/Constants.ts"
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, makeClient, useTestServer } from "../support/TestServer.ts"

const LIFETIME_DAYS = 7
const settings = ConfigProvider.layerAdd(
  ConfigProvider.fromUnknown({ SESSION_LIFETIME_DAYS: String(LIFETIME_DAYS) }),
  { asPrimary: true },
)

const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith("landunits_session="))

const signedInMarker = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${SIGNED_IN_COOKIE_NAME}=`))

/** A cookie's attributes but its value, in the order the server writes them, lower-cased. */
const attributesOf = (line: string | undefined) =>
  (line ?? "")
    .split(";")
    .slice(1)
    .map((a) => a.trim().toLowerCase())
    .filter((a) => a !== "httponly")
    .toSorted()

/** A JSON POST that leaves from `localAddress` (another loopback address: another client address here). */
const postFrom = (baseUrl: string, localAddress: string, path: string, body: unknown, xsrf: string) =>
  new Promise<{ status: number; retryAfter: string | undefined; body: { message?: string } }>(
    (resolve, reject) => {
      const url = new URL(path, baseUrl)
      const payload = JSON.stringify(body)
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          localAddress,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(payload),
            cookie: `XSRF-TOKEN=${xsrf}`,
            "x-xsrf-token": xsrf,
          },
        },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => {
            const retryAfter = response.headers["retry-after"]
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
              body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
            })
          })
        },
      )
      request.on("error", reject)
      request.end(payload)
    },
  )

/**
 * The lower quartile: a run's own cost with little of the machine's noise (other test files share the two
 * cores; noise only ever adds time), yet not one lucky sample.
 */
const lowerQuartile = (values: ReadonlyArray<number>) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length / 4)]!

describe("sign-in and sessions as a browser sees them", () => {
  const server = useTestServer(
    Layer.mergeAll(serveHttp({ port: 0, development: false }), Layer.effectDiscard(seedDemo)).pipe(
      Layer.provideMerge(layerApp(pgliteTarget().layer)),
      Layer.provide(settings),
    ),
  )
  const members = apiMembers(server)

  it("gives the session cookie a Max-Age equal to the configured session lifetime", async () => {
    const client = await members.anonymous()
    await members.newMember("lifetime@example.com", "secret9")
    const response = await client.post("/api/auth/login", {
      email: "lifetime@example.com",
      password: "secret9",
    })
    expect(response.status).toBe(200)
    const cookie = sessionCookie(response)
    expect(cookie).toBeDefined()
    expect(cookie).toContain(`Max-Age=${LIFETIME_DAYS * 24 * 60 * 60}`)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/Secure/)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const logout = await client.post("/api/auth/logout")
    expect(sessionCookie(logout)).toContain("Max-Age=0")
  })

  it("sets a script-readable signed-in marker (no secret) beside the session cookie, with its Path, SameSite, Secure and Max-Age, and ends it at sign-out", async () => {
    const client = await members.anonymous()
    await members.newMember("marker@example.com", "secret9")
    const login = await client.post("/api/auth/login", { email: "marker@example.com", password: "secret9" })
    expect(login.status).toBe(200)
    const marker = signedInMarker(login)
    expect(marker).toBeDefined()
    expect(marker).toMatch(new RegExp(`^${SIGNED_IN_COOKIE_NAME}=1;`))
    expect(marker).not.toMatch(/HttpOnly/i)
    expect(sessionCookie(login)).toMatch(/HttpOnly/)
    expect(marker).toContain(`Max-Age=${LIFETIME_DAYS * 24 * 60 * 60}`)
    expect(attributesOf(marker)).toEqual(attributesOf(sessionCookie(login)))
    expect(attributesOf(marker)).toEqual(expect.arrayContaining(["path=/", "samesite=lax", "secure"]))
    // Its value is the same for every member: it tells nothing but "a session may exist".
    const other = await members.newMember("marker-other@example.com", "secret9")
    expect(other.cookies.get(SIGNED_IN_COOKIE_NAME)).toBe("1")

    const logout = await client.post("/api/auth/logout")
    expect(logout.status).toBe(200)
    expect(signedInMarker(logout)).toContain("Max-Age=0")
    expect(attributesOf(signedInMarker(logout))).toEqual(attributesOf(sessionCookie(logout)))
    expect(client.cookies.has(SIGNED_IN_COOKIE_NAME)).toBe(false)
  })

  it("renews the marker with the session a password change gives, and ends it when an expired session is refused", async () => {
    const mine = await members.newMember("marker-expired@example.com", "secret9")
    const changed = await mine.post("/api/user/update_user_password", {
      currentPassword: "secret9",
      newPassword: "Better2026",
      confirmNewPassword: "Better2026",
    })
    expect(signedInMarker(changed)).toContain(`Max-Age=${LIFETIME_DAYS * 24 * 60 * 60}`)
    // The session expires (its end moved to the past), the browser still holds both cookies.
    await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`
          UPDATE sessions SET expires_at = 0
          WHERE member_id = (SELECT member_id FROM accounts WHERE email = 'marker-expired@example.com')`
      }),
    )
    const refused = await mine.get("/api/user")
    expect(refused.status).toBe(401)
    const marker = signedInMarker(refused)
    expect(marker).toContain("Max-Age=0")
    expect(marker).not.toMatch(/HttpOnly/i)
    expect(attributesOf(marker)).toEqual(
      expect.arrayContaining(["path=/", "samesite=lax", "secure", "max-age=0"]),
    )
    expect(mine.cookies.has(SIGNED_IN_COOKIE_NAME)).toBe(false)
    // A guest without the marker gets no cookie with its 401.
    const again = await mine.get("/api/user")
    expect(again.status).toBe(401)
    expect(signedInMarker(again)).toBeUndefined()
  })

  it("refuses GET /api/user at once for a member disabled in the database, its session still stored (read with the session every time, SignedInMembers)", async () => {
    const mine = await members.newMember("disabled-now@example.com", "secret9")
    const before = await mine.get("/api/user")
    expect(before.status).toBe(200)
    expect(((await before.json()) as { user: { email: string } }).user.email).toBe("disabled-now@example.com")
    // Written as another process would (the CLI's `users disable`), leaving the session row in place: the
    // session rules of the one-statement read (SessionAdmission) are what refuse it.
    await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`
          UPDATE accounts SET record = record || '{"disabledAt": 1}'::jsonb
          WHERE email = 'disabled-now@example.com'`
      }),
    )
    expect((await mine.get("/api/user")).status).toBe(401)
  })

  it("keeps the session that changes the password through update_profile, under a new id, and ends the others", async () => {
    const mine = await members.newMember("profile-pw@example.com", "secret9")
    const other = await members.signedIn("profile-pw@example.com", "secret9")
    const before = mine.cookies.get("landunits_session")
    const form = new FormData()
    form.set("currentPassword", "secret9")
    form.set("newPassword", "Better2026")
    form.set("confirmNewPassword", "Better2026")
    const changed = await mine.post("/api/user/update_profile", form)
    expect(changed.status).toBe(200)
    const cookie = sessionCookie(changed)
    expect(cookie).toContain(`Max-Age=${LIFETIME_DAYS * 24 * 60 * 60}`)
    expect(mine.cookies.get("landunits_session")).not.toBe(before)
    expect((await mine.get("/api/user")).status).toBe(200)
    expect((await other.get("/api/user")).status).toBe(401)
  })

  it("does the same through update_user_password", async () => {
    const mine = await members.newMember("user-pw@example.com", "secret9")
    const other = await members.signedIn("user-pw@example.com", "secret9")
    const changed = await mine.post("/api/user/update_user_password", {
      currentPassword: "secret9",
      newPassword: "Better2026",
      confirmNewPassword: "Better2026",
    })
    expect(changed.status).toBe(200)
    expect((await mine.get("/api/user")).status).toBe(200)
    expect((await other.get("/api/user")).status).toBe(401)
  })

  it("answers every API call with Cache-Control: no-store, signed in or not", async () => {
    const mine = await members.newMember("nostore@example.com", "secret9")
    for (const path of ["/api/user", "/api/order/getTransactions", "/api/health", "/api/no-such-route"]) {
      expect((await mine.get(path)).headers.get("cache-control"), path).toBe("no-store")
    }
    const login = await makeClient(server).post("/api/auth/login", {
      email: "nostore@example.com",
      password: "x",
    })
    expect(login.headers.get("cache-control")).toBe("no-store")
  })

  it("slows a stranger guessing from one address, and still lets the owner in from another", async () => {
    await members.newMember("owner@example.com", "secret9")
    const xsrf = "x".repeat(43)
    const answers = []
    for (let i = 0; i < 8; i++) {
      answers.push(
        await postFrom(
          server.baseUrl(),
          "127.0.0.2",
          "/api/auth/login",
          { email: "owner@example.com", password: `guess${i}` },
          xsrf,
        ),
      )
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401])
    const slowed = answers.find((a) => a.status === 429)
    expect(slowed).toBeDefined()
    expect(Number(slowed!.retryAfter)).toBeGreaterThanOrEqual(1)
    expect(slowed!.body.message).toMatch(
      /^Too many sign-in attempts\. Please wait \d+ seconds? and try again\.$/,
    )
    // The owner, from another address, right away:
    const owner = await postFrom(
      server.baseUrl(),
      "127.0.0.1",
      "/api/auth/login",
      { email: "owner@example.com", password: "secret9" },
      xsrf,
    )
    expect(owner.status).toBe(200)
  })

  it("takes the same time to refuse an unknown email as a wrong password (lower quartiles of 32 tries each, as a ratio)", async () => {
    await members.newMember("timing@example.com", "secret9")
    const attempt = (email: string, address: string) =>
      server.run(
        Effect.gen(function* () {
          const accounts = yield* AccountService
          const started = performance.now()
          const result = yield* Effect.result(accounts.login({ email, password: "wrong-password1", address }))
          const elapsed = performance.now() - started
          expect(result._tag).toBe("Failure")
          return elapsed
        }),
      )
    // One warm-up of each path (the decoy hash is made on first need), then interleaved tries.
    await attempt("timing@example.com", "warm-1")
    await attempt("nobody-warm@example.com", "warm-2")
    const known: Array<number> = []
    const unknown: Array<number> = []
    for (let i = 0; i < 32; i++) {
      known.push(await attempt("timing@example.com", `known-${i}`))
      unknown.push(await attempt(`nobody-${i}@example.com`, `unknown-${i}`))
    }
    // Hashing twice on one path (the audit's bug) reads about 2; one hash on both reads about 1.
    const ratio = lowerQuartile(unknown) / lowerQuartile(known)
    const figures = `unknown ${lowerQuartile(unknown).toFixed(1)} ms, known ${lowerQuartile(known).toFixed(1)} ms`
    expect(ratio, figures).toBeGreaterThan(0.67)
    expect(ratio, figures).toBeLessThan(1.5)
  })

  it("answers a refused sign-in's wait in the body too", async () => {
    const stranger = makeClient(server)
    await stranger.get("/api/health")
    let last: Response | undefined
    for (let i = 0; i < 7; i++)
      last = await stranger.post("/api/auth/login", { email: "wait@example.com", password: `g${i}` })
    expect(last!.status).toBe(429)
    const body = await json(last!)
    expect(body.retryAfterSeconds).toBe(Number(last!.headers.get("retry-after")))
    expect(body.message).toContain("Too many sign-in attempts")
  })
})
