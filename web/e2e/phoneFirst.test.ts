/**
 * Issue 27, item 4: a phone shows the data first. In Chromium at 375 × 812 against the real server, signed in as
 * the demo member (a year of history: several unit types held, dozens of orders):
 * - the history opens on its orders, with the filters folded behind one control, each order in at most three
 *   lines, several orders on the first screen, and each links to its order page;
 * - the dashboard leads with what needs doing and the holdings: "Your Units" starts on the first screen, above
 *   the shortcuts, as stacked rows that fit the width;
 * - a table wider than a phone (/fees, /statistics, an order's result) scrolls inside a frame that says so, and
 *   no page scrolls sideways as a whole.
 * At 1280 px the history is a table again and the filters are open. Screenshots in web/test-artifacts/screenshots.
 *
 * Words that wrap (issue 38): a member whose first, last and business names are each one long word (as long as
 * core allows), who posted an idea and asked a question with a 300-character word in them, and has an unpaid
 * order, walks every route of the app (the build's route manifest) at 320 px: no page is wider than the screen.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { currentBuild, DEFAULT_WEB_BUILDS_DIR } from "@landunits/adapters/http/server/WebBuilds.ts"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { createBuyOrder, pageApi } from "./support/api.ts"
import {
  headline,
  openContext,
  SHOTS,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { DEMO, type Member, registerAndConfirm, signIn } from "./support/members.ts"
import { shareOut } from "./support/shareOut.ts"

const PHONE = { width: 375, height: 812 } as const

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

const onPhone = async () => {
  const opened = await openContext(browser, PHONE.width)
  await opened.page.setViewportSize(PHONE)
  await signIn(opened.page, server, DEMO)
  return opened
}

/**
 * The number of visual lines in an element: the tops of the text boxes inside it, where tops less than 10 px
 * apart (a badge's padded text beside plain text) are one line.
 */
const linesOf = (page: Page, selector: string, index: number) =>
  page
    .locator(selector)
    .nth(index)
    .evaluate((row) => {
      const tops: Array<number> = []
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        if ((node.textContent ?? "").trim() === "") continue
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) {
          if (rect.width > 0 && rect.height > 0) tops.push(rect.top)
        }
      }
      tops.sort((a, b) => a - b)
      return tops.filter((top, i) => i === 0 || top - (tops[i - 1] as number) >= 10).length
    })

const pageScrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth)

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `375-phone-first-${name}.png`), fullPage: false })

describe("a phone shows the data first (375 × 812)", () => {
  it("the history opens on its orders: filters folded, each order in at most three lines, linked to its page", async () => {
    const { context, page } = await onPhone()
    await page.goto(`${server.url}/dashboard/my-transactions`)
    await headline(page, "Transaction History")
    const rows = page.locator("table.transactions tbody tr")
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(10)

    // Folded: the control shows, the seven filter fields do not.
    expect(await page.locator("details.filters-fold").getAttribute("open")).toBeNull()
    expect(await page.getByLabel("Payment method").isVisible()).toBe(false)

    await shot(page, "history")
    const count = await rows.count()
    for (let i = 0; i < count; i++) {
      expect(await linesOf(page, "table.transactions tbody tr", i), `order ${i + 1}`).toBeLessThanOrEqual(3)
    }
    // Several orders on the first screen: three whole, and the fourth begun.
    const [whole, begun] = await rows.evaluateAll(
      (trs, height) => [
        trs.filter((tr) => tr.getBoundingClientRect().bottom <= height).length,
        trs.filter((tr) => tr.getBoundingClientRect().top < height).length,
      ],
      PHONE.height,
    )
    expect(whole).toBeGreaterThanOrEqual(3)
    expect(begun).toBeGreaterThanOrEqual(4)
    expect(await pageScrollWidth(page)).toBe(PHONE.width)

    const first = rows.first().locator("a.order-link")
    const orderId = (await first.textContent()) ?? ""
    expect(orderId).toMatch(/^ord_/)
    await first.click()
    await page.waitForURL(new RegExp(`/dashboard/transaction/${orderId}$`))
    await expect.poll(() => page.getByText(orderId).count()).toBeGreaterThan(0)

    // A filter set in the URL opens the fold, so the member sees why the list is short.
    await page.goto(`${server.url}/dashboard/my-transactions?orderType=SELL`)
    await headline(page, "Transaction History")
    expect(await page.locator("details.filters-fold").getAttribute("open")).not.toBeNull()
    await context.close()
  })

  it("the dashboard opens on the total value, then the holdings as stacked rows that fit, before the shortcuts", async () => {
    const { context, page } = await onPhone()
    await page.goto(`${server.url}/dashboard`)
    const holdings = page.locator("table.holdings")
    await holdings.waitFor()
    // Issue 38: the total value of the demo's Units (three currencies), in one currency, first on the screen.
    const total = page.getByTestId("headline-value")
    await expect.poll(() => total.textContent()).toMatch(/^[€$£][\d,]+\.\d{2}$|^A\$[\d,]+\.\d{2}$/)
    const totalBox = await total.boundingBox()
    expect(totalBox!.y + totalBox!.height).toBeLessThan(PHONE.height)
    // The choice of currency holds on the next visit.
    await page.getByLabel("Show in").selectOption("GBP")
    await expect.poll(() => total.textContent()).toMatch(/^£/)
    await page.reload()
    await expect.poll(() => total.textContent()).toMatch(/^£/)
    const unitsTitle = await page.getByRole("heading", { name: "Your Units", exact: true }).boundingBox()
    const shortcuts = await page.getByRole("navigation", { name: "Shortcuts" }).boundingBox()
    expect(unitsTitle).not.toBeNull()
    expect(shortcuts).not.toBeNull()
    expect(unitsTitle!.y).toBeLessThan(PHONE.height)
    expect(unitsTitle!.y).toBeLessThan(shortcuts!.y)
    // Stacked: each cell is a line "label … value", the frame does not scroll.
    const frame = holdings.locator("xpath=..")
    expect(await frame.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const firstCell = holdings.locator("tbody tr").first().locator("td").first()
    expect(await firstCell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Units Owned"')
    // The four shortcuts are one line each, two by two.
    const tiles = await page
      .locator(".tiles li")
      .evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)))
    expect(tiles).toHaveLength(4)
    expect(new Set(tiles).size).toBe(2)
    // The bar keeps Sell, Transfer and Convert for wide screens; on a phone they are in the menu.
    const bar = page.getByRole("navigation", { name: "Main" })
    expect(await bar.getByRole("link", { name: "Sell", exact: true }).isVisible()).toBe(false)
    expect(await pageScrollWidth(page)).toBe(PHONE.width)
    await shot(page, "dashboard")
    await context.close()
  })

  it("a member with nothing sees one next step, not rows of zeros", async () => {
    const member = await registerAndConfirm(server, {
      email: `nothing-yet-${Date.now()}@landunits.example`,
      password: "Nothing2026",
      firstName: "Noor",
      lastName: "Newman",
    })
    const { context, page } = await openContext(browser, PHONE.width)
    await page.setViewportSize(PHONE)
    await signIn(page, server, member)
    await page.goto(`${server.url}/dashboard`)
    const next = page.getByRole("link", { name: "Buy your first Units" })
    await next.waitFor()
    expect((await next.boundingBox())!.y).toBeLessThan(PHONE.height)
    expect(await page.locator("table.holdings").count()).toBe(0)
    expect(await page.getByTestId("headline-value").count()).toBe(0)
    await shot(page, "dashboard-nothing-yet")
    await next.click()
    await headline(page, "Buy Units")
    await context.close()
  })

  it("a table wider than the phone scrolls inside a frame that says so; no page scrolls sideways", async () => {
    const { context, page } = await onPhone()
    let scrolling = 0
    for (const route of ["/fees", "/statistics", "/dashboard"]) {
      await page.goto(`${server.url}${route}`)
      await page.locator(".table-scroll").first().waitFor()
      expect(await pageScrollWidth(page), route).toBe(PHONE.width)
      // Each frame by its name, not by its place: a part that arrives late (the statistics' price chart, whose
      // figures sit in a frame of their own) comes before the others and would shift every index under the test.
      const labels = await page
        .locator(".table-scroll")
        .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label") ?? ""))
      expect(new Set(labels).size, `${route}: ${labels.join(", ")}`).toBe(labels.length)
      for (const label of labels) {
        const frame = page.locator(`.table-scroll[aria-label=${JSON.stringify(label)}]`)
        const overflows = await frame.evaluate((el) => el.scrollWidth > el.clientWidth)
        if (!overflows) continue
        scrolling += 1
        // It says so: the shadow on the side with more columns and the line under it.
        await expect.poll(() => frame.getAttribute("data-more-after"), { message: route }).toBe("true")
        const hint = frame.locator("xpath=../following-sibling::p[1]")
        expect(await hint.textContent()).toBe("Scroll sideways for more columns →")
        await expect
          .poll(() =>
            frame.evaluate((el) => getComputedStyle(el.parentElement as Element, "::after").opacity),
          )
          .toBe("1")
        // Scrolled to its end, the hint and the shadow turn to the other side (scrolled again on each try, in case
        // the frame is rendered anew, at its start, between two tries).
        await expect
          .poll(async () => {
            await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }))
            return frame.getAttribute("data-more-before")
          })
          .toBe("true")
        expect(await frame.getAttribute("data-more-after")).toBeNull()
        expect(await hint.textContent()).toBe("← More columns before")
      }
    }
    // At least one of these tables is wider than a phone, so the frame's words were checked.
    expect(scrolling).toBeGreaterThan(0)
    await page.goto(`${server.url}/fees`)
    await page.locator(".table-scroll").first().waitFor()
    await shot(page, "fees")
    await context.close()
  })

  it("at 1280 px the history is a table with its filters open; Buy, Sell, Transfer and Convert are in the bar", async () => {
    const opened = await openContext(browser, 1280)
    await signIn(opened.page, server, DEMO)
    const { page } = opened
    // Issue 38: on a desktop the four things to do with Units are in the header's bar, not only in the menu.
    const bar = page.getByRole("navigation", { name: "Main" })
    for (const name of ["Buy", "Sell", "Transfer", "Convert"])
      expect(await bar.getByRole("link", { name, exact: true }).isVisible(), name).toBe(true)
    await bar.getByRole("link", { name: "Sell", exact: true }).click()
    await headline(page, "Sell Units")
    await page.screenshot({ path: path.join(SHOTS, "1280-header-unit-actions.png") })
    await page.goto(`${server.url}/dashboard/my-transactions`)
    await headline(page, "Transaction History")
    expect(await page.getByLabel("Payment method").isVisible()).toBe(true)
    expect(await page.locator("table.transactions thead th").count()).toBe(8)
    expect(
      await page
        .locator("table.transactions tbody tr")
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe("table-row")
    await opened.context.close()
  })
})

/** One word of `length` letters (no space, no hyphen: nowhere a browser may break it on its own). */
const longWord = (length: number) => "Wolfeschlegelsteinhausenberger".repeat(10).slice(0, length)

/** The elements that reach past the right edge of a `width` px screen (the deepest ones), for the message. */
const widerThan = (page: Page, width: number) =>
  page.evaluate((w) => {
    const wide = [...document.querySelectorAll("body *")].filter(
      (el) => el.getBoundingClientRect().right > w + 1,
    )
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${Math.round(el.getBoundingClientRect().right)} px)`,
      )
  }, width)

describe("words that wrap: member-written text never widens a page (320 px)", () => {
  it("a 300-character word in an idea and a question, and the longest names, leave every route within 320 px", async () => {
    const NARROW = { width: 320, height: 640 } as const
    const member: Member = {
      email: `long-words-${Date.now()}@landunits.example`,
      password: "LongWords2026",
      firstName: longWord(50),
      lastName: longWord(50),
    }
    await registerAndConfirm(server, member, { businessName: longWord(255) })
    const { context, page } = await openContext(browser, NARROW.width)
    await page.setViewportSize(NARROW)
    await signIn(page, server, member)
    const word = longWord(300)
    const idea = await pageApi(page, "POST", "/api/community/ideas", {
      title: longWord(150),
      description: `An idea: ${word} and more words after it.`,
    })
    expect(idea.status(), await idea.text()).toBe(200)
    const question = await pageApi(page, "POST", "/api/community/create-question", {
      question: `A question: ${word}?`,
    })
    expect(question.status(), await question.text()).toBe(200)
    const orderId = await createBuyOrder(page, {
      unitType: "LAND_EUR",
      numberOfUnits: 2,
      paymentMethod: "bank",
    })
    const news = (await (await pageApi(page, "GET", "/api/content/news")).json()) as ReadonlyArray<{
      slug: string
    }>

    const manifest = JSON.parse(
      fs.readFileSync(path.join(currentBuild(DEFAULT_WEB_BUILDS_DIR)!.dist, "routes.json"), "utf8"),
    ) as { readonly routes: ReadonlyArray<string> }
    const href = (route: string) =>
      route === "/news/category/$slug"
        ? "/news/category/projects"
        : route === "/news/$slug"
          ? `/news/${news[0]?.slug ?? ""}`
          : route.replace("$orderId", orderId) +
            (route.startsWith("/dashboard/") ? `?orderId=${orderId}` : "")
    const tooWide: Record<string, ReadonlyArray<string>> = {}
    const visit = async (tab: Page, route: string) => {
      const url = href(route)
      await tab.goto(`${server.url}${url}`)
      await tab.waitForLoadState("networkidle")
      const width = await pageScrollWidth(tab)
      if (width > NARROW.width) tooWide[url] = [`${width} px`, ...(await widerThan(tab, NARROW.width))]
    }
    // The member's own pages and the public ones as the member (a guest's are in siteRoutes.test.ts, at 375 px).
    await shareOut([page, await context.newPage()], manifest.routes, async (tab, route) => {
      if (tab !== page) await tab.setViewportSize(NARROW)
      await visit(tab, route)
    })
    // The text is on the page, whole: wrapped, not cut.
    await page.goto(`${server.url}/dashboard/community-ideas`)
    await expect.poll(() => page.getByText(word).count()).toBeGreaterThan(0)
    await page.screenshot({ path: path.join(SHOTS, "320-long-words-ideas.png"), fullPage: false })
    await page.goto(`${server.url}/dashboard/community/your-question`)
    await expect.poll(() => page.getByText(word).count()).toBeGreaterThan(0)
    await page.screenshot({ path: path.join(SHOTS, "320-long-words-question.png"), fullPage: false })
    expect(tooWide).toEqual({})
    await context.close()
  })
})
