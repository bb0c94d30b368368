/**
 * Browser tests of the member's dashboard home, transaction history, statement, settings and KYC: Debian's
 * Chromium (playwright-core) against the real server (`node cli/src/start.ts`), the admin CLI on the same
 * data directory. One server and one browser for the file; the tests run in order and share one member.
 */

import * as path from "node:path"
import { PASSWORD_RULE } from "@landunits/core/members/PasswordRule.ts"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import {
  approveKyc,
  changePassword,
  downloadStatement,
  fillAndSubmitKyc,
  kycStatusShown,
} from "./steps/home.ts"
import { createBuyOrder } from "./support/api.ts"
import {
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { confirmPayment, DEMO_ADMIN } from "./support/cli.ts"
import { newMember, signIn, signOut, signUpAndSignIn } from "./support/members.ts"

/** The demo admin a development start seeds. */
const ADMIN = DEMO_ADMIN

/** The member routes of this area and the headline each shows. */
const ROUTES: ReadonlyArray<readonly [string, string | RegExp]> = [
  ["/dashboard", /^Welcome, Grace/],
  ["/dashboard/my-transactions", "Transaction History"],
  ["/dashboard/statement", "Transaction Statement"],
  ["/dashboard/settings", "Profile Settings"],
  ["/dashboard/settings/change-password", "Change Password"],
  ["/dashboard/settings/kyc-verification", "Identity verification (KYC)"],
  ["/dashboard/settings/subscriptions", "Manage Subscription"],
]

let server: RunningServer
let browser: Browser
const member = newMember("home")
let password = member.password
const orders: { bank: string; crypto: string } = { bank: "", crypto: "" }

const open = (width = 1280) => openContext(browser, width)

const signedIn = async (width = 1280) => {
  const opened = await open(width)
  await signIn(opened.page, server, { email: member.email, password })
  return opened
}

const h1 = (page: Page) => page.locator("h1").first()

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

describe("the member's KYC", () => {
  it("a new member sees what is missing, saves KYC with a passport PDF, submits it, and sees Verified once an admin approves it with the CLI", async () => {
    const { context, page } = await open()
    await signUpAndSignIn(page, server, member)

    await page.goto(`${server.url}/dashboard/settings/kyc-verification`)
    await expect.poll(() => page.locator("#verification-status h2").textContent()).toBe("Verification Status")
    expect(await page.locator("#kyc-details h2").textContent()).toBe("Personal Details")
    const tiles = page.getByRole("navigation", { name: "KYC sections" })
    expect(await tiles.getByText("Business Details").count()).toBe(0)
    expect(await tiles.getByRole("link", { name: /Personal Details/ }).getAttribute("href")).toBe(
      "#kyc-details",
    )
    expect(await page.locator("#verification-status .badge").textContent()).toBe("Not verified")

    // The tooltip opens on hover at 1280 px: the first 6 missing fields, then Show More / Show Less.
    const trigger = page.getByRole("button", { name: "Verification details" })
    await trigger.hover()
    const missing = page.getByTestId("verification-missing")
    await expect.poll(() => missing.locator("li").count()).toBe(6)
    expect(await missing.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("220px")
    await page.mouse.move(0, 0)
    await expect.poll(() => missing.count()).toBe(0)
    // By keyboard: focus opens it, Tab reaches Show More inside it, and it stays open.
    await trigger.focus()
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
    await expect.poll(() => missing.locator("li").count()).toBe(18)
    expect(await page.getByRole("button", { name: "Show Less" }).getAttribute("aria-expanded")).toBe("true")
    await page.keyboard.press("Enter")
    await expect.poll(() => missing.locator("li").count()).toBe(6)
    await page.keyboard.press("Escape")
    await expect.poll(() => missing.count()).toBe(0)

    // A file that is not a PDF, JPEG or PNG is refused in the page with the spec's words.
    const form = page.getByRole("form", { name: "KYC details" })
    await form
      .getByLabel("Optional Document")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("plain text") })
    await expect
      .poll(() => form.locator(".field__error").first().textContent())
      .toBe("Unsupported file type. Please upload a PDF, JPEG, or PNG.")
    await form.getByLabel("Optional Document").setInputFiles([])

    await fillAndSubmitKyc(page, server)
    expect(await kycStatusShown(page, server)).toBe("Waiting for review")

    await approveKyc(server, ADMIN, member.email)
    expect(await kycStatusShown(page, server)).toBe("Verified")
    await page.getByRole("button", { name: "Verification details" }).hover()
    await expect
      .poll(() => page.locator(".verification__bubble").textContent())
      .toContain("Nothing required is missing. Status: Verified")
    await context.close()
  })
})

describe("orders, history and statement", () => {
  it("orders placed through the API show in the history with spec §3's filters in the URL, sorting and status colours", async () => {
    const { context, page } = await signedIn()
    orders.bank = await createBuyOrder(page, {
      unitType: "LAND_EUR",
      numberOfUnits: 3,
      paymentMethod: "bank",
    })
    orders.crypto = await createBuyOrder(page, {
      unitType: "LAND_USD",
      numberOfUnits: 2,
      paymentMethod: "crypto",
    })
    // The admin confirms the bank payment: the Units become owned and the order moves on.
    await confirmPayment(server, ADMIN, orders.bank)

    await page.goto(`${server.url}/dashboard/my-transactions`)
    const status = page.getByRole("status").filter({ hasText: /Showing|No transactions/ })
    await expect.poll(() => status.textContent()).toBe("Showing 1–2 of 2 transactions")
    const table = page.locator("table.transactions")
    expect(await table.textContent()).toContain(orders.bank)
    expect(await table.textContent()).toContain(orders.crypto)
    // The newest first by default.
    expect(await table.locator("tbody tr").first().textContent()).toContain(orders.crypto)
    // Status badges in the spec's colours.
    const initiated = table.locator('.badge[data-status="Initiated"]')
    expect(await initiated.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(204, 204, 204)")

    // A filter from the form lands in the URL and narrows the list.
    const filters = page.getByRole("form", { name: "Filter transactions" })
    await filters.getByLabel("Unit type").selectOption("LAND_EUR")
    await filters.getByRole("button", { name: "Apply filters" }).click()
    await page.waitForURL(/unitType=LAND_EUR/)
    await expect.poll(() => status.textContent()).toBe("Showing 1–1 of 1 transactions")
    expect(await table.textContent()).toContain(orders.bank)
    expect(await table.textContent()).not.toContain(orders.crypto)

    // A filter in the URL fills the form and is sent to the API.
    await page.goto(`${server.url}/dashboard/my-transactions?paymentMethod=crypto&orderStatus=Initiated`)
    await expect.poll(() => status.textContent()).toBe("Showing 1–1 of 1 transactions")
    expect(await filters.getByLabel("Payment method").inputValue()).toBe("crypto")
    expect(await filters.getByLabel("Status").inputValue()).toBe("Initiated")
    await page.goto(`${server.url}/dashboard/my-transactions?orderType=SELL`)
    await expect.poll(() => status.textContent()).toBe("No transactions match these filters.")
    // A period before the orders were made holds none of them; one that includes today holds both.
    await page.goto(`${server.url}/dashboard/my-transactions?fromDate=2020-01-01&toDate=2020-12-31`)
    await expect.poll(() => status.textContent()).toBe("No transactions match these filters.")
    expect(await filters.getByLabel("From date").inputValue()).toBe("2020-01-01")
    const today = new Date().toISOString().slice(0, 10)
    await page.goto(`${server.url}/dashboard/my-transactions?fromDate=2020-01-01&toDate=${today}`)
    await expect.poll(() => status.textContent()).toBe("Showing 1–2 of 2 transactions")

    // Sorting by a column's header, and paging with totals.
    await page.goto(`${server.url}/dashboard/my-transactions?pageSize=1`)
    await expect.poll(() => status.textContent()).toBe("Showing 1–1 of 2 transactions")
    await page.getByRole("link", { name: /^Amount: sort/ }).click()
    await page.waitForURL(/sortBy=paymentAmount/)
    await expect.poll(() => page.locator('th[aria-sort="descending"]').textContent()).toContain("Amount")
    await page.getByRole("link", { name: "Next page" }).click()
    await page.waitForURL(/page=2/)
    await expect.poll(() => status.textContent()).toBe("Showing 2–2 of 2 transactions")
    await context.close()
  })

  it("the dashboard shows the Units with the spec's column labels, the charts with their tables, and the impact", async () => {
    const { context, page } = await signedIn()
    await page.goto(`${server.url}/dashboard`)
    const holdings = page.locator("table.holdings")
    await holdings.waitFor()
    const headers = await holdings.locator("thead th").allTextContents()
    expect(headers).toEqual([
      "Unit",
      "Units Owned",
      "Units Bought - Pending",
      "Units Converted (Locked)",
      "Units Sold - Pending",
      "Total Value (at Purchase)",
      "Total Value (Today)",
      "Value Increase",
      "Value Increase (%)",
    ])
    const eur = holdings.locator("tbody tr", { hasText: "Unit (€)" })
    expect(await eur.locator("td").first().textContent()).toBe("3")
    const usd = holdings.locator("tbody tr", { hasText: "Unit ($)" })
    expect(await usd.locator("td").nth(1).textContent()).toBe("2")
    // Charts: named images with a figures table.
    await expect.poll(() => page.getByRole("img", { name: "Price of one Unit ($)" }).count()).toBe(1)
    await page.getByLabel("Unit type").selectOption("LAND_EUR")
    await page.waitForURL(/unit=LAND_EUR/)
    await expect.poll(() => page.getByRole("img", { name: "Your portfolio value in EUR" }).count()).toBe(1)
    await page.getByText("Show the figures as a table").last().click()
    expect(await page.locator(".chart__table table").last().locator("tbody tr").count()).toBeGreaterThan(0)
    expect(await page.locator(".impact dt").allTextContents()).toContain("CO₂ offset")
    expect(await page.getByRole("heading", { name: "Project totals" }).count()).toBe(1)
    await context.close()
  })

  it("downloads the statement: the CSV names both orders and the PDF is a PDF", async () => {
    const { context, page } = await signedIn()
    const today = new Date().toISOString().slice(0, 10)
    const csv = await downloadStatement(page, server, {
      fromDate: "2020-01-01",
      toDate: today,
      format: "csv",
    })
    expect(csv.name).toBe(`landunits-statement-2020-01-01-to-${today}.csv`)
    const text = csv.bytes.toString("utf8")
    expect(text).toContain(orders.bank)
    expect(text).toContain(orders.crypto)
    const pdf = await downloadStatement(page, server, {
      fromDate: "2020-01-01",
      toDate: today,
      format: "pdf",
    })
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    expect(await page.getByRole("status").textContent()).toContain(
      `landunits-statement-2020-01-01-to-${today}.pdf`,
    )

    // An impossible period is refused in the page with core's message, before any request.
    const form = page.getByRole("form", { name: "Transaction statement" })
    await form.getByLabel(/^From date/).fill("2026-03-01")
    await form.getByLabel(/^To date/).fill("2026-02-01")
    await form.getByRole("button", { name: "Download statement" }).click()
    await expect
      .poll(() => form.locator(".field__error").first().textContent())
      .toBe("The end date must be on or after the start date")
    await context.close()
  })
})

describe("settings", () => {
  it("saves the profile and the email choices, and changes the password with its own rules", async () => {
    const { context, page } = await signedIn()
    await page.goto(`${server.url}/dashboard/settings`)
    const profile = page.getByRole("form", { name: "Profile" })
    await profile.getByLabel(/^Last Name/).fill("Murray Hopper")
    await profile.getByRole("button", { name: "Save profile" }).click()
    await expect.poll(() => profile.getByRole("status").textContent()).toBe("Your profile has been saved.")
    await page.reload()
    await expect
      .poll(() =>
        page
          .getByRole("form", { name: "Profile" })
          .getByLabel(/^Last Name/)
          .inputValue(),
      )
      .toBe("Murray Hopper")

    await page.goto(`${server.url}/dashboard/settings/subscriptions`)
    const subs = page.getByRole("form", { name: "Email subscriptions" })
    expect(await subs.getByLabel("Newsletter").isChecked()).toBe(false)
    await subs.getByLabel("Newsletter").check()
    await subs.getByRole("button", { name: "Save choices" }).click()
    await expect
      .poll(() => subs.getByRole("status").textContent())
      .toBe("Your email choices have been saved.")
    await page.reload()
    await expect.poll(() => page.getByLabel("Newsletter").isChecked()).toBe(true)

    // The new password follows the one password rule, its hint shown as at registration (issue 38).
    await page.goto(`${server.url}/dashboard/settings/change-password`)
    const form = page.getByRole("form", { name: "Change password" })
    expect(await form.textContent()).toContain(PASSWORD_RULE)
    await form.getByLabel(/^Current password/).fill(password)
    await form.getByLabel(/^New password/).fill("shrt1")
    await form.getByLabel(/^New password/).press("Enter")
    await expect.poll(() => form.textContent()).toContain("Password must be at least 6 characters")
    expect(await form.textContent()).toContain("Confirm password is required")

    const next = "NewPassword2026"
    await changePassword(page, server, password, next)
    password = next
    await signOut(page)
    await signIn(page, server, { email: member.email, password })
    await context.close()
  })
})

describe("accessibility and looks", () => {
  it("every route of this area shows its headline, passes axe at 1280 px, and is photographed at 375 and 1280 px", async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await signedIn(width)
      for (const [route, text] of ROUTES) {
        await page.goto(`${server.url}${route}`)
        await expect.poll(() => h1(page).textContent(), { message: `${route} at ${width}px` }).toMatch(text)
        await expect.poll(() => page.getByText("Loading…").count()).toBe(0)
        if (width === 1280) {
          expect(await seriousAxeViolations(page), route).toEqual([])
        }
        if (width === 375 && route.endsWith("kyc-verification")) {
          // Below 769 px the verification tooltip opens on a tap, not on hover.
          const trigger = page.getByRole("button", { name: "Verification details" })
          await trigger.hover()
          expect(await trigger.getAttribute("aria-expanded")).toBe("false")
          await trigger.click()
          await expect
            .poll(() => page.locator(".verification__bubble").textContent())
            .toContain("Status: Verified")
        }
        if (width === 375 && route.endsWith("my-transactions")) {
          // On a phone the history is cards, so the table itself does not scroll sideways either.
          const table = page.locator(".table-scroll")
          await expect.poll(() => table.count()).toBe(1)
          expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
          await expect.poll(() => page.locator("td[data-label='Amount']").first().isVisible()).toBe(true)
        }
        const name = `home${route.replaceAll("/", "_")}-${width}.png`
        await page.screenshot({ path: path.join(SHOTS, name), fullPage: true })
        // Nothing scrolls sideways.
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
          route,
        ).toBe(true)
      }
      await context.close()
    }
  })
})
