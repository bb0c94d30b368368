/**
 * Lighthouse's mobile preset (its default config: a mid-range phone's screen, simulated slow 4G and a 4×
 * slower CPU) in Debian's Chromium, against the app started as production starts it: the web app built
 * (`npm run build`), then `npm run serve` with NODE_ENV=production, on a free port with a fresh DATA_DIR (or
 * DATABASE_URL).
 * Each page is measured BENCH_RUNS times, each run in a fresh Chromium; the table gives the median of each
 * category and of the largest contentful paint, the goal (issues 17 and 43) and what misses it, then the audits
 * the last run of each page failed, so a developer sees what to fix.
 *
 *   npm run bench:lighthouse                       # builds the web app, 3 runs of each page
 *   BENCH_BUILD=0 npm run bench:lighthouse         # the web app as last built (web/builds/current)
 *   BENCH_RUNS=5 BENCH_PAGES=/,/fees npm run bench:lighthouse
 *   BENCH_REPORTS=0 npm run bench:lighthouse       # no JSON reports (else bench/results/lighthouse/<time>/)
 *   CHROME_PATH=/path/to/chrome npm run bench:lighthouse   # or CHROMIUM_PATH; else /usr/bin/chromium
 *
 * The signed-in pages run in a browser that holds the demo member's cookies (session and signed-in marker),
 * taken by signing in through the API and put into its cookie jar before Lighthouse loads the page.
 */
import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { apiClient } from "@landunits/test-support/ApiClient.ts"
import { freePort, startAppProcess } from "@landunits/test-support/AppProcess.ts"
import * as chromeLauncher from "chrome-launcher"
import lighthouse, { type Result } from "lighthouse"
import { DEMO_EMAIL, DEMO_PASSWORD } from "../adapters/src/demo/DemoSeed.ts"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "../adapters/src/http/server/WebBuilds.ts"

const ROOT = fileURLToPath(new URL("../", import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const BUILD = process.env.BENCH_BUILD !== "0"
const REPORTS = process.env.BENCH_REPORTS !== "0"
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
/** Without the background-networking flags Chromium calls Google's services, which this network refuses. */
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

type Area = "public" | "dashboard"
interface Page {
  readonly path: string
  readonly area: Area
}

const ALL_PAGES: ReadonlyArray<Page> = [
  { path: "/", area: "public" },
  { path: "/fees", area: "public" },
  { path: "/news", area: "public" },
  { path: "/register", area: "public" },
  { path: "/faq", area: "public" },
  { path: "/dashboard", area: "dashboard" },
  { path: "/dashboard/transaction?tab=buy", area: "dashboard" },
]
const only = process.env.BENCH_PAGES?.split(",").map((p) => p.trim())
const PAGES = only === undefined ? ALL_PAGES : ALL_PAGES.filter((p) => only.includes(p.path))

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const
type Category = (typeof CATEGORIES)[number]

/**
 * The goal (issue 17 for public pages, issue 43 for a member's): the least score of each category, and the largest
 * paint's bound on every page. A member's page is `noindex` (spec §2), which Lighthouse's SEO category fails by
 * design: it is reported, not a goal (0).
 */
const GOAL: Record<Area, Record<Category, number>> = {
  public: { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 },
  dashboard: { performance: 95, accessibility: 100, "best-practices": 100, seo: 0 },
}
const LCP_GOAL_SECONDS = 2.0
const ATTEMPTS = 3
const loadBefore = os.loadavg()[0]!.toFixed(1)
const startedAt = new Date().toISOString()

const median = (values: ReadonlyArray<number>) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

type Audit = Result["audits"][string]
type Item = Readonly<Record<string, unknown>>

/** Audits that are not judged (manual checks, notes, not applicable) have no score to fail. */
const isFailed = (audit: Audit) =>
  audit.score !== null &&
  audit.score < 1 &&
  !["manual", "informative", "notApplicable"].includes(audit.scoreDisplayMode)

const record = (value: unknown): Item | undefined =>
  typeof value === "object" && value !== null ? (value as Item) : undefined
const text = (value: unknown) => (typeof value === "string" ? value : undefined)
/** The rows of an audit's details when they are a list. */
const itemsOf = (audit: Audit | undefined): Array<Item> => {
  const items = record(audit?.details)?.items
  return Array.isArray(items) ? items.map(record).filter((i) => i !== undefined) : []
}

/** One line for one row of an audit's table: what it is about and what it costs. */
const describeItem = (item: Item, base: string) => {
  const node = record(item.node) ?? (item.type === "node" ? item : undefined) ?? record(item.source)
  const source = record(item.source) ?? record(item.sourceLocation)
  const where =
    text(item.url) ??
    text(source?.url) ??
    (node
      ? [...new Set([text(node.nodeLabel), text(node.selector), text(node.snippet)])]
          .filter((t) => t !== undefined)
          .join(" ")
      : undefined)
  const parts = [
    text(item.description),
    text(item.label) ?? text(item.groupLabel) ?? text(item.subpart),
    where?.replaceAll(base, ""),
  ]
  const number = (key: string) => (typeof item[key] === "number" ? (item[key] as number) : undefined)
  const bytes = number("wastedBytes") ?? number("totalBytes")
  const ms = number("wastedMs") ?? number("duration") ?? number("reflowTime")
  if (bytes !== undefined) parts.push(`${(bytes / 1024).toFixed(0)} KiB`)
  if (ms !== undefined) parts.push(`${ms.toFixed(0)} ms`)
  // Why, where the audit says (image delivery: the format, the size for the displayed dimensions).
  const subItems = record(item.subItems)?.items
  if (Array.isArray(subItems)) parts.push(...subItems.map((sub) => text(record(sub)?.reason)))
  return parts.filter((p) => p !== undefined && p !== "").join(" · ")
}

/** The critical request chain Lighthouse marks as the longest: what the browser waits on, one after another. */
const longestChain = (chains: Item | undefined, base: string): Array<string> => {
  const next = Object.values(chains ?? {})
    .map(record)
    .find((c) => c?.isLongest === true)
  if (next === undefined) return []
  const ms = typeof next.navStartToEndTime === "number" ? ` (${next.navStartToEndTime.toFixed(0)} ms)` : ""
  return [`${text(next.url)?.replaceAll(base, "") ?? "?"}${ms}`, ...longestChain(record(next.children), base)]
}

/** The unmet checks of a checklist (document latency, LCP discovery). */
const unmet = (checks: Item | undefined) =>
  Object.values(checks ?? {})
    .map(record)
    .filter((c) => c?.value === false)
    .map((c) => `not met: ${text(c?.label) ?? "?"}`)

/** The rows of an audit's details, whatever their kind (table, opportunity, checklist, list of tables). */
const detailLines = (audit: Audit, base: string, limit = 5): Array<string> => {
  const details = record(audit.details)
  if (details?.type === "checklist") return unmet(record(details.items))
  const tree = itemsOf(audit)
    .map((i) => record(i.value))
    .find((v) => v?.type === "network-tree")
  if (tree !== undefined) return [`longest chain: ${longestChain(record(tree.chains), base).join(" → ")}`]
  // A list holds checklists, nodes or tables (forced reflow, the LCP breakdown): each gives its rows.
  const lines = [
    ...new Set(
      itemsOf(audit).flatMap((item) =>
        item.type === "checklist"
          ? unmet(record(item.items))
          : Array.isArray(item.items)
            ? item.items.flatMap((row) => (record(row) ? [describeItem(record(row)!, base)] : []))
            : [describeItem(item, base)],
      ),
    ),
  ].filter((line) => line !== "")
  return lines.length > limit ? [...lines.slice(0, limit), `… and ${lines.length - limit} more`] : lines
}

/** The audits a run failed, with their rows, and the largest paint's element (what to make faster). */
const failingAudits = (page: Page, lhr: Result): Array<string> => {
  const base = new URL(lhr.requestedUrl ?? "http://x").origin
  const lcpElement = itemsOf(lhr.audits["lcp-breakdown-insight"]).find((i) => i.type === "node")
  const failed = Object.entries(lhr.audits).filter(([, audit]) => isFailed(audit))
  return [
    `### ${page.path}: ${failed.length} audits below 1 in the last run`,
    ...lhr.runWarnings.map((w) => `Warning: ${w}`),
    ...(lcpElement ? [`LCP element: ${describeItem(lcpElement, base)}`] : []),
    ...failed.flatMap(([id, audit]) => [
      `- ${id} (${audit.score?.toFixed(2)}): ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ""}`,
      ...detailLines(audit, base, id === "errors-in-console" ? 20 : 5).map((line) => `    ${line}`),
    ]),
    "",
  ]
}

if (PAGES.length === 0) throw new Error(`BENCH_PAGES names none of ${ALL_PAGES.map((p) => p.path).join(",")}`)
if (!fs.existsSync(CHROME))
  throw new Error(`No Chromium at ${CHROME}: apt-get install -y chromium, or set CHROME_PATH`)

if (BUILD) {
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" })
  if (build.status !== 0) throw new Error("npm run build failed")
}
if (currentBuild(DEFAULT_WEB_BUILDS_DIR) === undefined)
  throw new Error("No web build is current: npm run build")

// What a visitor gets in production: NODE_ENV=production (Secure cookies, HSTS, no development extras),
// with the demo data asked for (SEED_DEMO) so that prices and fees are set, as an operator sets them, and
// there is a member to sign in as.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-bench-lighthouse-"))
const port = await freePort()
const app = await startAppProcess(
  {
    NODE_ENV: "production",
    DOCUMENT_KEY: randomBytes(32).toString("base64"),
    LEDGER_SIGNING_KEY: randomBytes(32).toString("base64"),
    // Production needs its public URL: here the address the audits open.
    APP_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: "1",
    // No mail server: the emails are files, as production allows when told.
    MAIL_TRANSPORT: "file",
    DATA_DIR: dataDir,
    LOG_LEVEL: "Warn",
  },
  undefined,
  { port, command: "serve" },
)
const stamp = new Date().toISOString().replace(/[:.]/g, "-")
const reportDir = path.join(ROOT, "bench/results/lighthouse", stamp)
if (REPORTS) fs.mkdirSync(reportDir, { recursive: true })

/**
 * Puts the member's cookies in the browser's own jar (the DevTools protocol's Storage.setCookies on the
 * browser target), as a browser that signed in holds them: the session cookie for the API and the script-
 * readable signed-in marker the web app reads before it asks for the member. Lighthouse keeps cookies when it
 * resets a page's storage. (A Cookie request header would reach the server but not `document.cookie`.)
 */
const setBrowserCookies = async (
  port: number,
  cookies: ReadonlyArray<{ readonly name: string; readonly value: string; readonly url: string }>,
): Promise<void> => {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    readonly webSocketDebuggerUrl: string
  }
  const socket = new WebSocket(version.webSocketDebuggerUrl)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  const answer = new Promise<{ readonly error?: { readonly message: string } }>((resolve) => {
    socket.onmessage = (event) => resolve(JSON.parse(String(event.data)))
  })
  socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies } }))
  const { error } = await answer
  socket.close()
  if (error !== undefined) throw new Error(`Setting the member's cookies failed: ${error.message}`)
}

interface Run {
  readonly scores: Record<Category, number>
  readonly lcpSeconds: number
  readonly lhr: Result
}

try {
  const client = apiClient(() => app.baseUrl)
  await client.get("/api/health")
  const login = await client.post("/api/auth/login", { email: DEMO_EMAIL, password: DEMO_PASSWORD })
  if (!login.ok)
    throw new Error(`Signing in as ${DEMO_EMAIL} answered ${login.status}: ${await login.text()}`)
  const cookies = [...client.cookies].map(([name, value]) => ({ name, value, url: app.baseUrl }))
  for (const page of PAGES.filter((p) => p.area === "dashboard")) {
    const html = await (await client.get(page.path)).text()
    if (!html.includes('"/user":{"ok":true'))
      throw new Error(`${page.path} is not rendered on the server for the signed-in member`)
  }

  /** One run, or why Lighthouse could not record it (its trace is lost now and then on a loaded machine). */
  const measureOnce = async (page: Page): Promise<Run | { readonly failed: string }> => {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: CHROME_FLAGS,
      logLevel: "error",
    })
    try {
      if (page.area === "dashboard") await setBrowserCookies(chrome.port, cookies)
      const result = await lighthouse(`${app.baseUrl}${page.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      })
      if (result === undefined) throw new Error(`Lighthouse gave no result for ${page.path}`)
      const lhr = result.lhr
      if (lhr.runtimeError !== undefined)
        return { failed: `${lhr.runtimeError.code} ${lhr.runtimeError.message}` }
      // A member's page is rendered on the server for its member (its HTML carries the member's `GET /user`,
      // checked before the runs); signed out, it would have led to /login.
      if (
        page.area === "dashboard" &&
        new URL(lhr.finalDisplayedUrl).pathname !== page.path.replace(/\?.*/, "")
      )
        throw new Error(`${page.path} was not measured signed in: it ended on ${lhr.finalDisplayedUrl}`)
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
      ) as Record<Category, number>
      const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN
      return { scores, lcpSeconds: lcpMs / 1000, lhr }
    } finally {
      chrome.kill()
    }
  }

  /** A run Lighthouse could not record is tried again, as its message asks, up to ATTEMPTS times. */
  const measure = async (page: Page): Promise<Run> => {
    for (let attempt = 1; ; attempt++) {
      const run = await measureOnce(page)
      if (!("failed" in run)) return run
      if (attempt === ATTEMPTS)
        throw new Error(`Lighthouse on ${page.path}, ${attempt} attempts: ${run.failed}`)
      console.error(`${page.path}: Lighthouse could not record the run (${run.failed}); trying again`)
    }
  }

  const results: Array<{ page: Page; runs: Array<Run> }> = []
  for (const page of PAGES) {
    const runs: Array<Run> = []
    for (let i = 1; i <= RUNS; i++) {
      const run = await measure(page)
      runs.push(run)
      if (REPORTS) {
        const name = `${page.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}-${i}.json`
        fs.writeFileSync(path.join(reportDir, name), JSON.stringify(run.lhr))
      }
      console.error(
        `${page.path} run ${i}/${RUNS}: ${CATEGORIES.map((c) => run.scores[c]).join(" ")}, LCP ${run.lcpSeconds.toFixed(2)} s`,
      )
    }
    results.push({ page, runs })
  }

  const version = results[0]?.runs[0]?.lhr.lighthouseVersion ?? "?"
  const chromium = /[\d.]+/.exec(spawnSync(CHROME, ["--version"], { encoding: "utf8" }).stdout)?.[0] ?? "?"
  // Lighthouse's own measure of this CPU at each run (higher is faster): other work on the cores lowers it.
  const benchmarkIndex = median(
    results.flatMap((r) => r.runs.map((run) => run.lhr.environment.benchmarkIndex)),
  )
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.trim()
  const misses: Array<string> = []
  const rows = results.map(({ page, runs }) => {
    const goal = GOAL[page.area]
    const scores = CATEGORIES.map((c) => {
      const m = median(runs.map((r) => r.scores[c]))
      if (m < goal[c]) misses.push(`${page.path} ${c} ${m} < ${goal[c]}`)
      return m
    })
    const lcp = median(runs.map((r) => r.lcpSeconds))
    if (!(lcp < LCP_GOAL_SECONDS))
      misses.push(`${page.path} LCP ${lcp.toFixed(1)} s ≥ ${LCP_GOAL_SECONDS.toFixed(1)} s`)
    const each = runs.map((r) => r.scores.performance).join(" ")
    return `| ${page.path} | ${scores.join(" | ")} | ${lcp.toFixed(1)} | ${each} |`
  })
  console.log(
    [
      `Lighthouse ${version}, mobile preset (simulated slow 4G, 4× CPU), Chromium ${chromium}, ${RUNS} run${RUNS === 1 ? "" : "s"} of each page, ` +
        `the app at ${commit} with NODE_ENV=production on ${process.env.DATABASE_URL ? "a PostgreSQL server" : "the embedded database"}; ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), Lighthouse's CPU benchmark index ${benchmarkIndex} ` +
        `(median), 1-min load average ${loadBefore} before and ${os.loadavg()[0]!.toFixed(1)} after; ` +
        `${startedAt} to ${new Date().toISOString()}`,
      "",
      "Medians:",
      "",
      "| page | performance | accessibility | best practices | SEO | LCP s | performance, each run |",
      "|---|---:|---:|---:|---:|---:|---|",
      ...rows,
      "",
      `Goal (issues 17, 43): performance ≥ ${GOAL.public.performance} on every page; accessibility and best practices 100; ` +
        `SEO 100 on public pages (a member's page is noindex, spec §2); LCP < ${LCP_GOAL_SECONDS.toFixed(1)} s on every page.`,
      misses.length === 0
        ? "Every figure meets the goal."
        : `Misses (${misses.length}):\n${misses.map((m) => `- ${m}`).join("\n")}`,
      "",
      ...results.flatMap(({ page, runs }) => failingAudits(page, runs.at(-1)!.lhr)),
      REPORTS ? `JSON reports: ${path.relative(ROOT, reportDir)}/` : "",
    ].join("\n"),
  )
} finally {
  await app.stop()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
