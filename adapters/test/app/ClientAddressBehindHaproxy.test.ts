/**
 * The client's address behind the shipped HAProxy (docs/deploy/haproxy.cfg, docs/security.md "The client's
 * address"): one production app process (`node cli/src/start.ts`, embedded database, TRUSTED_PROXIES=127.0.0.1)
 * behind a real HAProxy configured from the template, both server lines on that one process. Test clients leave
 * from different loopback addresses (127.0.0.2, 127.0.0.3, …), which HAProxy writes into X-Forwarded-For as it
 * would a member's. Without haproxy on PATH (`.ci/run` installs it) it is reported as not run, by name.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as http from "node:http"
import * as path from "node:path"
import { type AppProcess, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import { migratedDataDir } from "@landunits/test-support/DatabaseTemplates.ts"
import { type Haproxy, startHaproxy } from "@landunits/test-support/DeployStack.ts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"

const hasHaproxy = (() => {
  try {
    execFileSync("sh", ["-c", "command -v haproxy"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()
if (!hasHaproxy) console.warn("[not run] the client's address behind HAProxy (haproxy is not on PATH)")

const XSRF = "x".repeat(43)
/** 32 bytes, base64: what `openssl rand -base64 32` makes. */
const key = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")

interface Answer {
  readonly status: number
  readonly retryAfter: string | undefined
}

/** POST /api/auth/login to `baseUrl`, leaving from `localAddress`, with `headers` beside the anti-forgery pair. */
const signIn = (
  baseUrl: string,
  localAddress: string,
  password: string,
  headers: Record<string, string> = {},
) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL("/api/auth/login", baseUrl)
    const payload = JSON.stringify({ email: DEMO_EMAIL, password })
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          cookie: `XSRF-TOKEN=${XSRF}`,
          "x-xsrf-token": XSRF,
        },
      },
      (response) => {
        response.resume()
        response.on("end", () => {
          const retryAfter = response.headers["retry-after"]
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
          })
        })
      },
    )
    request.on("error", reject)
    request.end(payload)
  })

/** Seven wrong passwords in a row (five are free, then a growing wait: docs/security.md, "Sign-in"). */
const guesses = async (baseUrl: string, localAddress: string, forged: (i: number) => string) => {
  const answers: Array<Answer> = []
  for (let i = 0; i < 7; i++)
    answers.push(await signIn(baseUrl, localAddress, `guess-${i}`, { "x-forwarded-for": forged(i) }))
  return answers
}

let dir: string | undefined
let app: AppProcess | undefined
let haproxy: Haproxy | undefined

afterAll(async () => {
  await haproxy?.stop()
  await app?.stop()
  if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true })
})

describe.runIf(hasHaproxy)("the client's address behind HAProxy (TRUSTED_PROXIES=127.0.0.1)", () => {
  beforeAll(async () => {
    dir = migratedDataDir("landunits-proxy-")
    fs.mkdirSync(path.join(dir, "app"))
    app = await startAppProcess({
      NODE_ENV: "production",
      DATABASE_URL: "",
      DATA_DIR: path.join(dir, "app"),
      DOCUMENT_KEY: key(),
      LEDGER_SIGNING_KEY: key(),
      // The demo member (production seeds nothing else of the demo): the owner of the account guessed at.
      SEED_DEMO: "1",
      APP_URL: "https://landunits.example",
      MAIL_TRANSPORT: "file",
      TRUSTED_PROXIES: "127.0.0.1",
      LOG_FORMAT: "logfmt",
    })
    const address = `127.0.0.1:${app.port}`
    haproxy = await startHaproxy(dir, [address, address])
    const deadline = Date.now() + 20_000
    for (;;) {
      const health = await fetch(`${haproxy.baseUrl}/api/health`).catch(() => undefined)
      await health?.text()
      if (health?.status === 200) break
      if (Date.now() > deadline) throw new Error(`HAProxy did not pass requests on:\n${haproxy.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 120_000)

  it("a stranger's wrong passwords through HAProxy from one address are slowed, forged X-Forwarded-For or not, and the owner's right password from another address signs in", async () => {
    const stranger = await guesses(haproxy!.baseUrl, "127.0.0.2", (i) => `198.51.100.${i + 1}`)
    expect(stranger.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401])
    expect(stranger.slice(5).some((a) => a.status === 429)).toBe(true)
    // Still counted at 127.0.0.2: even the right password waits there.
    const strangerRight = await signIn(haproxy!.baseUrl, "127.0.0.2", DEMO_PASSWORD, {
      "x-forwarded-for": "198.51.100.99",
    })
    expect(strangerRight.status).toBe(429)
    expect(Number(strangerRight.retryAfter)).toBeGreaterThanOrEqual(1)

    // The owner, through the same HAProxy, from another address, at once.
    expect((await signIn(haproxy!.baseUrl, "127.0.0.3", DEMO_PASSWORD)).status).toBe(200)
  })

  it("sent straight to the app from a peer that is not a trusted proxy, X-Forwarded-For is ignored: the peer is counted", async () => {
    // A new forged address each time: were the header believed, every guess would be a first one.
    const direct = await guesses(app!.baseUrl, "127.0.0.4", (i) => `203.0.113.${i + 1}`)
    expect(direct.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401])
    expect(direct.slice(5).some((a) => a.status === 429)).toBe(true)
  })
})
