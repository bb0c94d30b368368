/**
 * "Production is production" (docs/decisions.md): the real server entry (`node cli/src/start.ts`) run as its own
 * process with NODE_ENV=production, on the embedded database in a fresh DATA_DIR each time; and `npm run serve`, the
 * production start, refusing before it loads the app when something production needs is missing.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createPrivateKey, createPublicKey } from "node:crypto"
import * as fs from "node:fs"
import * as http from "node:http"
import * as net from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../src/demo/DemoSeed.ts"
import { EXIT_CONFIG } from "../../src/settings/ProductionStartChecks.ts"
import { json, makeClient } from "../support/TestServer.ts"

const ROOT = fileURLToPath(new URL("../../../", import.meta.url))
const START = path.join(ROOT, "cli/src/start.ts")
/** 32 bytes in base64, as `openssl rand -base64 32` makes them. */
const DOCUMENT_KEY = Buffer.alloc(32, 7).toString("base64")
/** A 32-byte Ed25519 seed, as `openssl rand -base64 32` makes it. */
const LEDGER_SIGNING_KEY = Buffer.alloc(32, 9).toString("base64")
const KEYS = { DOCUMENT_KEY, LEDGER_SIGNING_KEY }
/** The site's public URL: production's passkeys, sitemap and email links name it, whatever a request's Host. */
const APP_URL = "https://landunits.example"
/** Everything a production start needs; no mail server here, so the emails are files, chosen as production asks. */
const PRODUCTION = { ...KEYS, APP_URL, MAIL_TRANSPORT: "file" }

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() =>
        typeof address === "object" && address !== null
          ? resolve(address.port)
          : reject(new Error("no port")),
      )
    })
  })

interface Start {
  readonly child: ChildProcess
  readonly dataDir: string
  readonly url: string
  /** Everything the process wrote so far, stdout and stderr. */
  readonly log: () => string
}

const started: Array<Start> = []

afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      const exited = new Promise((resolve) => s.child.once("exit", resolve))
      s.child.kill("SIGTERM")
      await exited
    }
    fs.rmSync(s.dataDir, { recursive: true, force: true })
  }
})

/**
 * Starts production on a fresh DATA_DIR with `env` and nothing else of ours (no DATABASE_URL, no key);
 * `prepare` may put files in DATA_DIR first; `user`, another OS user to run as (the test runs as root).
 */
const startProduction = async (
  env: Record<string, string>,
  prepare: (dataDir: string) => void = () => {},
  user?: { readonly uid: number; readonly gid: number },
): Promise<Start> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-production-"))
  prepare(dataDir)
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    "DATABASE_URL",
    "DOCUMENT_KEY",
    "DOCUMENT_KEY_PREVIOUS",
    "LEDGER_SIGNING_KEY",
    "LEDGER_EARLIER_PUBLIC_KEYS",
    "SEED_DEMO",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "APP_URL",
    "SMTP_URL",
    "MAIL_TRANSPORT",
  ])
    delete childEnv[name]
  Object.assign(
    childEnv,
    { NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1" },
    env,
  )
  const child = spawn(process.execPath, [START], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    ...user,
  })
  let log = ""
  child.stdout?.on("data", (d) => {
    log += d
  })
  child.stderr?.on("data", (d) => {
    log += d
  })
  const s = { child, dataDir, url: `http://127.0.0.1:${port}`, log: () => log }
  started.push(s)
  return s
}

/** Waits until the process answers /api/health (true) or exits (false). */
const serving = async (s: Start): Promise<boolean> => {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) return false
    try {
      if ((await fetch(`${s.url}/api/health`)).ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The production start neither served nor stopped:\n${s.log()}`)
}

const exitCode = (s: Start) =>
  s.child.exitCode !== null
    ? Promise.resolve(s.child.exitCode)
    : new Promise<number | null>((resolve) => s.child.once("exit", (code) => resolve(code)))

/**
 * The confirmation token of the newest email to `to` in DATA_DIR/mail (the outbox delivers it shortly). Only
 * `.eml` files are read, as the browser tests' mail readers do: the transport's partial files are not emails.
 */
const confirmationToken = async (s: Start, to: string) => {
  const dir = path.join(s.dataDir, "mail")
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.endsWith(".eml") && f.includes(to))
      : []
    for (const file of files) {
      const text = fs
        .readFileSync(path.join(dir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/gi, "=")
      const token = /\/account\/confirm\?token=([A-Za-z0-9_%.-]+)/.exec(text)?.[1]
      if (token !== undefined) return decodeURIComponent(token)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No confirmation email to ${to}:\n${s.log()}`)
}

/** Every path under `root` (itself included) whose permissions are not private: folders 0700, files 0600. */
const notPrivate = (root: string): Array<string> => {
  const open: Array<string> = []
  const walk = (at: string) => {
    let stat: fs.Stats
    try {
      stat = fs.lstatSync(at)
    } catch {
      return // removed while walked (a partial email renamed, a socket at stop)
    }
    const mode = stat.mode & 0o777
    if (stat.isDirectory()) {
      if (mode !== 0o700) open.push(`${at} ${mode.toString(8)}`)
      for (const entry of fs.readdirSync(at)) walk(path.join(at, entry))
    } else if (!stat.isSymbolicLink() && mode !== 0o600) open.push(`${at} ${mode.toString(8)}`)
  }
  walk(root)
  return open
}

/** A GET or POST sent with its own Host header (fetch sends the URL's host whatever it is told). */
const withHost = (
  url: string,
  host: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method ?? "GET", headers: { ...options.headers, host } },
      (response) => {
        let body = ""
        response.setEncoding("utf8")
        response.on("data", (chunk) => {
          body += chunk
        })
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    request.on("error", reject)
    request.end(options.body)
  })

/** An installation left open by an earlier version: folders 0755, files 0644 (a reset link among them). */
const leftOpen = (dataDir: string) => {
  fs.chmodSync(dataDir, 0o755)
  fs.mkdirSync(path.join(dataDir, "mail"))
  fs.chmodSync(path.join(dataDir, "mail"), 0o755)
  fs.writeFileSync(path.join(dataDir, "mail", "old-reset-link.eml"), "To: ann@example.com\n\nreset")
  fs.chmodSync(path.join(dataDir, "mail", "old-reset-link.eml"), 0o644)
}

describe("a production start (NODE_ENV=production)", () => {
  it("without DOCUMENT_KEY stops before it opens the database, naming the setting and how to make one", async () => {
    const s = await startProduction({})
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("DOCUMENT_KEY is not set")
    expect(s.log()).toContain("openssl rand -base64 32")
    // No embedded database, no generated key, no mail: nothing was created, so nothing was migrated or seeded.
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("with a DOCUMENT_KEY that is not 32 bytes stops the same way", async () => {
    const s = await startProduction({ DOCUMENT_KEY: "c2hvcnQ=" })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("DOCUMENT_KEY must be 32 random bytes")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("with a malformed DOCUMENT_KEY_PREVIOUS stops the same way, naming which earlier key and never its value", async () => {
    const s = await startProduction({
      ...KEYS,
      DOCUMENT_KEY_PREVIOUS: `${Buffer.alloc(32, 1).toString("base64")}, bm90LWEta2V5`,
    })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("DOCUMENT_KEY_PREVIOUS (key 2 of 2) must be 32 random bytes")
    expect(s.log()).not.toContain("bm90LWEta2V5")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("without LEDGER_SIGNING_KEY stops the same way, naming it: checkpoints are never signed by a made-up key", async () => {
    const s = await startProduction({ DOCUMENT_KEY })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("LEDGER_SIGNING_KEY is not set")
    expect(s.log()).toContain("the Ed25519 key that signs the ledger's public checkpoints")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("without APP_URL stops the same way, naming it: no request's Host chooses the passkeys' site or the sitemap's", async () => {
    const s = await startProduction(KEYS)
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("APP_URL is not set. Production needs the site's public URL")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("with an APP_URL that is not an http(s) URL stops the same way", async () => {
    const s = await startProduction({ ...KEYS, APP_URL: "landunits.example" })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("APP_URL must be the site's public URL, as https://landunits.example")
  })

  it("without SMTP_URL stops the same way, naming it and MAIL_TRANSPORT=file: emails never become files unasked", async () => {
    const s = await startProduction({ ...KEYS, APP_URL })
    expect(await serving(s)).toBe(false)
    expect(await exitCode(s)).not.toBe(0)
    expect(s.log()).toContain("SMTP_URL is not set. Production sends its emails")
    expect(s.log()).toContain("MAIL_TRANSPORT=file")
    expect(fs.readdirSync(s.dataDir)).toEqual([])
  })

  it("seeds the site content but no demo data, never prints a sign-in, serves members before prices are set, and keeps DATA_DIR private", async () => {
    const s = await startProduction(PRODUCTION, leftOpen)
    expect(await serving(s)).toBe(true)
    const anonymous = makeClient({ baseUrl: () => s.url })
    await anonymous.get("/api/health")

    // The public site is complete…
    const news = await anonymous.get("/api/content/news")
    expect(news.status).toBe(200)
    expect((await json(news)).length).toBeGreaterThan(0)
    expect((await json(await anonymous.get("/api/content/projects"))).length).toBeGreaterThan(0)
    // …and nothing else was seeded: no demo member, no fake bank account, no price.
    expect(
      (await anonymous.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })).status,
    ).toBe(401)
    const fees = await anonymous.get("/api/market/fees")
    expect(fees.status).toBe(200)
    expect((await json(fees)).fees).toEqual([])

    // A member registers, confirms and signs in; every page they open answers without a price configured.
    const member = makeClient({ baseUrl: () => s.url })
    await member.get("/api/health")
    const email = "first.member@example.com"
    const password = "Member2026"
    const registered = await member.post("/api/user/register", {
      email,
      firstName: "First",
      lastName: "Member",
      password,
      userType: "USER",
      termsAccepted: true,
    })
    expect(registered.status).toBe(200)
    expect((await member.get(`/api/auth/confirmation/${await confirmationToken(s, email)}`)).status).toBe(200)
    const login = await member.post("/api/auth/login", { email, password })
    expect(login.status).toBe(200)
    const bundle = await json(await member.get("/api/user"))
    expect(bundle).toMatchObject({ prices: [], exchangeRate: [], adminBankDetails: [] })
    expect(bundle.userDashBoardDetails.holdings.map((h: { owned: number }) => h.owned)).toEqual([0, 0, 0, 0])
    const prices = await member.get("/api/order/get_price")
    expect(prices.status).toBe(200)
    expect(await json(prices)).toEqual([])
    expect((await member.get("/api/user/holdings")).status).toBe(200)
    expect((await member.get("/api/utility/get-your-impact")).status).toBe(200)
    const buy = await member.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 10 },
      },
      { headers: { "idempotency-key": "first-buy-before-prices" } },
    )
    expect(buy.status).toBe(409)
    expect((await json(buy)).message).toBe("LAND_EUR Units are not on sale yet.")

    // The passkeys' site and the sitemap's URLs are APP_URL's, whatever Host the request names.
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const passkeyOptions = await withHost(
      `${s.url}/api/user/second-factor/passkeys/options`,
      "evil.example",
      {
        method: "POST",
        headers: { cookie, "x-xsrf-token": member.cookies.get("XSRF-TOKEN") ?? "" },
      },
    )
    expect(passkeyOptions.status).toBe(200)
    expect(JSON.parse(passkeyOptions.body).options.rp).toMatchObject({ id: "landunits.example" })
    const sitemap = await withHost(`${s.url}/sitemap.xml`, "evil.example")
    expect(sitemap.status).toBe(200)
    expect(sitemap.body).toContain("<loc>https://landunits.example/</loc>")
    expect(sitemap.body).not.toContain("evil.example")

    const log = s.log()
    expect(log).toContain("No demo data in production")
    expect(log).toContain("landunits pricing set-price")
    expect(log).not.toContain(DEMO_PASSWORD)
    expect(log).not.toContain(DEMO_EMAIL)
    expect(log).not.toContain("Unhandled error")
    // The start line names the address it is bound to (the port a balancer points at), and the public URL.
    expect(log).toContain(`Landunits serves on ${s.url} (public URL ${APP_URL};`)
    // MAIL_TRANSPORT=file: said at the start, where the files go.
    expect(log).toContain(`Emails are delivered through files in ${path.join(s.dataDir, "mail")}`)
    expect(fs.existsSync(path.join(s.dataDir, "document.key"))).toBe(false)
    expect(fs.existsSync(path.join(s.dataDir, "ledger-signing.key"))).toBe(false)
    // The ledger key is the one configured: its public half, as the seed gives it.
    const key = await json(await anonymous.get("/api/ledger/public-key"))
    const publicKey = createPublicKey(
      createPrivateKey({
        key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.alloc(32, 9)]),
        format: "der",
        type: "pkcs8",
      }),
    )
    expect(key.publicKeyPem).toBe(publicKey.export({ format: "pem", type: "spki" }))

    // DATA_DIR: what the start found open to other local users (leftOpen) it made private and named; what it
    // wrote since (the database and its write-ahead log, the confirmation email with its live link) is 0600 in
    // 0700 folders. (One start for both: each production start migrates a fresh embedded database.)
    expect(log).toContain(`DATA_DIR ${s.dataDir}: made 3 paths private (folders 0700, files 0600)`)
    expect(log).toMatch(/made 3 paths private[^\n]*mail\/old-reset-link\.eml/)
    expect(fs.readdirSync(path.join(s.dataDir, "pg", "pg_wal")).length).toBeGreaterThan(0)
    expect(fs.readdirSync(path.join(s.dataDir, "mail")).some((f) => f.includes(email))).toBe(true)
    expect(notPrivate(s.dataDir)).toEqual([])
  })

  // Only root can start the app as another user, who then finds DATA_DIR open and not theirs to fix.
  it.runIf(process.getuid?.() === 0)(
    "refuses to start on a DATA_DIR open to other users that it cannot make private (another user owns it), naming the paths",
    async () => {
      const s = await startProduction(PRODUCTION, leftOpen, { uid: 65534, gid: 65534 })
      expect(await serving(s)).toBe(false)
      expect(await exitCode(s)).not.toBe(0)
      expect(s.log()).toContain(
        `DATA_DIR ${s.dataDir} holds 3 paths that other local users can read or write and that this user (uid 65534) cannot make private`,
      )
      expect(s.log()).toContain("mail/old-reset-link.eml")
      expect(fs.existsSync(path.join(s.dataDir, "pg"))).toBe(false)
    },
  )

  it("with SEED_DEMO=1 seeds the demo member, still without printing its sign-in", async () => {
    const s = await startProduction({ ...PRODUCTION, SEED_DEMO: "1" })
    expect(await serving(s)).toBe(true)
    const client = makeClient({ baseUrl: () => s.url })
    await client.get("/api/health")
    const login = await client.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })
    expect(login.status).toBe(200)
    expect((await json(login)).user.kycStatus).toBe("Verified")
    expect(s.log()).toContain("Seeded demo data (SEED_DEMO)")
    expect(s.log()).not.toContain(DEMO_PASSWORD)
    // No receiving address and no coin price in production: no coin is offered, and a crypto buy is refused in words.
    const settings = await json(await client.get("/api/payments/settings"))
    expect(settings.crypto).toEqual({
      BITCOIN: { mode: "unavailable", pricedIn: [] },
      ETHER: { mode: "unavailable", pricedIn: [] },
    })
    const crypto = await client.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 2 },
        paymentDetails: { paymentMethod: "crypto" },
      },
      { headers: { "idempotency-key": "production-crypto-1" } },
    )
    expect(crypto.status).toBe(400)
    expect((await json(crypto)).message).toMatch(/^Payment by crypto is not available for EUR/)
  })
})

/**
 * `npm run serve` with `env` and nothing else of ours, on an empty DATA_DIR and an empty web builds folder; resolves
 * once it exited, with its status, its output and what both folders hold then.
 */
const serveRefusal = async (env: Record<string, string>) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-serve-"))
  const builds = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-serve-builds-"))
  try {
    const childEnv: NodeJS.ProcessEnv = { ...process.env }
    for (const name of [
      "DATABASE_URL",
      "DOCUMENT_KEY",
      "LEDGER_SIGNING_KEY",
      "APP_URL",
      "NODE_ENV",
      "SMTP_URL",
    ])
      delete childEnv[name]
    Object.assign(
      childEnv,
      { DATA_DIR: dataDir, WEB_BUILDS_DIR: builds, PORT: String(await freePort()) },
      env,
    )
    const child = spawn("npm", ["run", "serve"], {
      cwd: ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let log = ""
    child.stdout?.on("data", (d) => {
      log += d
    })
    child.stderr?.on("data", (d) => {
      log += d
    })
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)))
    return { code, log, dataDir: fs.readdirSync(dataDir), builds: fs.readdirSync(builds) }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(builds, { recursive: true, force: true })
  }
}

describe("npm run serve, the production start, never builds", () => {
  it("with a setting missing and nothing built, it refuses at once with every reason and status 78: no build step ran, nothing was created", async () => {
    const refused = await serveRefusal({ NODE_ENV: "production", DOCUMENT_KEY })
    expect(refused.code).toBe(EXIT_CONFIG)
    expect(refused.log).toContain("Refused to start: LEDGER_SIGNING_KEY is not set")
    expect(refused.log).toContain("Refused to start: No web build in")
    expect(refused.log).toContain("run `npm run build`")
    // No build: the builds folder is as empty as it was, and Vite never spoke; no database, no key, no log line
    // of the app (its modules were never loaded).
    expect(refused.builds).toEqual([])
    expect(refused.log).not.toMatch(/vite|building|transforming/i)
    expect(refused.dataDir).toEqual([])
    expect(refused.log).not.toContain('"level"')
  })

  it("with every setting but no web build, it refuses naming the build alone", async () => {
    const refused = await serveRefusal({ NODE_ENV: "production", ...PRODUCTION })
    expect(refused.code).toBe(EXIT_CONFIG)
    expect(refused.log.match(/Refused to start/g)).toHaveLength(1)
    expect(refused.log).toContain("Refused to start: No web build in")
    expect(refused.builds).toEqual([])
  })

  it("without NODE_ENV=production it refuses, pointing development to npm start", async () => {
    const refused = await serveRefusal(PRODUCTION)
    expect(refused.code).toBe(EXIT_CONFIG)
    expect(refused.log).toContain("npm run serve is the production start and needs NODE_ENV=production")
    expect(refused.log).toContain("run npm start")
  })
})
