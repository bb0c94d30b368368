/**
 * Issue 45: nothing that changes state runs on a preload, a prefetch or a page's load; keyboard members keep
 * their place. One server for the file:
 *
 * - every route of the app's own route tree is loaded and preloaded by the app's own router (in Node, as the
 *   server's renderer runs it), for a guest and for the signed-in demo member, against the real server; every API
 *   request its `beforeLoad`s and loaders make is recorded, and each must be a read;
 * - in Chromium, every link and button of the signed-in header and of the grouped menu is hovered and focused
 *   (and the header tabbed through), and the session must still be alive;
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { createMemoryHistory } from "@tanstack/react-router"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import { api } from "../src/api/endpoints.ts"
import { createAppRouter } from "../src/router.ts"
import { createSession } from "../src/session/session.ts"
import type { RunningServer } from "./server.ts"
import { apiClient, pageApi } from "./support/api.ts"
import { openContext, startServerAndBrowser, stopServerAndBrowser } from "./support/browser.ts"
import { DEMO, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

/**
 * The API's GET routes that act on what they are given: an emailed link's token confirms an account or a
 * subscription (spec §7). A page's load may not call them either.
 */
const GETS_THAT_ACT = [/^\/api\/auth\/confirmation\//, /^\/api\/subscribe\/subscriberVerification\//]

const isRead = (request: string) => {
  const [method = "", url = ""] = request.split(" ")
  return method === "GET" && !GETS_THAT_ACT.some((p) => p.test(url))
}

/** Reads the walk must have made: the loaders did run (a walk that read nothing would prove nothing). */
const READS_OF = {
  guest: () => ["GET /api/content/faq", "GET /api/content/news", "GET /api/market/fees"],
  member: (orderId: string) => [
    "GET /api/user",
    "GET /api/user/holdings",
    `GET /api/order/get_order_details/${orderId}`,
    "GET /api/user/security",
    "GET /api/governance/votes",
    "GET /api/community/ideas",
  ],
}

/** The app's router in Node, its API calls sent to the real server with `cookie` and recorded. */
const recordingRouter = (cookie: string | undefined, requests: Array<string>) => {
  setFetch(async (input, init = {}) => {
    const url =
      typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url
    requests.push(`${init.method ?? "GET"} ${url}`)
    return fetch(`${server.url}${url}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), ...(cookie === undefined ? {} : { cookie }) },
    })
  })
  const session = createSession(async () => (await api.currentUser()).user, {
    present: () => cookie !== undefined,
    forget: () => {},
  })
  return (href: string) => createAppRouter(session, createMemoryHistory({ initialEntries: [href] }))
}

/** Every page of the route tree (the routes without children), its params filled with real values. */
const everyPage = (
  router: ReturnType<ReturnType<typeof recordingRouter>>,
  values: Readonly<Record<string, string>>,
) =>
  Object.values(router.routesById)
    .filter((route) => (route.children as unknown) === undefined && route.id !== "__root__")
    .map((route) => ({
      pattern: route.fullPath as string,
      href: (route.fullPath as string).replace(/\$(\w+)/g, (_, name: string) => values[name] ?? name),
    }))

describe("no route writes when it is loaded or preloaded", () => {
  it("walks every route's beforeLoad and loader, as a guest and as a member: every API call is a read", async () => {
    const member = apiClient(server.url)
    await member.get("/api/health")
    const signedIn = await member.post("/api/auth/login", { email: DEMO.email, password: DEMO.password })
    expect(signedIn.status).toBe(200)
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ")
    const orders = (await (await member.get("/api/order/getTransactions?pageSize=1")).json()) as {
      transactions: ReadonlyArray<{ orderId: string }>
    }
    const news = (await (await member.get("/api/content/news")).json()) as ReadonlyArray<{ slug: string }>
    const categories = (await (await member.get("/api/content/news/categories")).json()) as ReadonlyArray<{
      slug: string
    }>
    const orderId = orders.transactions[0]?.orderId ?? ""
    const values = { orderId, slug: news[0]?.slug ?? "" }
    expect(orderId).not.toBe("")

    const manifest = JSON.parse(
      fs.readFileSync(path.join(import.meta.dirname, "../dist/routes.json"), "utf8"),
    ) as { readonly routes: ReadonlyArray<string> }
    for (const who of ["guest", "member"] as const) {
      const requests: Array<string> = []
      const routerAt = recordingRouter(who === "member" ? cookie : undefined, requests)
      const pages = everyPage(routerAt("/"), values)
      // The walk covers the app's whole route tree: the pages the build lists, no fewer.
      expect(new Set(pages.map((p) => p.pattern.replace(/(.)\/$/, "$1")))).toEqual(new Set(manifest.routes))
      const loaded: Array<string> = []
      for (const { href } of pages) {
        // An order's pages take the order from the query; a category page's slug is a category's.
        const pathname = href.startsWith("/news/category/")
          ? `/news/category/${categories[0]?.slug ?? ""}`
          : href
        const router = routerAt(`${pathname}?orderId=${encodeURIComponent(orderId)}`)
        await router.load()
        await router.preloadRoute({ to: pathname, search: { orderId } } as never).catch(() => undefined)
        if (router.state.matches.some((m) => m.status === "success" && m.routeId !== "__root__"))
          loaded.push(href)
      }
      const writes = requests.filter((r) => !isRead(r))
      expect(writes, `${who}: API calls that change state while pages load`).toEqual([])
      const reads = new Set(requests.map((r) => r.replace(/\?.*/, "")))
      for (const read of READS_OF[who](orderId)) expect(reads, who).toContain(read)
      if (who === "member") expect(loaded.length).toBeGreaterThan(pages.length * 0.75)
    }
    // The member is still signed in after every page was loaded and preloaded.
    expect((await member.get("/api/user")).status).toBe(200)
  })
})

/** The page's API calls that are not reads, from now on. */
const watchWrites = (page: Page) => {
  const writes: Array<string> = []
  page.on("request", (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith("/api/")) return
    const entry = `${request.method()} ${url.pathname}`
    if (!isRead(entry)) writes.push(entry)
  })
  return writes
}

const sessionAlive = async (page: Page) => (await pageApi(page, "GET", "/api/user")).status()

/** Hovers, then focuses, each of `items` (links and buttons), leaving time for the router's intent preload. */
const pointAtEach = async (page: Page, selector: string) => {
  const items = page.locator(selector)
  const count = await items.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const item = items.nth(i)
    if (!(await item.isVisible())) continue
    await item.hover()
    await item.focus()
    // The router preloads 50 ms after a hover or focus: wait for the network to settle.
    await page.waitForLoadState("networkidle")
  }
  return count
}

describe("pointing at a link or a button does nothing but point", () => {
  it("hovers and focuses every link and button of the signed-in header and menu; the session lives", async () => {
    const { context, page } = await openContext(browser, 1280)
    await signIn(page, server, DEMO)
    await page.goto(`${server.url}/dashboard`)
    await page.getByRole("button", { name: "Logout" }).waitFor()
    const writes = watchWrites(page)

    await pointAtEach(page, "header a, header button")
    expect(await sessionAlive(page)).toBe(200)
    // The keyboard way: Tab through the header and on into the page.
    await page.locator("body").focus()
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab")
    await page.waitForLoadState("networkidle")
    expect(await sessionAlive(page)).toBe(200)

    await page.getByRole("button", { name: "Open menu" }).click()
    const menu = page.getByRole("dialog", { name: "Menu" })
    await menu.waitFor()
    expect(await pointAtEach(page, "#side-menu a, #side-menu button")).toBeGreaterThan(25)
    expect(await sessionAlive(page)).toBe(200)
    expect(writes).toEqual([])
    // The header still shows the member.
    expect(await page.getByRole("button", { name: "Logout" }).count()).toBe(1)

    // Signing out is the click: the session ends and the member is on /login.
    await page.keyboard.press("Escape")
    await page.getByRole("button", { name: "Logout" }).click()
    await page.waitForURL(/\/login$/)
    expect(await sessionAlive(page)).toBe(401)
    expect(writes).toEqual(["POST /api/auth/logout"])
    await context.close()
  })

  it("/logout asks first: opening it changes nothing; its button signs out", async () => {
    const { context, page } = await openContext(browser, 375)
    await signIn(page, server, DEMO)
    await page.goto(`${server.url}/logout`)
    await page.getByRole("heading", { name: "Log out" }).waitFor()
    expect(await sessionAlive(page)).toBe(200)
    await page.getByRole("button", { name: "Log out" }).click()
    await page.waitForURL(/\/login$/)
    expect(await sessionAlive(page)).toBe(401)
    // A guest who opens /logout is sent to sign in.
    await page.goto(`${server.url}/logout`)
    await page.waitForURL(/\/login$/)
    await context.close()
  })
})
