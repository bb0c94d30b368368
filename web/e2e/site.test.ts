/**
 * Browser tests: Debian's Chromium (playwright-core) against the real server (`node cli/src/start.ts`).
 * Screenshots of every public route at 375 and 1280 px go to web/test-artifacts/screenshots.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import AxeBuilder from "@axe-core/playwright"
import { type Browser, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkFromMail, type RunningServer, startServer } from "./server.ts"

const SHOTS = fileURLToPath(new URL("../test-artifacts/screenshots", import.meta.url))
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const DEMO = { email: "demo@landunits.example", password: "LandDemo2026" }

/** Every public route and the headline it must show. */
const PUBLIC_ROUTES: ReadonlyArray<readonly [string, string | RegExp]> = [
  ["/", "Land that pays for its own care"],
  ["/landing", "Units for a sustainable-land ecosystem"],
  ["/register", "Register to buy Units"],
  ["/login", "Access Your Account Now"],
  ["/login-forgot", "Forgot your password?"],
  ["/login/reset", "Choose a new password"],
  ["/account/confirm", "Confirm your account"],
  ["/subscribe/confirm", "Confirm your newsletter subscription"],
  ["/team", "Our team"],
  ["/contact-us", "Contact us"],
  ["/terms-and-conditions", "Terms and Conditions"],
  ["/privacy-policy", "Privacy Policy"],
  ["/faq", "Frequently asked questions"],
  ["/about-us", "About Landunits"],
  ["/news", "News"],
  ["/news/category/projects", "News: Projects"],
  ["/statistics", "Statistics"],
  ["/fees", "Fees"],
  ["/references", "References"],
  ["/business", "Landunits for business"],
  ["/business-register", "Register your business to buy Units"],
  ["/rocket1", "Launch your first Units"],
  ["/user-manual", "User Manual"],
  // Route constants of spec §2 with their trailing slash.
  ["/login/", "Access Your Account Now"],
  ["/register/", "Register to buy Units"],
  ["/login/forgot/", "Forgot your password?"],
]

let server: RunningServer
let browser: Browser

const open = async (width = 1280) => {
  const context = await browser.newContext({ viewport: { width, height: 900 } })
  // The cookie banner is tested on its own; other tests start with consent given.
  await context.addInitScript(() => {
    if (!location.search.includes("consent=ask"))
      window.localStorage.setItem(
        "_cookie_consent_accepted",
        JSON.stringify({ necessary: true, expiresAt: 9e15 }),
      )
  })
  return { context, page: await context.newPage() }
}

const h1 = (page: Page) => page.locator("h1").first()

const login = async (page: Page, email: string, password: string) => {
  await page.goto(`${server.url}/login`)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: false }).first().fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
}

beforeAll(async () => {
  server = await startServer()
  browser = await chromium.launch({
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
  fs.mkdirSync(SHOTS, { recursive: true })
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

describe("public routes", () => {
  it("every public route renders its headline at 375 and 1280 px, with no serious or critical axe violation", async () => {
    for (const width of [375, 1280]) {
      const { context, page } = await open(width)
      for (const [route, headline] of PUBLIC_ROUTES) {
        await page.goto(`${server.url}${route}`)
        await expect
          .poll(() => h1(page).textContent(), { message: `${route} at ${width}px` })
          .toMatch(headline)
        await page.screenshot({
          path: path.join(
            SHOTS,
            `${width}-${route === "/" ? "home" : route.replace(/\//g, "_").replace(/^_|_$/g, "")}.png`,
          ),
          fullPage: true,
        })
        if (width === 1280 && !route.endsWith("/")) {
          const result = await new AxeBuilder({ page }).analyze()
          const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
          expect(bad.map((v) => `${route}: ${v.id} (${v.nodes.length})`)).toEqual([])
        }
      }
      await context.close()
    }
  })

  it("noindex/nofollow is set on account, subscribe, logout and user-manual pages and not on the home page", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/user-manual`)
    await expect
      .poll(() => page.locator('meta[name="robots"]').getAttribute("content"))
      .toBe("noindex, nofollow")
    await page.goto(`${server.url}/account/confirm`)
    await expect
      .poll(() => page.locator('meta[name="robots"]').getAttribute("content"))
      .toBe("noindex, nofollow")
    await page.goto(`${server.url}/`)
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute("content")).toBe("index, follow")
    await context.close()
  })
})

describe("forms", () => {
  it("the registration form shows the spec's messages word for word", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/register`)
    await page.getByRole("button", { name: "Register" }).click()
    const form = page.getByRole("form", { name: "Register to buy Units" })
    await expect.poll(() => form.textContent()).toContain("Email is Required")
    const text = (await form.textContent()) ?? ""
    expect(text).toContain("First Name is Required")
    expect(text).toContain("Password is required")
    expect(text).toContain("Please confirm your password")
    await page.getByLabel("Email").fill("abc")
    await page.locator("input[name=password]").fill("abcdef")
    await page.getByLabel("First Name").fill("A")
    await expect.poll(() => form.textContent()).toContain("Email must be at least 5 characters")
    expect(await form.textContent()).toContain("Password must contain at least one number")
    expect(await form.textContent()).toContain("First Name must be at least 2 characters")
    await context.close()
  })

  it("the login form works by keyboard alone and shows the server's message under the form", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/login`)
    await page.getByLabel("Email").focus()
    await page.keyboard.type("nobody@landunits.example")
    await page.keyboard.press("Tab")
    await page.keyboard.type("Wrong1234")
    await page.keyboard.press("Enter")
    await expect.poll(() => page.locator(".form-error").count()).toBe(1)
    expect(page.url()).toContain("/login")
    await context.close()
  })
})

describe("registration, login, logout and guards", () => {
  const email = `member-${Date.now()}@landunits.example`

  it("registers through Register → Resend → Reset, then registers again and confirms from the email link", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/register`)
    const fill = async () => {
      await page.getByLabel("Email").fill(email)
      await page.getByLabel("First Name").fill("Ada")
      await page.getByLabel("Last Name").fill("Lovelace")
      await page.locator("input[name=password]").fill("abc123")
      await page.getByLabel("Confirm password").fill("abc123")
      await page.getByRole("button", { name: "Register" }).click()
    }
    await fill()
    await page.getByRole("button", { name: "Resend" }).waitFor()
    expect(await page.textContent("main")).toContain("up to 15 minutes")
    await page.getByRole("button", { name: "Resend" }).click()
    await page.getByRole("button", { name: "Reset Registration" }).click()
    await page.getByRole("button", { name: "Register" }).waitFor()
    await fill()
    await page.getByRole("button", { name: "Resend" }).waitFor()

    await expect
      .poll(() => linkFromMail(server.dataDir, email, "/account/confirm"), { timeout: 20_000 })
      .toBeTruthy()
    const link = linkFromMail(server.dataDir, email, "/account/confirm")!
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url))
    await expect.poll(() => page.locator(".form-note, .form-error").first().textContent()).toBeTruthy()
    expect(await page.locator(".form-error").count()).toBe(0)

    await login(page, email, "abc123")
    await page.waitForURL("**/dashboard/What-are-Land-Units")
    await page.goto(`${server.url}/logout`)
    await page.waitForURL("**/login")
    await context.close()
  })

  it("guards: a guest is sent from /dashboard to /login; a member from /login to /dashboard; confirm pages work for both", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL("**/login")
    await login(page, DEMO.email, DEMO.password)
    await page.waitForURL(/\/dashboard/)
    await page.goto(`${server.url}/login`)
    await page.waitForURL(/\/dashboard\/?$/)
    await page.goto(`${server.url}/register`)
    await page.waitForURL(/\/dashboard\/?$/)
    await page.goto(`${server.url}/account/confirm?token=nope`)
    await expect.poll(() => h1(page).textContent()).toBe("Confirm your account")
    // The member header: Contact, Dashboard, Logout and the menu toggle.
    const nav = page.getByRole("navigation", { name: "Main" })
    expect(await nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1)
    await nav.getByRole("button", { name: "Open menu" }).click()
    expect(await page.getByRole("dialog", { name: "Menu" }).textContent()).toContain("Kyc Verification")
    await page.keyboard.press("Escape")
    await page.goto(`${server.url}/logout`)
    await page.waitForURL("**/login")
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL("**/login")
    await context.close()
  })
})

describe("cookie banner and attribution", () => {
  it("absent → shows and stores 'false'; 'false' → shows; Allow all stores a one-year record and hides it", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/?consent=ask`)
    const banner = page.getByRole("dialog", { name: "This website uses cookies" })
    await banner.waitFor()
    expect(await page.evaluate(() => localStorage.getItem("_cookie_consent_accepted"))).toBe("false")
    await page.reload()
    await banner.waitFor()
    await banner.getByRole("button", { name: "Show details" }).click()
    for (const tab of ["Consent", "Details", "About"])
      expect(await banner.getByRole("tab", { name: tab }).count()).toBe(1)
    for (const c of ["Necessary", "Preferences", "Statistics", "Marketing", "Unclassified"])
      expect(await banner.getByLabel(c).count()).toBe(1)
    await banner.getByRole("button", { name: "Allow all" }).click()
    expect(await banner.count()).toBe(0)
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("_cookie_consent_accepted"))) ?? "{}",
    )
    expect(stored.marketing).toBe(true)
    expect(stored.expiresAt - stored.acceptedAt).toBe(365 * 24 * 60 * 60 * 1000)
    await page.reload()
    await page.locator("h1").waitFor()
    expect(await banner.count()).toBe(0)
    await context.close()
  })

  it("utm_data is written for 7 days only when a UTM parameter is present", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/`)
    await h1(page).waitFor()
    expect((await context.cookies()).find((c) => c.name === "utm_data")).toBeUndefined()
    await page.goto(`${server.url}/?utm_source=newsletter&utm_campaign=spring`)
    await h1(page).waitFor()
    const cookie = (await context.cookies()).find((c) => c.name === "utm_data")
    expect(JSON.parse(decodeURIComponent(cookie?.value ?? "{}"))).toEqual({
      utm_source: "newsletter",
      utm_campaign: "spring",
    })
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
    expect(Math.round(days)).toBe(7)
    await context.close()
  })
})
