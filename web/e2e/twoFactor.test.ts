/**
 * Issue 23 in Chromium: an authenticator app set up in Settings › Security (the secret read from the page, the
 * code computed as an app would, with otpauth) and then asked at sign-in; a second session signed out from the
 * first one's settings, whose next request is then 401; a passkey registered and used at sign-in with Chromium's
 * virtual authenticator (the CDP WebAuthn domain, through Playwright's CDP session), on localhost (browsers refuse
 * passkeys on a bare IP address). Screenshots of the security page and the sign-in's
 * second step at 390 and 1280 px go to web/test-artifacts/screenshots.
 */
import * as fs from "node:fs"
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
import { newMember, registerAndConfirm, signIn, signOut } from "./support/members.ts"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

/** Every email written to `to` so far under DATA_DIR/mail, as text (quoted-printable undone). */
const mailText = (to: string): string => {
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

const shoot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: path.join(SHOTS, `${width}-${name}.png`), fullPage: true })

describe("two-factor sign-in in the browser", () => {
  it("sets up an authenticator app in settings, then asks for its code at sign-in", async () => {
    const member = await registerAndConfirm(server, newMember("totp-browser"))
    const { context, page } = await openContext(browser, 390)
    await signIn(page, server, member)
    await page.goto(`${server.url}/dashboard/settings/security`)
    await headline(page, "Security")
    await shoot(page, 390, "security-settings")
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Set up an authenticator app" }).click()
    // No factor yet: the first one is set up with the current password (issue 37); a wrong one is refused.
    await page.getByRole("heading", { name: "Confirm it is you" }).waitFor()
    await page.getByLabel("Current password").fill("not-my-password")
    await page.getByRole("button", { name: "Continue" }).click()
    await expect.poll(() => page.getByText("The current password is not correct.").count()).toBe(1)
    await page.getByLabel("Current password").fill(member.password)
    await shoot(page, 390, "security-password-prompt")
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole("button", { name: "Continue" }).click()
    const secretBox = page.locator(".totp-secret")
    await secretBox.waitFor()
    const secret = (await secretBox.getAttribute("data-secret")) ?? ""
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await page.getByLabel("Code from the app").fill(totpCode(secret))
    await shoot(page, 390, "security-totp-setup")
    await page.getByRole("button", { name: "Turn on" }).click()
    const codes = page.getByRole("region", { name: "Recovery codes" })
    await codes.waitFor()
    expect(await codes.locator("li").count()).toBe(10)
    await shoot(page, 390, "security-recovery-codes")
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByRole("button", { name: "I have saved them" }).click()
    await expect.poll(() => page.getByText("Authenticator app: on.").count()).toBe(1)
    await context.close()

    // The outbox told the member, in words (the mail file under DATA_DIR, as development writes it).
    await expect
      .poll(() => mailText(member.email), { timeout: 30_000 })
      .toContain("An authenticator app was added to your account's two-factor sign-in on ")

    // A new browser, signed out, opens a member page (as an email's link): the password, then the code, then that page.
    const fresh = await openContext(browser, 1280)
    await fresh.page.goto(`${server.url}/dashboard/settings/security`)
    await fresh.page.waitForURL(/\/login\?redirect=%2Fdashboard%2Fsettings%2Fsecurity$/)
    await fresh.page.getByLabel("Email").fill(member.email)
    await fresh.page.getByLabel("Password", { exact: false }).first().fill(member.password)
    await fresh.page.getByRole("button", { name: "Log in" }).click()
    await headline(fresh.page, "Confirm it is you")
    // No session yet: the half-signed-in step opens nothing.
    expect((await fresh.page.request.get(`${server.url}/api/user`)).status()).toBe(401)
    await shoot(fresh.page, 1280, "login-second-factor")
    expect(await seriousAxeViolations(fresh.page)).toEqual([])
    await fresh.page.getByLabel("Code").fill("000000")
    await fresh.page.getByRole("button", { name: "Continue" }).click()
    await expect.poll(() => fresh.page.getByRole("alert").textContent()).toMatch(/not correct/)
    // The next time step's code (the setup's own code is spent).
    await fresh.page.getByLabel("Code").fill(totpCode(secret, Date.now() + 30_000))
    await fresh.page.getByRole("button", { name: "Continue" }).click()
    await fresh.page.waitForURL((url) => url.pathname === "/dashboard/settings/security")
    expect((await fresh.page.request.get(`${server.url}/api/user`)).status()).toBe(200)
    await fresh.page.setViewportSize({ width: 1280, height: 900 })
    await headline(fresh.page, "Security")
    await shoot(fresh.page, 1280, "security-settings-on")
    await fresh.context.close()
  })

  it("signs out another session from settings: that session's next request is 401", async () => {
    const member = await registerAndConfirm(server, newMember("sessions-browser"))
    const laptop = await openContext(browser, 1280)
    await signIn(laptop.page, server, member)
    const phone = await openContext(browser, 390)
    await signIn(phone.page, server, member)
    expect((await phone.page.request.get(`${server.url}/api/user`)).status()).toBe(200)

    await laptop.page.goto(`${server.url}/dashboard/settings/security`)
    await headline(laptop.page, "Security")
    const items = laptop.page.locator(".session-list__item")
    await expect.poll(() => items.count()).toBe(2)
    await expect.poll(() => laptop.page.getByText("This device").count()).toBe(1)
    await laptop.page
      .locator(".session-list__item", { hasNotText: "This device" })
      .getByRole("button", { name: /Sign out/ })
      .click()
    await expect.poll(() => items.count()).toBe(1)
    expect((await phone.page.request.get(`${server.url}/api/user`)).status()).toBe(401)
    expect((await laptop.page.request.get(`${server.url}/api/user`)).status()).toBe(200)
    await laptop.context.close()
    await phone.context.close()
  })

  it("registers a passkey with Chromium's virtual authenticator, then signs in with it", async () => {
    const member = await registerAndConfirm(server, newMember("passkey-browser"))
    const base = server.url.replace("127.0.0.1", "localhost")
    const { context, page } = await openContext(browser, 1280)
    await context.addCookies([{ name: "cookie_consent_given", value: "1", domain: "localhost", path: "/" }])
    const cdp = await context.newCDPSession(page)
    await cdp.send("WebAuthn.enable")
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    })

    await page.goto(`${base}/login`)
    await page.getByLabel("Email").fill(member.email)
    await page.getByLabel("Password", { exact: false }).first().fill(member.password)
    await page.getByRole("button", { name: "Log in" }).click()
    await page.waitForURL(/\/dashboard/)
    await page.goto(`${base}/dashboard/settings/security`)
    await headline(page, "Security")
    await page.getByLabel("Name of the new passkey (optional)").fill("Test laptop")
    await page.getByRole("button", { name: "Add a passkey" }).click()
    // A first factor asks for the current password before the device makes the passkey.
    await page.getByRole("heading", { name: "Confirm it is you" }).waitFor()
    await page.getByLabel("Current password").fill(member.password)
    await page.getByRole("button", { name: "Add a passkey" }).click()
    // The first factor gives the recovery codes, shown once.
    const codes = page.getByRole("region", { name: "Recovery codes" })
    await codes.waitFor()
    expect(await codes.locator("li").count()).toBe(10)
    await page.getByRole("button", { name: "I have saved them" }).click()
    await expect
      .poll(() => page.getByRole("button", { name: "Remove the passkey Test laptop" }).count())
      .toBe(1)
    const stored = await cdp.send("WebAuthn.getCredentials", { authenticatorId })
    expect(stored.credentials).toHaveLength(1)

    // Signed out, the password alone no longer signs in: the passkey does, and leads to the page asked for.
    await signOut(page)
    await page.goto(`${base}/dashboard/settings/security`)
    await page.waitForURL(/\/login\?redirect=/)
    await page.getByLabel("Email").fill(member.email)
    await page.getByLabel("Password", { exact: false }).first().fill(member.password)
    await page.getByRole("button", { name: "Log in" }).click()
    await headline(page, "Confirm it is you")
    expect((await page.request.get(`${base}/api/user`)).status()).toBe(401)
    await page.getByRole("button", { name: "Use a passkey" }).click()
    await page.waitForURL((url) => url.pathname === "/dashboard/settings/security")
    expect((await page.request.get(`${base}/api/user`)).status()).toBe(200)
    const used = await cdp.send("WebAuthn.getCredentials", { authenticatorId })
    expect(used.credentials[0]?.signCount).toBeGreaterThan(stored.credentials[0]?.signCount ?? 0)
    await context.close()
  })
})
