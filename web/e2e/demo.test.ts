/**
 * The demo a newcomer meets (issue 19): a development start on a fresh DATA_DIR seeds the demo member with a
 * year of history (adapters/src/demo/DemoHistory.ts). Signed in as the demo member, the dashboard's charts have
 * figures, the transactions table lists the orders of each kind and status, and the statement holds them;
 * the printed demo admin runs the CLI runbook at once. Money in money (issue 38): the demo member's sale shows
 * its payouts (paid and owed) on its page, in its timeline and in the history; the sell review says the fee and
 * the proceeds in money and when payouts arrive. Screenshots at 1280×800 and 375×812.
 */
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { downloadStatement } from "./steps/home.ts"
import {
  headline,
  openContext,
  SHOTS,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { DEMO_ADMIN, runCli } from "./support/cli.ts"
import { DEMO, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser

// The embedded database, as `npm start` runs on a fresh machine: the other files run on the PostgreSQL server
// where the run has one (web/e2e/server.ts).
beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser({}, { embedded: true }))
})

afterAll(() => stopServerAndBrowser(server, browser))

/** Full-page screenshots of the page at 1280×800 and at 375×812, from the top. */
const shoot = async (page: Page, name: string) => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height })
    await page.evaluate(async () => {
      window.scrollTo(0, 0)
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
    })
    await page.screenshot({ path: path.join(SHOTS, `${width}-demo-${name}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

const signedInAsDemo = async () => {
  const opened = await openContext(browser)
  await signIn(opened.page, server, DEMO)
  return opened
}

describe("the demo member's year of history", () => {
  it("the dashboard shows Units held and both charts with a year of figures", async () => {
    const { context, page } = await signedInAsDemo()
    await page.goto(`${server.url}/dashboard?days=365`)
    const holdings = page.locator("table.holdings")
    await holdings.waitFor()
    const eur = holdings.locator("tbody tr", { hasText: "Unit (€)" })
    expect(await eur.locator("td").first().textContent()).toMatch(/incl\. 1,000 LU2X/)
    // Both charts draw a line (an empty chart says so in words and has no image). They open on what the demo
    // holds most of, Unit (€) (it holds no Unit ($), spec §4's default).
    expect(await page.getByLabel("Unit type").inputValue()).toBe("LAND_EUR")
    const price = page.getByRole("img", { name: "Price of one Unit (€)" })
    const portfolio = page.getByRole("img", { name: "Your portfolio value in EUR" })
    await expect.poll(() => portfolio.count()).toBe(1)
    expect(await price.count()).toBe(1)
    expect(await page.getByText("You held no Units in this period").count()).toBe(0)
    const figures = page.locator(".chart__table table").last().locator("tbody tr")
    expect(await figures.count()).toBeGreaterThan(300)
    await shoot(page, "dashboard")
    await context.close()
  })

  it("the transactions table lists the orders of each kind and status", async () => {
    const { context, page } = await signedInAsDemo()
    await page.goto(`${server.url}/dashboard/my-transactions?pageSize=50`)
    await headline(page, "Transaction History")
    const status = page.getByRole("status").filter({ hasText: /Showing|No transactions/ })
    await expect.poll(() => status.textContent()).toMatch(/^Showing 1–\d+ of \d+ transactions$/)
    const table = page.locator("table.transactions")
    expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(15)
    const statuses = new Set(
      await table
        .locator(".badge[data-status]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-status"))),
    )
    for (const s of [
      "Completed",
      "PaymentSent",
      "Cancelled",
      "Failed",
      "Expired",
      "PartialComplete",
      "Locked",
    ])
      expect(statuses, s).toContain(s)
    const types = new Set(await table.locator(`tbody td[data-label="Type"]`).allTextContents())
    expect([...types].sort()).toEqual(["Buy", "Convert", "Sell", "Transfer"])
    await page.goto(`${server.url}/dashboard/my-transactions`)
    await expect.poll(() => status.textContent()).toMatch(/^Showing 1–/)
    await shoot(page, "transactions")
    await context.close()
  })

  it("the statement of the year holds the orders", async () => {
    const { context, page } = await signedInAsDemo()
    const today = new Date().toISOString().slice(0, 10)
    const from = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10)
    const csv = await downloadStatement(page, server, { fromDate: from, toDate: today, format: "csv" })
    const text = csv.bytes.toString("utf8")
    for (const type of ["BUY", "SELL", "TRANSFER", "CONVERT"]) expect(text, type).toContain(type)
    await context.close()
  })

  it.each([375, 1280] as const)(
    "at %i px: the demo member's sale shows its payouts, paid and owed, on its page, in its timeline and in the history (issue 38)",
    async (width) => {
      const { context, page } = await signedInAsDemo()
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
      const answer = await page.request.get(
        `${server.url}/api/order/getTransactions?orderType=SELL&unitType=LAND_POUND&pageSize=10`,
      )
      const sale = ((await answer.json()) as { transactions: Array<{ orderId: string }> }).transactions[0]!
      await page.goto(`${server.url}/dashboard/transaction/${sale.orderId}`)
      const payouts = page.getByRole("region", { name: "Your payouts" })
      await payouts.waitFor()
      expect(await payouts.getByTestId("payout-totals").textContent()).toMatch(
        /^£[\d,]+\.\d\d paid, £[\d,]+\.\d\d owed$/,
      )
      expect(await payouts.getByRole("listitem").count()).toBe(2)
      const timeline = page.getByRole("region", { name: "Timeline" })
      expect(await timeline.getByText(/ sold: £[\d,]+\.\d\d owed to you$/).count()).toBe(2)
      expect(await timeline.getByText(/^£[\d,]+\.\d\d paid to your bank account$/).count()).toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.screenshot({ path: path.join(SHOTS, `${width}-demo-sale-payouts.png`), fullPage: true })
      await page.goto(`${server.url}/dashboard/my-transactions`)
      const summary = page.getByTestId("payouts-summary")
      await summary.waitFor()
      expect(await summary.textContent()).toMatch(/£[\d,]+\.\d\d paid, £[\d,]+\.\d\d owed/)
      // The sale's row: its payouts in its Amount.
      await page.goto(`${server.url}/dashboard/my-transactions?orderType=SELL&unitType=LAND_POUND`)
      const amount = page.locator(`tr:has(a:text("${sale.orderId}")) td[data-label="Amount"]`)
      // As shown: the total, then paid and owed; on a phone, what is still owed, so the order keeps three lines.
      await expect
        .poll(() => amount.innerText())
        .toMatch(
          width === 375 ? /^£[\d,]+\.\d\d owed$/ : /^£[\d,]+\.\d\d\s+£[\d,]+\.\d\d paid, £[\d,]+\.\d\d owed$/,
        )
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.screenshot({ path: path.join(SHOTS, `${width}-demo-sale-in-history.png`), fullPage: true })
      await context.close()
    },
  )

  it.each([375, 1280] as const)(
    "at %i px: the sell review says the fee and the proceeds in money at today's price, and when payouts arrive (issue 38)",
    async (width) => {
      const { context, page } = await signedInAsDemo()
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 })
      await page.goto(`${server.url}/dashboard/transaction?tab=sell`)
      await headline(page, "Sell Units")
      await page.getByLabel("Unit type").selectOption("LAND_POUND")
      await page.getByLabel("Number of Units").fill("15")
      await page.getByRole("button", { name: "Review sale" }).click()
      const review = page.getByRole("region", { name: "Review your sale" })
      const row = (term: string) =>
        review.locator("div", { has: page.locator("dt", { hasText: term }) }).locator("dd")
      expect(await row("Sale fee (to the platform)").textContent()).toMatch(
        /^10 Units \(£[\d,]+\.\d\d today, 67% of the sale's value\)$/,
      )
      expect(await row("You are paid, at today's price").textContent()).toMatch(/^£[\d,]+\.\d\d$/)
      await expect
        .poll(() => row("When you are paid").textContent())
        .toMatch(/^(About \d+ days?|Not enough history)/)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.screenshot({ path: path.join(SHOTS, `${width}-demo-sell-review.png`), fullPage: true })
      // Nothing is placed: Back leaves the form.
      await page.getByRole("button", { name: "Back" }).click()
      await context.close()
    },
  )

  it("the demo admin printed at start runs the CLI runbook at once", async () => {
    const orders = await runCli(server, [
      "--as",
      DEMO_ADMIN,
      "--json",
      "orders",
      "list",
      "--member",
      DEMO.email,
    ])
    expect(orders.code, orders.stderr).toBe(0)
    expect((JSON.parse(orders.stdout) as { total: number }).total).toBeGreaterThanOrEqual(15)
    const kyc = await runCli(server, ["--as", DEMO_ADMIN, "kyc", "list"])
    expect(kyc.code, kyc.stderr).toBe(0)
  })
})
