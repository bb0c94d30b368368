/**
 * The rolling restart (issues 28 and 39): buys made through HAProxy without a pause while each app process in turn
 * is stopped (SIGTERM: health 503, HAProxy takes it out, it drains and exits) and started again; beside them,
 * guests load a page through HAProxy and then every script and style sheet it names, as a browser does. A release
 * (`release`: a new web build published, as `npm run build` does) comes before the first restart, so the
 * processes serve two builds while the restarts last. Every answer is kept: a failure is any answer but 200 (or no
 * answer), and an acknowledged order (a 200 with its order) that is not in the database afterwards is lost. After
 * each restart every process is also asked directly for its page, and for every asset of every page seen so far.
 */
import { apiClient } from "./ApiClient.ts"
import type { DeployStack, RestartTimeline } from "./DeployStack.ts"

/** The demo member SEED_DEMO seeds (adapters/src/demo/DemoSeed.ts). */
const DEMO = { email: "demo@landunits.example", password: "LandDemo2026" }
const UNIT_TYPES = ["LAND_EUR", "LAND_USD", "LAND_AUD", "LAND_POUND"] as const

export interface Answer {
  /** ms since the scenario began. */
  readonly start: number
  readonly end: number
  /** The HTTP status, or 0 when no answer came. */
  readonly status: number
  readonly orderId?: string
  readonly error?: string
}

export interface AssetAnswer extends Answer {
  readonly path: string
  /** Through HAProxy, or the process asked directly after a restart. */
  readonly via: string
}

export interface RollingRestartOptions {
  readonly clients: number
  /** Buys before the first restart, and between and after the restarts. */
  readonly steadyMs: number
  /** Guests loading a page and its assets through HAProxy, back to back (none by default). */
  readonly pageClients?: number
  /** The page they load (`/` by default). */
  readonly page?: string
  /** The release before the first restart: publishes a new web build, as `npm run build` does. */
  readonly release?: () => Promise<void>
}

export interface RollingRestartResult {
  readonly answers: ReadonlyArray<Answer>
  readonly restarts: ReadonlyArray<RestartTimeline & { readonly startedAt: number }>
  /** The window from the first SIGTERM to the last process back UP, ms since the scenario began. */
  readonly restartWindow: { readonly from: number; readonly to: number }
  readonly acknowledged: number
  /** Acknowledged orders the database does not hold. */
  readonly lost: ReadonlyArray<string>
  readonly retries: number
  readonly redispatches: number
  /** Every page load through HAProxy. */
  readonly pages: ReadonlyArray<Answer>
  /** Every asset asked for, through HAProxy after a page, and directly of each process after each restart. */
  readonly assets: ReadonlyArray<AssetAnswer>
  /** The distinct asset lists of the pages served: one per build the processes served. */
  readonly pageBuilds: ReadonlyArray<ReadonlyArray<string>>
  /** When the release (the new build) was published, ms since the scenario began. */
  readonly releasedAt?: number
}

/** The scripts and style sheets a page names (`<script src>`, `<link href>` of the build's /assets/). */
export const assetsOfPage = (html: string): ReadonlyArray<string> => [
  ...new Set(
    [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!),
  ),
]

export const runRollingRestart = async (
  stack: DeployStack,
  options: RollingRestartOptions,
): Promise<RollingRestartResult> => {
  const client = apiClient(() => stack.baseUrl)
  await (await client.get("/api/health")).text()
  const login = await client.post("/api/auth/login", DEMO)
  if (login.status !== 200)
    throw new Error(`Sign-in through HAProxy answered ${login.status}: ${await login.text()}`)

  const began = performance.now()
  const now = () => performance.now() - began
  const answers: Array<Answer> = []
  let stopped = false
  let n = 0
  const lane = async (lane: number) => {
    while (!stopped) {
      const start = now()
      const i = n++
      try {
        const response = await client.post(
          "/api/order/create_order",
          {
            orderType: "BUY",
            confirmsBusinessPurpose: true,
            currencyUnit: { unitType: UNIT_TYPES[lane % UNIT_TYPES.length], numberOfUnits: 1 },
            paymentDetails: { paymentMethod: "bank" },
          },
          { headers: { "idempotency-key": `deploy-${process.pid}-${i}` } },
        )
        const body = await response.text()
        const orderId =
          response.status === 200
            ? (JSON.parse(body) as { orderCreatedData?: { orderId?: string } }).orderCreatedData?.orderId
            : undefined
        answers.push({
          start,
          end: now(),
          status: response.status,
          ...(orderId === undefined ? {} : { orderId }),
          ...(response.status === 200 ? {} : { error: body.slice(0, 300) }),
        })
      } catch (error) {
        answers.push({ start, end: now(), status: 0, error: String((error as Error).cause ?? error) })
      }
    }
  }
  const pages: Array<Answer> = []
  const assets: Array<AssetAnswer> = []
  const pageBuilds = new Map<string, ReadonlyArray<string>>()
  const fetchAsset = async (base: string, path: string, via: string) => {
    const start = now()
    try {
      const response = await fetch(`${base}${path}`)
      await response.arrayBuffer()
      assets.push({ start, end: now(), status: response.status, path, via })
    } catch (error) {
      assets.push({ start, end: now(), status: 0, path, via, error: String((error as Error).cause ?? error) })
    }
  }
  const pageLane = async () => {
    while (!stopped) {
      const start = now()
      try {
        const response = await fetch(`${stack.baseUrl}${options.page ?? "/"}`)
        const html = await response.text()
        pages.push({ start, end: now(), status: response.status })
        const named = assetsOfPage(html)
        if (named.length > 0) pageBuilds.set(named.join(" "), named)
        await Promise.all(named.map((path) => fetchAsset(stack.baseUrl, path, "haproxy")))
      } catch (error) {
        pages.push({ start, end: now(), status: 0, error: String((error as Error).cause ?? error) })
      }
    }
  }
  /** Each process's own page, then every asset of every page seen so far, asked of each process directly. */
  const askEveryProcess = async () => {
    for (const name of stack.names) {
      const html = await (await fetch(`${stack.appUrl(name)}${options.page ?? "/"}`)).text()
      const named = assetsOfPage(html)
      if (named.length > 0) pageBuilds.set(named.join(" "), named)
    }
    await Promise.all(
      stack.names.flatMap((name) =>
        [...pageBuilds.values()].flat().map((path) => fetchAsset(stack.appUrl(name), path, name)),
      ),
    )
  }
  const lanes = Promise.all([
    ...Array.from({ length: options.clients }, (_, i) => lane(i)),
    ...Array.from({ length: options.pageClients ?? 0 }, () => pageLane()),
  ])
  const restarts: Array<RestartTimeline & { startedAt: number }> = []
  let releasedAt: number | undefined
  try {
    await new Promise((resolve) => setTimeout(resolve, options.steadyMs))
    if (options.release !== undefined) {
      await options.release()
      releasedAt = now()
    }
    for (let index = 0; index < stack.names.length; index++) {
      const startedAt = now()
      restarts.push({ ...(await stack.restart(index)), startedAt })
      await askEveryProcess()
      await new Promise((resolve) => setTimeout(resolve, options.steadyMs))
    }
  } finally {
    stopped = true
    await lanes
  }

  const acknowledged = answers.flatMap((a) => (a.orderId === undefined ? [] : [a.orderId]))
  const stored = new Set(stack.query("SELECT order_id FROM orders").split("\n"))
  const states = await stack.serverStates()
  const first = restarts[0]!
  const last = restarts.at(-1)!
  return {
    answers,
    restarts,
    restartWindow: { from: first.startedAt, to: last.startedAt + last.upMs },
    acknowledged: acknowledged.length,
    lost: acknowledged.filter((id) => !stored.has(id)),
    retries: Object.values(states).reduce((sum, s) => sum + s.retries, 0),
    redispatches: Object.values(states).reduce((sum, s) => sum + s.redispatches, 0),
    pages,
    assets,
    pageBuilds: [...pageBuilds.values()],
    ...(releasedAt === undefined ? {} : { releasedAt }),
  }
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}
