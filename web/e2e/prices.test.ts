/**
 * Prices over time (issue 24) in the browser against the real server, at 375 and 1280 px: the statistics page's
 * price chart with its table for screen readers, loaded after the page; the buy page's chart following the form's
 * unit type; a schedule change an admin makes with the CLI marked on the chart and written in its table; and on
 * the dashboard the member's own paid buy marked at the price it kept. Screenshots of each; axe at 1280 px.
 */
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { createBuyOrder } from "./support/api.ts"
import {
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { adminCli, confirmPayment, DEMO_ADMIN } from "./support/cli.ts"
import { DEMO, type Member, newMember, registerAndConfirm, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser
let member: Member

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
  member = await registerAndConfirm(server, newMember("prices"))
})

afterAll(async () => {
  await stopServerAndBrowser(server, browser)
})

const today = () => new Date().toISOString().slice(0, 10)

/** The API's price history of a unit type for the default 90 days up to today. */
const todaysHistory = async (page: Page, unitType: string) => {
  const answer = await page.request.get(`${server.url}/api/prices/history?unitType=${unitType}`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as {
    prices: ReadonlyArray<{ day: string; pricePerUnit: number }>
    changes: ReadonlyArray<{ day: string }>
  }
}

/** The chart figure named `title`, its table opened: the rows' cells as text. */
const chartTable = async (page: Page, title: string) => {
  const figure = page.locator("figure.chart", { has: page.locator("figcaption", { hasText: title }) })
  await expect.poll(() => figure.getByRole("img", { name: title }).isVisible()).toBe(true)
  await figure.getByText("Show the figures as a table").click()
  const rows = figure.locator("table tbody tr")
  return {
    figure,
    rows: async () =>
      Promise.all(
        (await rows.all()).map(async (r) =>
          (await r.locator("th, td").allTextContents()).map((t) => t.trim()),
        ),
      ),
  }
}

/** A price as the pages write it (web/src/lib/prices.ts): 2 or 3 decimals. */
const price = (pricePerUnit: number) =>
  new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(
    pricePerUnit / 1000,
  )

const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`

describe("the statistics page's price chart", () => {
  it.each([375, 1280] as const)(
    "at %i px: 90 days of the published schedule's prices, today's as the API prices it, in a table too",
    async (width) => {
      const { context, page } = await openContext(browser, width)
      await page.goto(`${server.url}/statistics`)
      const section = page.getByRole("region", { name: "Unit prices over time" })
      await expect.poll(() => section.isVisible()).toBe(true)
      const { figure, rows } = await chartTable(page, "Price of one Unit ($)")
      const history = await todaysHistory(page, "LAND_USD")
      const table = await rows()
      expect(table).toHaveLength(90)
      expect(table.at(-1)?.[0]).toBe(ddmmyyyy(today()))
      expect(table.at(-1)?.[1]).toBe(`$${price(history.prices.at(-1)!.pricePerUnit)}`)
      expect(await figure.locator(".chart__summary").textContent()).toMatch(
        /^From \$[\d.,]+ on \d\d\/\d\d\/\d{4} to/,
      )
      // Another unit type: the chart follows the choice.
      await section.getByLabel("Unit type").selectOption("LAND_EUR")
      await expect
        .poll(() => section.locator("figcaption").first().textContent())
        .toBe("Price of one Unit (€)")
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await section.scrollIntoViewIfNeeded()
      await page.screenshot({ path: path.join(SHOTS, `${width}-statistics-price-chart.png`), fullPage: true })
      await section.screenshot({ path: path.join(SHOTS, `${width}-statistics-price-chart-section.png`) })
      if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
      await context.close()
    },
  )
})

describe("the buy page's price chart", () => {
  it.each([375, 1280] as const)("at %i px: follows the buy form's unit type", async (width) => {
    const { context, page } = await openContext(browser, width)
    await signIn(page, server, DEMO)
    await page.goto(`${server.url}/dashboard/transaction?tab=buy`)
    await page.getByLabel("Unit type").first().selectOption("LAND_AUD")
    // The chart under the form loads once its place comes near the screen, as the member scrolls down to it.
    await page.locator("[data-price-chart]").scrollIntoViewIfNeeded()
    const section = page.getByRole("region", { name: /^How the price of Unit \(A\$\) has moved$/ })
    await expect
      .poll(() => section.locator("figcaption").first().textContent())
      .toBe("Price of one Unit (A$)")
    const { rows } = await chartTable(page, "Price of one Unit (A$)")
    expect((await rows()).at(-1)?.[0]).toBe(ddmmyyyy(today()))
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
    await section.screenshot({ path: path.join(SHOTS, `${width}-buy-price-chart.png`) })
    if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })
})

describe("the member's own purchase, and an admin's change of the schedule, marked on the charts", () => {
  it("a paid buy is marked on the dashboard's price chart at the price it kept, and written in its table", async () => {
    const { context, page } = await openContext(browser, 1280)
    await signIn(page, server, member)
    const orderId = await createBuyOrder(page, {
      unitType: "LAND_USD",
      numberOfUnits: 3,
      paymentMethod: "bank",
    })
    await confirmPayment(server, DEMO_ADMIN, orderId)
    const details = await (
      await page.request.get(`${server.url}/api/order/get_order_details/${orderId}`)
    ).json()
    const kept = details.orderData.currencyUnit.pricePerUnit as number
    for (const width of [375, 1280] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto(`${server.url}/dashboard?unit=LAND_USD`)
      const { figure, rows } = await chartTable(page, "Price of one Unit ($)")
      expect(await figure.locator("svg.chart__svg .chart__marker--purchase").count()).toBe(1)
      const row = (await rows()).find((r) => r[0] === ddmmyyyy(today()))
      expect(row?.[2]).toBe(`Your purchase: 3 Unit ($) at $${price(kept)}`)
      expect(await figure.getByText("Your purchases, at the price you paid").isVisible()).toBe(true)
      await figure.screenshot({ path: path.join(SHOTS, `${width}-dashboard-price-chart-purchase.png`) })
      await page.screenshot({
        path: path.join(SHOTS, `${width}-dashboard-price-chart-page.png`),
        fullPage: true,
      })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
    }
    await context.close()
  })

  it("an admin's `pricing set-price` today: the statistics chart draws the change and its table says the price before and after", async () => {
    const { context, page } = await openContext(browser, 1280)
    const before = (await todaysHistory(page, "LAND_EUR")).prices.at(-1)!.pricePerUnit
    expect(
      await adminCli(
        server,
        DEMO_ADMIN,
        "pricing",
        "set-price",
        "LAND_EUR",
        "--base-price",
        "20",
        "--growth",
        "5",
      ),
    ).toContain(`LAND_EUR: base 20000 thousandths on ${today()}, growing 5% a year`)
    const after = await todaysHistory(page, "LAND_EUR")
    expect(after.prices.at(-1)!.pricePerUnit).toBe(20_000)
    expect(after.changes.map((c) => c.day)).toContain(today())
    await page.goto(`${server.url}/statistics`)
    const section = page.getByRole("region", { name: "Unit prices over time" })
    await section.getByLabel("Unit type").selectOption("LAND_EUR")
    const { figure, rows } = await chartTable(page, "Price of one Unit (€)")
    expect(await figure.locator("svg.chart__svg .chart__marker--change").count()).toBe(1)
    const row = (await rows()).at(-1)!
    expect(row[1]).toBe("€20.00")
    expect(row[2]).toBe(`Price schedule changed: €${price(before)} → €20.00, growing 5% a year`)
    expect(await section.textContent()).toContain("It changed once in this period")
    await section.screenshot({ path: path.join(SHOTS, "1280-statistics-price-chart-change.png") })
    await context.close()
  })
})
