/**
 * Issue 27, items 3, 5 and 6 in the browser against the real server:
 * - a holder of one currency (Unit (£) only) opens Buy, Sell, Transfer, Convert and the dashboard's charts on it;
 * - the Sell and Convert review steps create nothing until "Confirm" (orders counted through the API before and
 *   after), with screenshots of both reviews at 1280 and 375 px;
 * - no internal code (core's enumerations whose words differ from the code) is in the text of any dashboard route,
 *   visited as a member with orders of several statuses (and as an unverified one for the KYC words).
 * - every date and decimal in the main text of every dashboard route is in the house forms of core's formatting
 *   module (issue 38): a day 'DD/MM/YYYY', a moment 'Jan 5, 2024, 3:00 PM UTC', numbers with 0 or 2 decimals (3 for
 *   a price, up to 6 for a rate); never 'yyyy-mm-dd', 'Jan 5, 2024' alone, '5 January 2024' or '1.5'.
 * The dashboard routes are read from the route files, so a new dashboard page is checked without being listed;
 * each is photographed at 1280 and 375 px (web/test-artifacts/screenshots/*-route-dashboard-*.png) and must not
 * scroll sideways on the phone.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import {
  DIRECTION_LABELS,
  KYC_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  PAYMENT_METHOD_LABELS,
} from "@landunits/core/format/Labels.ts"
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
import { confirmPayment } from "./support/cli.ts"
import { DEMO, type Member, registerAdmin, registerAndConfirm, signIn } from "./support/members.ts"
import { shareOut } from "./support/shareOut.ts"

const ADMIN: Member = {
  email: "ops-words@landunits.example",
  password: "OpsDesk2026",
  firstName: "Olga",
  lastName: "Ops",
}
/** Holds Unit (£) only, and is not verified. */
const PIA: Member = {
  email: "pia-pounds@landunits.example",
  password: "Pounds2026",
  firstName: "Pia",
  lastName: "Pound",
}

/**
 * The codes a person must never read: every code of core's enumerations whose label is other words, except plain
 * lower-case words that sentences use anyway ("bank", "crypto"); unit types and LAND_ALL too.
 */
const INTERNAL_CODES: ReadonlyArray<string> = [
  ...[ORDER_STATUS_LABELS, KYC_STATUS_LABELS, PAYMENT_METHOD_LABELS, ORDER_TYPE_LABELS, DIRECTION_LABELS]
    .flatMap((labels) => Object.entries(labels) as ReadonlyArray<[string, string]>)
    .filter(([code, label]) => label !== code && code !== code.toLowerCase())
    .map(([code]) => code),
  "card-stripe",
  "card-square",
  "LAND_EUR",
  "LAND_USD",
  "LAND_AUD",
  "LAND_POUND",
  "LAND_ALL",
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * The codes found in the page's visible text, as whole words, in the case they are written in: capitals a style
 * adds ("BUY UNITS" for an eyebrow's "Buy Units") are not a code, so the text is read without text-transform.
 */
const codesOnPage = async (page: Page): Promise<ReadonlyArray<string>> => {
  const text = await page.evaluate(() => {
    const style = document.createElement("style")
    style.textContent = "* { text-transform: none !important; }"
    document.head.append(style)
    const visible = document.body.innerText
    style.remove()
    return visible
  })
  return INTERNAL_CODES.filter((code) => new RegExp(`(?<![\\w-])${escapeRegExp(code)}(?![\\w-])`).test(text))
}

/**
 * Dates and decimals in the page's main text that core's formatters (format/Format.ts) would not have written
 * (issue 38): an ISO day, a day in another numeric order or separator, a month-name date that is not a whole
 * moment with its time zone, a day-month-year in words, a number with one decimal or more than six.
 */
const unformattedOnPage = (page: Page): Promise<ReadonlyArray<string>> =>
  page.evaluate(() => {
    const style = document.createElement("style")
    style.textContent = "* { text-transform: none !important; }"
    document.head.append(style)
    const text = (document.querySelector("main") ?? document.body).innerText
    style.remove()
    const MONTH = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*"
    const rules: ReadonlyArray<readonly [RegExp, (m: string) => boolean]> = [
      [/\b\d{4}-\d{2}-\d{2}\b/g, () => true],
      [/\b\d{1,4}[/.]\d{1,2}[/.]\d{2,4}\b/g, (m) => !/^\d{2}\/\d{2}\/\d{4}$/.test(m)],
      [
        new RegExp(`\\b${MONTH} \\d{1,2}, \\d{4}(?:, \\d{1,2}:\\d{2} [AP]M(?: UTC)?)?`, "g"),
        (m) => !/, \d{1,2}:\d{2} [AP]M UTC$/.test(m),
      ],
      [new RegExp(`\\b\\d{1,2} ${MONTH},? \\d{4}\\b`, "g"), () => true],
      [/(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d(?![\d.])/g, () => true],
      [/(?<![\d.,])\d+(?:,\d{3})*\.\d{7,}/g, () => true],
    ]
    const found = new Set<string>()
    for (const [pattern, bad] of rules) for (const m of text.matchAll(pattern)) if (bad(m[0])) found.add(m[0])
    return [...found]
  })

const ROUTES_DIR = fileURLToPath(new URL("../src/routes", import.meta.url))

/** Every dashboard page's path, from the flat dot-named route files (layout routes left out). */
const dashboardPaths = (): ReadonlyArray<string> =>
  fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => f.startsWith("dashboard.") && f.endsWith(".tsx"))
    .map((f) =>
      `/${f
        .replace(/\.tsx$/, "")
        .split(".")
        .filter((part) => part !== "index")
        .map((part) => part.replace(/_$/, ""))
        .join("/")}`.replace(/\/$/, ""),
    )
    .sort()

let server: RunningServer
let browser: Browser

/** The member's orders through the API (the page's session). */
const orderCount = async (page: Page): Promise<number> => {
  const answer = await pageApi(page, "GET", "/api/order/getTransactions?pageSize=100")
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { total: number }).total
}

const post = async (page: Page, p: string, body: unknown) => {
  const answer = await pageApi(page, "POST", p, body, { "Idempotency-Key": `e2e-${crypto.randomUUID()}` })
  expect(answer.status(), `${p}: ${await answer.text()}`).toBe(200)
  return answer.json() as Promise<Record<string, { orderId: string }>>
}

/** Screenshots of the page at 1280 and 375 px, from the top (web/test-artifacts/screenshots). */
const shoot = async (page: Page, name: string) => {
  await page.screenshot({ path: path.join(SHOTS, `1280-${name}.png`), fullPage: true })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.evaluate(async () => {
    window.scrollTo(0, 0)
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  })
  await page.screenshot({ path: path.join(SHOTS, `375-${name}.png`), fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at 375 px`).toBe(375)
  await page.setViewportSize({ width: 1280, height: 900 })
}

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
  await registerAdmin(server, ADMIN)
  await registerAndConfirm(server, PIA)
})

afterAll(() => stopServerAndBrowser(server, browser))

describe("forms and charts open on what the member holds", () => {
  it("a holder of Unit (£) only opens Buy, Sell, Transfer, Convert and the dashboard's charts on it", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, PIA)
    const orderId = await createBuyOrder(page, {
      unitType: "LAND_POUND",
      numberOfUnits: 20,
      paymentMethod: "bank",
    })
    await confirmPayment(server, ADMIN.email, orderId)

    for (const tab of ["buy", "sell", "transfer"] as const) {
      await page.goto(`${server.url}/dashboard/transaction?tab=${tab}`)
      await headline(page, /Units$/)
      expect(await page.getByLabel("Unit type").inputValue(), tab).toBe("LAND_POUND")
      expect(await codesOnPage(page), tab).toEqual([])
    }
    // Not verified: the forms say so in words.
    expect(await page.locator(".order-note").first().textContent()).toContain("Not verified")
    await page.goto(`${server.url}/dashboard/convert`)
    await headline(page, "Convert Units")
    expect(await page.getByLabel("Convert from").inputValue()).toBe("LAND_POUND")
    expect(await page.getByLabel("Convert to").inputValue()).toBe("LAND_AUD")

    await page.goto(`${server.url}/dashboard`)
    await expect.poll(() => page.locator("#chart-unit").inputValue()).toBe("LAND_POUND")
    expect(await page.getByText("Your portfolio value in GBP").count()).toBeGreaterThan(0)

    // The KYC page in words: "Not verified", and its title.
    await page.goto(`${server.url}/dashboard/settings/kyc-verification`)
    await headline(page, "Identity verification (KYC)")
    expect(await page.locator("#verification-status .badge").textContent()).toBe("Not verified")
    expect(await codesOnPage(page)).toEqual([])
    await context.close()
  })
})

/** Orders of the demo member (KYC verified), by what each page needs. */
const orders: Record<string, string> = {}

describe("sell and convert are reviewed before anything is created", () => {
  it("the review steps show what goes in, the fee and what is queued or locked, and create nothing until Confirm", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, DEMO)
    orders.paid = await createBuyOrder(page, {
      unitType: "LAND_USD",
      numberOfUnits: 200,
      paymentMethod: "bank",
    })
    await confirmPayment(server, ADMIN.email, orders.paid)
    const before = await orderCount(page)

    await page.goto(`${server.url}/dashboard/transaction?tab=sell`)
    await headline(page, "Sell Units")
    await page.getByLabel("Number of Units").fill("30")
    await page.getByRole("button", { name: "Review sale" }).click()
    const sale = page.getByRole("region", { name: "Review your sale" })
    await expect.poll(() => sale.textContent()).toContain("Into the sales queue20 Units")
    expect(await sale.textContent()).toContain("Sale fee (to the platform)10 Units")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Review your sale")
    await shoot(page, "review-sell")
    expect(await orderCount(page)).toBe(before)
    await page.getByRole("button", { name: "Back" }).click()
    expect(await page.getByLabel("Number of Units").inputValue()).toBe("30")
    expect(await orderCount(page)).toBe(before)
    await page.getByRole("button", { name: "Review sale" }).click()
    await page.getByRole("button", { name: "Confirm sale" }).click()
    await page.waitForURL(/\/dashboard\/sell-units\/success/)
    orders.sell = new URL(page.url()).searchParams.get("orderId") ?? ""
    expect(await orderCount(page)).toBe(before + 1)
    expect(await page.locator(".status-badge").textContent()).toBe("In the sales queue")

    await page.goto(`${server.url}/dashboard/convert`)
    await headline(page, "Convert Units")
    await page.getByLabel("Number of Units").fill("20")
    await page.getByRole("button", { name: "Review conversion" }).click()
    const conversion = page.getByRole("region", { name: "Review your conversion" })
    await expect
      .poll(() => conversion.textContent())
      .toMatch(/Locked untilabout \w{3} \d{1,2}, \d{4}, .* UTC/)
    expect(await conversion.textContent()).toContain("You convert20 Unit ($)")
    await shoot(page, "review-convert")
    expect(await orderCount(page)).toBe(before + 1)
    await page.getByRole("button", { name: "Back" }).click()
    await page.getByRole("button", { name: "Review conversion" }).click()
    expect(await orderCount(page)).toBe(before + 1)
    await page.getByRole("button", { name: "Confirm conversion" }).click()
    await page.waitForURL(/\/dashboard\/convert\/success/)
    orders.convert = new URL(page.url()).searchParams.get("orderId") ?? ""
    expect(await orderCount(page)).toBe(before + 2)
    expect(await page.locator(".order-result").textContent()).toMatch(
      /Locked until\w{3} \d{1,2}, \d{4}, .* UTC/,
    )
    await context.close()
  })
})

describe("words, not codes; dates and numbers in one format", () => {
  it("no internal code, and no date or decimal in another format, on any dashboard route, for a member with orders of several statuses", async () => {
    const { context, page } = await openContext(browser)
    await signIn(page, server, DEMO)
    // Awaiting payment (bank, crypto, both cards), payment sent, cancelled, and a transfer; with the paid buy,
    // the sale in the queue and the locked conversion of the test above.
    for (const method of ["bank", "crypto", "card-stripe", "card-square"] as const) {
      orders[method] = await createBuyOrder(page, {
        unitType: "LAND_EUR",
        numberOfUnits: 2,
        paymentMethod: method,
      })
    }
    orders.sent = await createBuyOrder(page, {
      unitType: "LAND_USD",
      numberOfUnits: 3,
      paymentMethod: "bank",
    })
    await post(page, "/api/order/start_payment", { orderId: orders.sent })
    await post(page, "/api/order/success_order", { orderId: orders.sent })
    orders.cancelled = await createBuyOrder(page, {
      unitType: "LAND_AUD",
      numberOfUnits: 2,
      paymentMethod: "bank",
    })
    await post(page, "/api/order/cancel_order", { orderId: orders.cancelled })
    orders.transfer = (
      await post(page, "/api/order/create_order", {
        orderType: "TRANSFER",
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
        recipientEmail: ADMIN.email,
      })
    ).orderCreatedData?.orderId as string

    const orderFor = (route: string): string =>
      route.endsWith("/payment-bank")
        ? (orders.bank as string)
        : route.endsWith("/payment-crypto")
          ? (orders.crypto as string)
          : route.endsWith("/payment-card-square")
            ? (orders["card-square"] as string)
            : route.includes("/payment-card")
              ? (orders["card-stripe"] as string)
              : route.endsWith("/cancelled")
                ? (orders.cancelled as string)
                : route.startsWith("/dashboard/sell-units")
                  ? (orders.sell as string)
                  : route.startsWith("/dashboard/transfer")
                    ? (orders.transfer as string)
                    : route.startsWith("/dashboard/convert/")
                      ? (orders.convert as string)
                      : route.endsWith("/payment/success")
                        ? (orders.paid as string)
                        : (orders.sent as string)
    const routes = dashboardPaths()
    expect(routes).toContain("/dashboard/my-transactions")
    const found: Record<string, ReadonlyArray<string>> = {}
    const notFormatted: Record<string, ReadonlyArray<string>> = {}
    // Visited three pages at a time, as one signed-in member's tabs: each page mostly waits for its network.
    const visit = async (tab: Page, route: string) => {
      const withId = route.replace(/\$orderId|\$[A-Za-z]+/, orderFor(route))
      const url =
        withId.startsWith("/dashboard/buy-units/") || /\/success$/.test(withId)
          ? `${withId}?orderId=${orderFor(route)}`
          : withId
      await tab.goto(`${server.url}${url}`)
      await tab.waitForLoadState("networkidle")
      await expect.poll(() => tab.locator("h1").count(), { message: url }).toBeGreaterThan(0)
      const codes = await codesOnPage(tab)
      if (codes.length > 0) found[url] = codes
      const unformatted = await unformattedOnPage(tab)
      if (unformatted.length > 0) notFormatted[url] = unformatted
      // Every dashboard route photographed at 1280 and 375 px (issue 27), and none wider than a phone.
      await shoot(tab, `route${route.replace(/[/$]+/g, "-")}`)
    }
    await shareOut([page, await context.newPage(), await context.newPage()], routes, visit)
    // The history with every status filter option, and with the demo's orders in several statuses.
    await page.goto(`${server.url}/dashboard/my-transactions?pageSize=25`)
    await page.waitForLoadState("networkidle")
    const statuses = await page.locator("table.transactions .badge").allTextContents()
    expect(new Set(statuses).size, statuses.join(", ")).toBeGreaterThanOrEqual(5)
    const options = await page.getByLabel("Status").locator("option").allTextContents()
    expect(options).toContain("Crypto payment sent")
    expect(options).toContain("Ready to pay out (AUD)")
    expect(await codesOnPage(page)).toEqual([])
    await shoot(page, "words-history")
    expect(found).toEqual({})
    expect(notFormatted, "dates and decimals not in core's formats").toEqual({})
    await context.close()
  })
})
