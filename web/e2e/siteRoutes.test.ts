/**
 * Browser tests: every public route at 375 and 1280 px in Debian's Chromium against the real server: its headline,
 * no sideways scrolling, no serious or critical axe violation at 1280 px, and a full-page screenshot in
 * web/test-artifacts/screenshots. The rest of the public site's tests are in site.test.ts (a file of its own, so
 * that the two run beside each other).
 */
import * as path from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import {
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { PUBLIC_ROUTES } from "./support/publicRoutes.ts"

let server: RunningServer
let browser: Browser

const open = (width: number) => openContext(browser, width)

const h1 = (page: Page) => page.locator("h1").first()

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

describe.each([375, 1280])("public routes at %i px", (width) => {
  // One page per width, one test per route: a slow route fails alone, with its own time budget.
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    ;({ context, page } = await open(width))
  })
  afterAll(async () => {
    await context?.close()
  })

  it.each(PUBLIC_ROUTES)(
    "%s renders its headline, fits the screen and has no serious or critical axe violation",
    async (route, text) => {
      await page.goto(`${server.url}${route}`)
      await expect.poll(() => h1(page).textContent(), { message: `${route} at ${width}px` }).toMatch(text)
      // The pages that load data are done once their loading line is gone.
      await expect.poll(() => page.getByText("Checking your link…").count()).toBe(0)
      await page.screenshot({
        path: path.join(SHOTS, `${width}-${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.png`),
        fullPage: true,
      })
      // Nothing is wider than the screen (no sideways scrolling at 375 px).
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} at ${width}px`).toBe(
        width,
      )
      if (width === 1280) {
        expect(await seriousAxeViolations(page), route).toEqual([])
      }
    },
  )
})
