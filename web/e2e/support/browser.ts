/**
 * Debian's Chromium for the browser tests (playwright-core): one server and one browser per test file, a context
 * at a given width with cookie consent given, the screenshots folder, and the axe check every area runs.
 */
import * as fs from "node:fs"
import { fileURLToPath } from "node:url"
import AxeBuilder from "@axe-core/playwright"
import { type Browser, chromium, type Page, type Response } from "playwright-core"
import { expect } from "vitest"
import { type RunningServer, startServer } from "../server.ts"

/** Where screenshots go (git-ignored). */
export const SHOTS = fileURLToPath(new URL("../../test-artifacts/screenshots", import.meta.url))

/** The cookie banner's localStorage key: set up front so that only the banner's own tests see the banner. */
export const CONSENT_KEY = "_cookie_consent_accepted"
export const CONSENT_COOKIE = "cookie_consent_given"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** Launches Debian's Chromium headless, without the background traffic that would slow a 2-core box. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  })

/**
 * The file's server (serving the current web build, a copy of the seeded installation: web/e2e/server.ts) and
 * browser; the screenshots folder exists afterwards.
 */
export const startServerAndBrowser = async (
  env: Readonly<Record<string, string>> = {},
  options: { readonly embedded?: boolean } = {},
): Promise<{ server: RunningServer; browser: Browser }> => {
  // Both at once: Chromium starts while the server opens its database.
  const [server, browser] = await Promise.all([startServer(env, options), launchBrowser()])
  fs.mkdirSync(SHOTS, { recursive: true })
  return { server, browser }
}

/** Closes what startServerAndBrowser opened (either may be missing when the start failed). */
export const stopServerAndBrowser = async (
  server: RunningServer | undefined,
  browser: Browser | undefined,
): Promise<void> => {
  await browser?.close()
  await server?.stop()
}

/**
 * A browser context at `width` (900 px high); cookie consent already given unless `askConsent`, as a returning
 * visitor holds it: the choice in localStorage and its mirror cookie (the test servers run on 127.0.0.1).
 */
export const openContext = async (browser: Browser, width = 1280, { askConsent = false } = {}) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  if (!askConsent) {
    await context.addCookies([{ name: CONSENT_COOKIE, value: "1", domain: "127.0.0.1", path: "/" }])
    await context.addInitScript((key) => {
      // A new page's about:blank has no storage (reading it throws): only the site's own pages get the record.
      if (window.location.origin === "null") return
      window.localStorage.setItem(key, JSON.stringify({ necessary: true, expiresAt: 9e15 }))
    }, CONSENT_KEY)
  }
  context.on("page", waitForTheAppOnGoto)
  return { context, page: await context.newPage() }
}

/**
 * A page's `goto` and `reload` return once the app runs on it (`<html data-app-ready>`, set by the root route),
 * not at the load event: a server-rendered page shows its forms before React runs them, disabled until then
 * (components/shared/Form.tsx), and a test, unlike a person, would type into them at once.
 */
const waitForTheAppOnGoto = (page: Page): void => {
  const appRuns = async (response: Response | null) => {
    if (response?.headers()["content-type"]?.startsWith("text/html") === true)
      await page.waitForSelector("html[data-app-ready]", { state: "attached" })
    return response
  }
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (url, options) => appRuns(await goto(url, options))
  page.reload = async (options) => appRuns(await reload(options))
}

/** axe's serious and critical violations on the page, one line each (`id: targets`); [] when there is none. */
export const seriousAxeViolations = async (page: Page): Promise<ReadonlyArray<string>> => {
  const result = await new AxeBuilder({ page }).analyze()
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
}

/** The page's first headline comes to match `text`. */
export const headline = (page: Page, text: string | RegExp) =>
  expect.poll(() => page.locator("h1").first().textContent()).toMatch(text)
