/**
 * Who may do what (issue 37) in Chromium, on a server whose STEP_UP_SECONDS is 2: the demo member (no second
 * factor yet) is asked for the current password in the closure form and before the first authenticator app;
 * once the app is on and the step-up is over, confirming a sale and sending a transfer show the step-up prompt
 * (its heading focused), and after a code (or a recovery code) the same order goes through. Screenshots of each
 * changed screen at 375 and 1280 px go to web/test-artifacts/screenshots.
 */
import * as path from "node:path"
import { totpCode } from "@landunits/test-support/TotpCode.ts"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import {
  headline,
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { DEMO, newMember, registerAndConfirm, signIn } from "./support/members.ts"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser({ STEP_UP_SECONDS: "2" }))
})

afterAll(() => stopServerAndBrowser(server, browser))

const shoot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true })

/** Both widths of one screen: the page as it is at 375 px, then at 1280 px. */
const shootBoth = async (page: Page, name: string) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    // From the top: a full-page shot of a scrolled page draws the sticky header over the middle.
    await page.evaluate(() => window.scrollTo(0, 0))
    await shoot(page, width, name)
  }
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? "")

const stepUpOver = () => new Promise((resolve) => setTimeout(resolve, 2_500))

describe("the password and the step-up in the browser (issue 37)", () => {
  it("asks the password without a factor, then the step-up before a sale and a transfer, and sends the same order again", async () => {
    const rosa = await registerAndConfirm(server, newMember("step-up-recipient"))
    const { context, page } = await openContext(browser, 375)
    await signIn(page, server, DEMO)

    // No factor: the closure form asks for the current password (not sent here).
    await page.goto(`${server.url}/dashboard/settings`)
    await page.getByRole("button", { name: "Close my account…" }).click()
    await page.getByLabel(/^Type your email address/).fill(DEMO.email)
    const closurePassword = page
      .getByRole("form", { name: "Close my account" })
      .getByLabel("Current password")
    expect(await closurePassword.getAttribute("autocomplete")).toBe("current-password")
    await closurePassword.fill(DEMO.password)
    await shootBoth(page, "closure-password")
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Keep my account" }).click()

    // The first authenticator app: the password first, then the app.
    await page.goto(`${server.url}/dashboard/settings/security`)
    await headline(page, "Security")
    await page.getByRole("button", { name: "Set up an authenticator app" }).click()
    await expect.poll(() => focused(page)).toBe("Confirm it is you")
    await page.getByLabel("Current password").fill(DEMO.password)
    await shootBoth(page, "security-password-prompt")
    await page.getByRole("button", { name: "Continue" }).click()
    const secretBox = page.locator(".totp-secret")
    await secretBox.waitFor()
    const secret = (await secretBox.getAttribute("data-secret")) ?? ""
    await page.getByLabel("Code from the app").fill(totpCode(secret))
    await page.getByRole("button", { name: "Turn on" }).click()
    const codes = page.getByRole("region", { name: "Recovery codes" })
    await codes.waitFor()
    const recoveryCodes = await codes.locator("li").allTextContents()
    await page.getByRole("button", { name: "I have saved them" }).click()
    await expect.poll(() => page.getByText("Authenticator app: on.").count()).toBe(1)

    // A sale once the step-up is over: the review shows the prompt, then the same sale is placed.
    await stepUpOver()
    await page.goto(`${server.url}/dashboard/transaction?tab=sell`)
    await headline(page, "Sell Units")
    await page.getByLabel("Number of Units").fill("40")
    await page.getByRole("button", { name: "Review sale" }).click()
    const sells: Array<string | null> = []
    page.on("request", (r) => {
      if (r.url().endsWith("/api/order/create_order")) sells.push(r.headers()["idempotency-key"] ?? null)
    })
    await page.getByRole("button", { name: "Confirm sale" }).click()
    await expect.poll(() => focused(page)).toBe("Confirm it is you")
    await page
      .getByRole("form", { name: "Confirm it is you" })
      .getByLabel("Code")
      .fill(totpCode(secret, Date.now() + 30_000))
    await shootBoth(page, "sell-step-up")
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Confirm", exact: true }).click()
    await page.waitForURL(/\/dashboard\/sell-units\/success/)
    await headline(page, "Your sale is placed")
    // Refused, then confirmed again after the step-up: one sale, under one Idempotency-Key.
    expect(sells).toHaveLength(2)
    expect(sells[1]).toBe(sells[0])
    page.removeAllListeners("request")

    // A transfer once the step-up is over again: a recovery code stands for the app.
    await stepUpOver()
    await page.goto(`${server.url}/dashboard/transaction?tab=transfer`)
    await headline(page, "Transfer Units")
    await page.getByLabel("Number of Units").fill("5")
    await page.getByLabel("Recipient's email").fill(rosa.email)
    await page.getByRole("button", { name: "Find recipient" }).click()
    await expect.poll(() => page.locator(".order-recipient__found").count()).toBe(1)
    const transfers: Array<string | null> = []
    page.on("request", (r) => {
      if (r.url().endsWith("/api/order/create_order")) transfers.push(r.headers()["idempotency-key"] ?? null)
    })
    await page.getByRole("button", { name: /^Transfer 5 Units to/ }).click()
    await expect.poll(() => focused(page)).toBe("Confirm it is you")
    await page
      .getByRole("form", { name: "Confirm it is you" })
      .getByLabel("Code")
      .fill(recoveryCodes[0] ?? "")
    await shootBoth(page, "transfer-step-up")
    await page.getByRole("button", { name: "Confirm", exact: true }).click()
    await page.waitForURL(/\/dashboard\/transfer\/success/)
    // The refused transfer and the one sent after the step-up carry the same Idempotency-Key.
    expect(transfers).toHaveLength(2)
    expect(transfers[1]).toBe(transfers[0])
    await context.close()
  })
})
