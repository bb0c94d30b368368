/**
 * Issue 45: nothing that changes state runs on a preload, a prefetch or a page's load; keyboard members keep
 * their place. One server for the file:
 *
 * - every route of the app's own route tree is loaded and preloaded by the app's own router (in Node, as the
 *   server's renderer runs it), for a guest and for the signed-in demo member, against the real server; every API
 *   request its `beforeLoad`s and loaders make is recorded, and each must be a read;
 * - in Chromium, every link and button of the signed-in header and of the grouped menu is hovered and focused
 *   (and the header tabbed through), and the session must still be alive;
 * - keyboard only (Playwright's keyboard, no clicks): sign in, buy by bank to the payment details, open the order
 *   from the history, pass a quiz and vote, post an idea, start the authenticator setup; where focus is after each
 *   step, and the session alive throughout.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "@landunits/adapters/http/server/WebBuilds.ts"
import { BUY_CONFIRMATION_WORDS } from "@landunits/core/orders/BuyReview.ts"
import { createMemoryHistory } from "@tanstack/react-router"
import type { Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { setFetch } from "../src/api/client.ts"
import { api } from "../src/api/endpoints.ts"
import { createAppRouter } from "../src/router.ts"
import { createSession } from "../src/session/session.ts"
import type { RunningServer } from "./server.ts"
import { HEDGEROWS_VOTE as HEDGEROWS } from "./steps/community.ts"
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
      fs.readFileSync(path.join(currentBuild(DEFAULT_WEB_BUILDS_DIR)!.dist, "routes.json"), "utf8"),
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

/** What has focus, for a failing assertion's message: tag, role, name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    if (el === null || el === document.body) return "body"
    const name = el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 60) ?? ""
    return `${el.tagName.toLowerCase()}${el.id === "" ? "" : `#${el.id}`} "${name}"`
  })

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/** Presses Tab (Shift+Tab with `back`) until `target` has focus; fails after `limit` presses. */
const tabTo = async (page: Page, target: Locator, { limit = 80, back = false } = {}) => {
  await target.waitFor()
  for (let i = 0; i < limit; i++) {
    if (await hasFocus(target)) return
    await page.keyboard.press(back ? "Shift+Tab" : "Tab")
  }
  throw new Error(`Tab never reached ${target}; focus is on ${await focused(page)}`)
}

/** After an action: focus comes to `target` (never stays on <body>), and the session is alive. */
const focusLandsOn = async (page: Page, target: Locator) => {
  await expect
    .poll(async () => ((await hasFocus(target).catch(() => false)) ? "there" : await focused(page)))
    .toBe("there")
  expect(await sessionAlive(page)).toBe(200)
}

const pageHeading = (page: Page, name: string | RegExp) => page.locator("main h1").filter({ hasText: name })

describe("keyboard only: the main flows, with focus where the next step is", () => {
  it("signs in, buys by bank to the payment details, opens the order from the history, votes, posts an idea and starts the authenticator setup", async () => {
    const { context, page } = await openContext(browser, 1280)
    const key = page.keyboard
    const writes = watchWrites(page)

    // Sign in.
    await page.goto(`${server.url}/login`)
    await tabTo(page, page.getByLabel("Email"))
    await key.type(DEMO.email)
    await tabTo(page, page.getByLabel("Password", { exact: false }).first())
    await key.type(DEMO.password)
    await key.press("Enter")
    await page.waitForURL(/\/dashboard/)
    await focusLandsOn(page, page.locator("main h1"))

    // Buy by bank transfer, reached through the grouped menu.
    await tabTo(page, page.getByRole("button", { name: "Open menu" }), { back: true })
    await key.press("Enter")
    const menu = page.getByRole("dialog", { name: "Menu" })
    await tabTo(page, menu.getByRole("link", { name: "Buy", exact: true }))
    await key.press("Enter")
    await page.waitForURL(/\/dashboard\/transaction\?tab=buy/)
    await pageHeading(page, "Buy Units").waitFor()
    await tabTo(page, page.getByLabel("Number of Units"))
    await key.press("ControlOrMeta+A")
    await key.type("2")
    const bank = page.getByRole("radio", { name: /^Bank transfer/ })
    await tabTo(page, page.getByRole("group", { name: "Payment method" }).getByRole("radio").first())
    await key.press("Space")
    for (let i = 0; i < 6 && !(await bank.isChecked()); i++) await key.press("ArrowDown")
    expect(await bank.isChecked()).toBe(true)
    await tabTo(page, page.getByRole("button", { name: "Review your buy" }))
    await key.press("Enter")
    // The review (issue 46): its heading takes focus; tick the business-purpose box and buy, by keyboard.
    await focusLandsOn(page, page.getByRole("heading", { name: "Review your buy" }))
    await tabTo(page, page.getByLabel(BUY_CONFIRMATION_WORDS))
    await key.press("Space")
    await tabTo(page, page.getByRole("button", { name: "Buy Units" }))
    await key.press("Enter")
    await page.waitForURL(/\/dashboard\/buy-units\/payment-bank/)
    await focusLandsOn(page, page.locator("main h1"))
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? ""
    await expect.poll(() => page.locator(".payment-reference").textContent()).toBe(orderId.slice(-5))
    await tabTo(page, page.getByRole("button", { name: "I have made the transfer" }))
    await key.press("Enter")
    await page.waitForURL(/\/dashboard\/buy-units\/payment\/success/)
    await focusLandsOn(page, pageHeading(page, "Thank you for your purchase"))

    // Open the order from the history.
    await page.goto(`${server.url}/dashboard/my-transactions`)
    await tabTo(page, page.getByRole("link", { name: orderId, exact: true }))
    await key.press("Enter")
    await page.waitForURL((url) => url.pathname === `/dashboard/transaction/${orderId}`)
    await focusLandsOn(page, page.locator("main h1"))

    // Pass the open vote's quiz, then vote.
    await page.goto(`${server.url}/dashboard/projects/open`)
    const quiz = page.getByRole("form", { name: `Quiz: ${HEDGEROWS.title}` })
    const right = quiz.getByRole("group", { name: HEDGEROWS.question }).getByLabel(HEDGEROWS.rightAnswer)
    await tabTo(page, quiz.getByRole("radio").first())
    await key.press("Space")
    for (let i = 0; i < 6 && !(await right.isChecked()); i++) await key.press("ArrowDown")
    expect(await right.isChecked()).toBe(true)
    await tabTo(page, quiz.getByRole("button", { name: "Check my answers" }))
    await key.press("Enter")
    const ballot = page.getByRole("form", { name: `Ballot: ${HEDGEROWS.title}` })
    await ballot.waitFor()
    await focusLandsOn(page, ballot.getByRole("heading", { name: "Cast your vote" }))
    await tabTo(page, ballot.getByLabel("Yes", { exact: true }))
    await key.press("Space")
    await tabTo(page, ballot.getByRole("button", { name: "Cast my vote" }))
    await key.press("Enter")
    await focusLandsOn(page, page.getByText("You voted Yes."))

    // Post an idea.
    await page.goto(`${server.url}/dashboard/community-ideas`)
    const ideaForm = page.getByRole("form", { name: "Post an idea" })
    const title = `Keyboard idea ${Date.now()}`
    await tabTo(page, ideaForm.getByLabel("Title"))
    await key.type(title)
    await tabTo(page, ideaForm.getByLabel("Description"))
    await key.type("Posted without a mouse.")
    await tabTo(page, ideaForm.getByRole("button", { name: "Post idea" }))
    await key.press("Enter")
    await page.getByRole("heading", { name: title }).waitFor()
    await focusLandsOn(page, ideaForm.getByText("Your idea is posted."))

    // Start the authenticator app's setup.
    await page.goto(`${server.url}/dashboard/settings/security`)
    await tabTo(page, page.getByRole("button", { name: "Set up an authenticator app" }))
    await key.press("Enter")
    // The demo member has no factor yet: the setup asks for the current password first (issue 37). Its
    // heading takes focus; the password is typed and sent with the keyboard.
    await focusLandsOn(page, page.getByRole("heading", { name: "Confirm it is you" }))
    await tabTo(page, page.getByLabel("Current password"))
    await key.type(DEMO.password)
    await key.press("Enter")
    await focusLandsOn(page, page.getByRole("heading", { name: "Set up an authenticator app" }))

    // Writes came only from the member's own keys: sign-in, the buy, the transfer, the quiz, the vote, the idea.
    expect(writes.every((w) => !w.endsWith("/auth/logout"))).toBe(true)
    await context.close()
  })
})
