/**
 * The order page and the way back to an unpaid order (issue 27), in the browser against the real server, on a
 * phone (375 × 812) and a desktop (1280 px): a bank buy placed and left unpaid is found again from the
 * dashboard's "Finish paying", from the history's first phone screen, and from its email; its page shows the
 * reference and the IBAN with copy buttons; the success pages link to it; cancel where the rules allow;
 * another member's order is a plain not-found; a bank buy taken to Approved by an admin with the CLI shows its
 * timeline (issue 21), the admin only as "an administrator". Screenshots of the order page at both widths.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import { buyByBank, placeBuy, sellUnits } from "./steps/orders.ts"
import { createBuyOrder } from "./support/api.ts"
import {
  headline,
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { adminCli, confirmPayment, DEMO_ADMIN } from "./support/cli.ts"
import { DEMO, type Member, newMember, registerAdmin, registerAndConfirm, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser
let member: Member

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
  member = await registerAndConfirm(server, newMember("orderpage"))
})

afterAll(async () => {
  await stopServerAndBrowser(server, browser)
})

const HEIGHT = { 375: 812, 1280: 800 } as const

/** A signed-in page of `who` at `width` × its height. */
const signedIn = async (width: 375 | 1280, who: Pick<Member, "email" | "password"> = member) => {
  const { context, page } = await openContext(browser, width)
  await page.setViewportSize({ width, height: HEIGHT[width] })
  await signIn(page, server, who)
  return { context, page }
}

/** Every email delivered to `to` so far, as text (quoted-printable undone). */
const mailsTo = (to: string): string => {
  const dir = path.join(server.dataDir, "mail")
  if (!fs.existsSync(dir)) return ""
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml") && f.includes(to))
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
    .join("\n")
}

/** Whether the element's whole box is inside the first screen (no scrolling). */
const inFirstScreen = async (page: Page, selector: ReturnType<Page["locator"]>) => {
  await page.evaluate(() => window.scrollTo(0, 0))
  const box = await selector.boundingBox()
  const height = page.viewportSize()?.height ?? 0
  return box !== null && box.y >= 0 && box.y + box.height <= height
}

const orderPagePath = (orderId: string) => `/dashboard/transaction/${orderId}`

/** The order page of an unpaid bank buy: its reference and the platform's IBAN, each with a copy button. */
const expectBankInstructions = async (page: Page, orderId: string, iban: string) => {
  await headline(page, /^Buy of 3 Unit \(\$\)$/)
  await expect.poll(() => page.locator(".payment-reference").textContent()).toBe(orderId.slice(-5))
  const ibanRow = page.locator(".payment-details > div", { has: page.locator("dt", { hasText: "IBAN" }) })
  await expect.poll(() => ibanRow.locator("dd > span").first().textContent()).toBe(iban)
  expect(await page.getByRole("button", { name: "Copy the IBAN" }).count()).toBe(1)
  expect(await page.getByRole("button", { name: "Copy the Payment reference" }).count()).toBe(1)
  expect(await page.locator(".order-page__status .badge").textContent()).toBe("Payment in progress")
  expect(await page.locator(".payment-details").textContent()).toMatch(
    /Pay before[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/,
  )
}

/** The USD bank account the server shows members (GET /api/user). */
const usdIban = async (page: Page): Promise<string> => {
  const bundle = (await page.evaluate(async () => (await fetch("/api/user")).json())) as {
    adminBankDetails: ReadonlyArray<{ currency: string; details: { iban: string } }>
  }
  return bundle.adminBankDetails.find((b) => b.currency === "USD")?.details.iban ?? ""
}

describe.each([375, 1280] as const)("an unpaid bank buy found again at %i px", (width) => {
  let page: Page
  let orderId = ""
  let iban = ""
  let close: () => Promise<void>

  beforeAll(async () => {
    const opened = await signedIn(width)
    page = opened.page
    close = () => opened.context.close()
  })

  it("is placed, and left on its payment page once the payment started", async () => {
    orderId = await placeBuy(page, server, { units: 3, method: "Bank transfer" })
    await expect.poll(() => page.locator(".payment-reference").textContent()).toBe(orderId.slice(-5))
    iban = await usdIban(page)
    expect(iban).not.toBe("")
  })

  afterAll(async () => {
    await close()
  })

  it("the dashboard asks to finish paying it, near the top, and leads to its page", async () => {
    await page.goto(`${server.url}/dashboard`)
    const finish = page.getByRole("link", { name: `Finish paying order ${orderId}` })
    await finish.waitFor()
    expect(await inFirstScreen(page, finish)).toBe(true)
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-dashboard-first-screen.png`) })
    await finish.click()
    await page.waitForURL((url) => url.pathname === orderPagePath(orderId))
    await expectBankInstructions(page, orderId, iban)
  })

  it("the history's row links to it from the first screen", async () => {
    await page.goto(`${server.url}/dashboard/my-transactions`)
    const link = page.getByRole("link", { name: orderId, exact: true })
    await link.waitFor()
    expect(await inFirstScreen(page, link)).toBe(true)
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-history-first-screen.png`) })
    await link.click()
    await page.waitForURL((url) => url.pathname === orderPagePath(orderId))
    await expectBankInstructions(page, orderId, iban)
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-unpaid-bank.png`), fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
    if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
  })

  it("its email carries the reference, the IBAN and the link to its page", async () => {
    // An absolute link on the app's URL (APP_URL; here the server's default, http://localhost:PORT).
    await expect
      .poll(() => mailsTo(member.email), { timeout: 30_000 })
      .toMatch(new RegExp(`https?://[^\\s"<>]+${orderPagePath(orderId)}\\b`))
    const mail = mailsTo(member.email)
    expect(mail).toContain(`Payment reference: ${orderId.slice(-5)}`)
    expect(mail).toContain(`IBAN: ${iban}`)
  })

  it("its email's link, opened signed out, leads through sign-in to the order, not the dashboard (issue 38)", async () => {
    const link = new RegExp(`https?://[^\\s"<>]+(${orderPagePath(orderId)})\\b`).exec(mailsTo(member.email))
    expect(link).not.toBeNull()
    const { context, page: guest } = await openContext(browser, width)
    await guest.goto(`${server.url}${link?.[1]}`)
    await guest.waitForURL((url) => url.pathname === "/login")
    expect(new URL(guest.url()).searchParams.get("redirect")).toBe(orderPagePath(orderId))
    await guest.getByLabel("Email").fill(member.email)
    await guest.getByLabel("Password", { exact: false }).first().fill(member.password)
    await guest.getByRole("button", { name: "Log in" }).click()
    await guest.waitForURL((url) => url.pathname === orderPagePath(orderId))
    await headline(guest, /^Buy of 3 Unit \(\$\)$/)
    await context.close()
  })

  it("every success page links to its page", async () => {
    for (const route of [
      "/dashboard/buy-units/payment/success",
      "/dashboard/sell-units/success",
      "/dashboard/transfer/success",
      "/dashboard/convert/success",
    ]) {
      await page.goto(`${server.url}${route}?orderId=${orderId}`)
      const link = page.getByRole("link", { name: "See this order" })
      await link.waitFor()
      expect(await link.getAttribute("href"), route).toBe(orderPagePath(orderId))
    }
  })

  if (width === 375) {
    it("cancelled from its page: nothing left to pay, and the dashboard no longer asks", async () => {
      await page.goto(`${server.url}${orderPagePath(orderId)}`)
      await page.getByRole("button", { name: "Cancel this order" }).click()
      await page.getByRole("button", { name: "Yes, cancel this order" }).click()
      await expect.poll(() => page.locator(".order-page__status .badge").textContent()).toBe("Cancelled")
      expect(await page.locator(".payment-reference").count()).toBe(0)
      expect(await page.getByRole("button", { name: "Cancel this order" }).count()).toBe(0)
      await page.goto(`${server.url}/dashboard`)
      await headline(page, /^Welcome/)
      expect(await page.getByRole("link", { name: `Finish paying order ${orderId}` }).count()).toBe(0)
    })
  } else {
    it("paid from its page: the payment page takes the member's word, and the order page says so", async () => {
      await page.goto(`${server.url}${orderPagePath(orderId)}`)
      await page.getByRole("link", { name: "I have made the transfer" }).click()
      await page.waitForURL(/\/dashboard\/buy-units\/payment-bank/)
      await page.getByRole("button", { name: "I have made the transfer" }).click()
      await page.waitForURL(/\/dashboard\/buy-units\/payment\/success/)
      await page.getByRole("link", { name: "See this order" }).click()
      await page.waitForURL((url) => url.pathname === orderPagePath(orderId))
      await expect.poll(() => page.locator(".order-page__status .badge").textContent()).toBe("Payment sent")
      expect(await page.locator(".payment-reference").count()).toBe(0)
      await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-paid.png`), fullPage: true })
    })
  }
})

describe("an order that is not the member's", () => {
  it("is a plain not-found, whoever's it is", async () => {
    const mine = await signedIn(1280)
    const orderId = await placeBuy(mine.page, server, { units: 2, method: "Bank transfer" })
    await mine.context.close()
    const other = await signedIn(375, DEMO)
    for (const id of [orderId, "ord_no_such_order"]) {
      await other.page.goto(`${server.url}${orderPagePath(id)}`)
      await headline(other.page, "Order not found")
      expect(await other.page.locator(".payment-reference").count()).toBe(0)
      expect(await other.page.getByRole("link", { name: "Transaction History" }).count()).toBeGreaterThan(0)
    }
    await other.page.screenshot({ path: path.join(SHOTS, "375-order-page-not-found.png"), fullPage: true })
    await other.context.close()
  })
})

describe.each([375, 1280] as const)("the Verify panel at %i px", (width) => {
  it("proves a paid order's transfers against the latest signed checkpoint, in the browser, loading the check only on the click", async () => {
    // The server's checkpoint job signs one as it starts, after the demo history is seeded.
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${server.url}/api/ledger/checkpoints?limit=1`)).json()) as {
              checkpoints: []
            }
          ).checkpoints.length,
        { timeout: 60_000 },
      )
      .toBe(1)
    const { context, page } = await signedIn(width, DEMO)
    const { orderId, keyId } = await page.evaluate(async () => {
      const list = (await (
        await fetch("/api/order/getTransactions?orderType=BUY&orderStatus=Completed")
      ).json()) as {
        transactions: ReadonlyArray<{ orderId: string }>
      }
      const key = (await (await fetch("/api/ledger/public-key")).json()) as { keyId: string }
      return { orderId: list.transactions[0]?.orderId ?? "", keyId: key.keyId }
    })
    expect(orderId).not.toBe("")
    const verifierLoads: Array<string> = []
    page.on("request", (r) => {
      if (/\/assets\/verifyOrder-[^/]+\.js$/.test(new URL(r.url()).pathname)) verifierLoads.push(r.url())
    })
    await page.goto(`${server.url}${orderPagePath(orderId)}`)
    const verify = page.getByRole("button", { name: "Verify", exact: true })
    await verify.waitFor()
    expect(verifierLoads).toEqual([])
    await verify.click()
    const sentence = page.locator(".verify-result__sentence")
    await expect
      .poll(() => sentence.textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `^These \\d+ transfers of your order are in the ledger, unchanged, as of checkpoint #\\d+ of [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M UTC, signed by Landunits' ledger key ${keyId}\\.$`,
        ),
      )
    expect(verifierLoads).toHaveLength(1)
    expect(await page.locator(".verify-result__details li").count()).toBe(3)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
    await page.locator(".verify-panel").scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-verified.png`) })
    if (width === 1280) {
      expect(await seriousAxeViolations(page)).toEqual([])
      // A buy placed now is newer than every checkpoint: the panel says so, and when the next is due.
      const fresh = await placeBuy(page, server, { units: 1, method: "Bank transfer" })
      await page.goto(`${server.url}${orderPagePath(fresh)}`)
      await page.getByRole("button", { name: "Verify", exact: true }).click()
      await expect
        .poll(() => sentence.textContent(), { timeout: 30_000 })
        .toMatch(
          /^Your order's transfer is newer than the latest ledger checkpoint, so it cannot prove it yet: the next checkpoint will include it \(due by [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC\)\. Check again after that\.$/,
        )
    }
    await context.close()
  })
})

describe("the statement page's proof of liabilities (issue 42)", () => {
  it("proves, in Chromium, that the demo member's balances are counted in the signed totals, loading the check only on the click", async () => {
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${server.url}/api/ledger/checkpoints?limit=1`)).json()) as {
              checkpoints: []
            }
          ).checkpoints.length,
        { timeout: 60_000 },
      )
      .toBe(1)
    const { context, page } = await signedIn(1280, DEMO)
    const keyId = await page.evaluate(
      async () => ((await (await fetch("/api/ledger/public-key")).json()) as { keyId: string }).keyId,
    )
    const verifierLoads: Array<string> = []
    page.on("request", (r) => {
      if (/\/assets\/verifyLiabilities-[^/]+\.js$/.test(new URL(r.url()).pathname))
        verifierLoads.push(r.url())
    })
    await page.goto(`${server.url}/dashboard/statement`)
    const panel = page.locator("section", {
      has: page.getByRole("heading", { name: "Is my balance counted?" }),
    })
    const verify = panel.getByRole("button", { name: "Verify", exact: true })
    await verify.waitFor()
    expect(verifierLoads).toEqual([])
    await verify.click()
    const sentence = panel.locator(".verify-result__sentence")
    await expect
      .poll(() => sentence.textContent(), { timeout: 30_000 })
      .toMatch(
        new RegExp(
          `^Your balances are counted in what Landunits owes its members, as of checkpoint #\\d+ of [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M UTC, signed by Landunits' ledger key ${keyId}\\.$`,
        ),
      )
    expect(verifierLoads).toHaveLength(1)
    const details = await panel.locator(".verify-result__details li").allTextContents()
    expect(
      details.some((d) =>
        /^Unit \((?:€|\$|A\$|£)\): your [\d,]+ Units? \(owned [\d,]+, .*\) are inside the signed total of [\d,]+ Units? owed to all members\.$/.test(
          d,
        ),
      ),
    ).toBe(true)
    expect(details).toContain(
      "This is not a proof of reserves: the land and the money are outside the ledger.",
    )
    await panel.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(SHOTS, "1280-statement-liabilities-verified.png") })
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })
})

describe("the timeline of a bank buy taken from Initiated to Approved by an admin with the CLI", () => {
  const ADMIN: Member = {
    email: `ana-${Date.now()}@landunits.example`,
    password: "AnaAdmin2026",
    firstName: "Ana",
    lastName: "Admin",
  }
  let orderId = ""

  it("the member pays by bank transfer; the admin marks the funds received and confirms with the CLI", async () => {
    await registerAdmin(server, ADMIN)
    const { context, page } = await signedIn(1280)
    orderId = await buyByBank(page, server, 4)
    await context.close()
    expect((await adminCli(server, ADMIN.email, "orders", "mark-funds-received", orderId)).trim()).toBe(
      `${orderId}: FundsWaitingApproval`,
    )
    expect(await confirmPayment(server, ADMIN.email, orderId)).toContain(`${orderId}: Completed`)
  })

  it.each([375, 1280] as const)(
    "at %i px: every step in words, when with its zone, and who, the admin only as an administrator",
    async (width) => {
      const { context, page } = await signedIn(width)
      await page.goto(`${server.url}${orderPagePath(orderId)}`)
      const timeline = page.getByRole("region", { name: "Timeline" })
      await expect.poll(() => timeline.locator("li").count()).toBe(6)
      expect(await timeline.locator(".order-timeline__step").allTextContents()).toEqual([
        "Placed: Awaiting payment",
        "Awaiting payment → Payment in progress",
        "Payment in progress → Payment sent",
        "Payment sent → Funds received",
        "Funds received → Approved",
        "Approved → Completed",
      ])
      expect(await timeline.locator(".order-timeline__who").allTextContents()).toEqual([
        "by you",
        "by you",
        "by you",
        "by an administrator",
        "by an administrator",
        "by an administrator",
      ])
      for (const at of await timeline.locator("time").allTextContents())
        expect(at).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC$/)
      expect(await timeline.locator(".order-timeline__reason").allTextContents()).toEqual([
        "Filled from new Units: nothing is owed to sellers",
      ])
      // Who the admin is stays with the admins (docs/decisions.md); statuses are words, never codes.
      const text = (await page.locator("main").textContent()) ?? ""
      for (const hidden of [
        ADMIN.email,
        `${ADMIN.firstName} ${ADMIN.lastName}`,
        "PaymentSent",
        "FundsWaitingApproval",
      ])
        expect(text).not.toContain(hidden)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-timeline.png`), fullPage: true })
      if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
      await context.close()
    },
  )
})

describe("a queued sale's place in the sales queue (issue 24)", () => {
  let orderId = ""
  interface Standing {
    readonly position: number
    readonly unitsAhead: number
    readonly remaining: number
    readonly estimate: { readonly kind: string }
  }
  const standingOf = async (page: Page): Promise<{ unitType: string; salesQueue: Standing }> => {
    const answer = await page.request.get(`${server.url}/api/order/get_order_details/${orderId}`)
    const { orderData } = await answer.json()
    return { unitType: orderData.currencyUnit.unitType, salesQueue: orderData.salesQueue }
  }
  const figure = (page: Page, term: string) =>
    page
      .getByTestId("sales-queue")
      .locator("div", { has: page.locator("dt", { hasText: term }) })
      .locator("dd")

  it("the demo member sells; the success page and the order page show the position, the Units ahead, its own and the estimate as the API gives them", async () => {
    const { context, page } = await signedIn(1280, DEMO)
    orderId = await sellUnits(page, server, 40)
    // The success page already says where the sale stands.
    await expect
      .poll(() => page.getByRole("region", { name: "Your place in the sales queue" }).isVisible())
      .toBe(true)
    await page.goto(`${server.url}${orderPagePath(orderId)}`)
    const queue = page.getByRole("region", { name: "Your place in the sales queue" })
    await expect.poll(() => queue.isVisible()).toBe(true)
    const { salesQueue } = await standingOf(page)
    expect(salesQueue.remaining).toBe(30)
    expect(await figure(page, "Position").textContent()).toMatch(
      new RegExp(`^${salesQueue.position}(st|nd|rd|th) in the Unit \\(.\\) queue`),
    )
    expect(await figure(page, "Units ahead of yours").textContent()).toBe(
      salesQueue.unitsAhead === 0
        ? "None"
        : expect.stringMatching(/^[\d,]+ Unit \(.\) \(\d+ older sales?\)$/),
    )
    expect(await figure(page, "Yours still waiting").textContent()).toMatch(/^30 Unit \(.\)$/)
    expect(await figure(page, "Estimated time to be sold").textContent()).toMatch(
      /^(About \d+ days? \(range .+\), at the pace of the last 30 days' buys\.|Not enough history: .+)$/,
    )
    await context.close()
  })

  it("a buy confirmed by an admin takes Units ahead of it first: the Units still to go before it is sold fall by the Units bought", async () => {
    const { context, page } = await signedIn(1280)
    const before = await (async () => {
      const demo = await signedIn(1280, DEMO)
      const s = await standingOf(demo.page)
      await demo.context.close()
      return s
    })()
    const buyId = await createBuyOrder(page, {
      unitType: before.unitType as "LAND_USD",
      numberOfUnits: 5,
      paymentMethod: "bank",
    })
    await confirmPayment(server, DEMO_ADMIN, buyId)
    await context.close()
    const demo = await signedIn(1280, DEMO)
    const after = await standingOf(demo.page)
    expect(after.salesQueue.unitsAhead + after.salesQueue.remaining).toBe(
      before.salesQueue.unitsAhead + before.salesQueue.remaining - 5,
    )
    expect(after.salesQueue.unitsAhead).toBeLessThanOrEqual(before.salesQueue.unitsAhead)
    expect(after.salesQueue.estimate.kind).toBe("estimate")
    await demo.context.close()
  })

  it.each([375, 1280] as const)("at %i px: the queue box fits the width and passes axe", async (width) => {
    const { context, page } = await signedIn(width, DEMO)
    await page.goto(`${server.url}${orderPagePath(orderId)}`)
    const queue = page.getByRole("region", { name: "Your place in the sales queue" })
    await expect.poll(() => queue.isVisible()).toBe(true)
    expect(await figure(page, "Estimated time to be sold").textContent()).toMatch(/^About \d+ days?/)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-sales-queue.png`), fullPage: true })
    await page.screenshot({ path: path.join(SHOTS, `${width}-order-page-sales-queue-first-screen.png`) })
    if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })
})
