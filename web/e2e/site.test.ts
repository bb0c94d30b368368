/**
 * Browser tests: Debian's Chromium (playwright-core) against the real server (`node cli/src/start.ts`).
 * One server and one browser for the whole file; each test opens its own context. Every public route at 375 and
 * 1280 px (headline, width, axe, screenshots) is checked in siteRoutes.test.ts, which runs beside this one.
 */
import * as path from "node:path"
import AxeBuilder from "@axe-core/playwright"
import { formatMoney } from "@landunits/core/format/Format.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import type { Browser, Locator, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { linkFromMail, mailCount, type RunningServer } from "./server.ts"
import {
  CONSENT_KEY,
  headline,
  openContext,
  SHOTS,
  seriousAxeViolations,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { DEMO, signOut } from "./support/members.ts"
import { BROWSER_RENDERED, PUBLIC_ROUTES } from "./support/publicRoutes.ts"
import { shareOut } from "./support/shareOut.ts"

/** The route constants of spec §2 with their trailing slash, and where a guest ends up. */
const GUEST_ROUTE_CONSTANTS: ReadonlyArray<readonly [string, RegExp, string]> = [
  ["/login/", /\/login\/?$/, "Access Your Account Now"],
  ["/login/forgot/", /\/login-forgot$/, "Forgot your password?"],
  ["/register/", /\/register\/?$/, "Register to buy Units"],
  ["/dashboard/", /\/login$/, "Access Your Account Now"],
  // A member page leads back to itself once signed in (issue 38); the dashboard itself is where sign-in goes anyway.
  ["/dashboard/convert/", /\/login\?redirect=%2Fdashboard%2Fconvert%2F?$/, "Access Your Account Now"],
  // (the transaction page's own default tab comes along)
  [
    "/dashboard/transaction/",
    /\/login\?redirect=%2Fdashboard%2Ftransaction%2F?(%3Ftab%3Dbuy)?$/,
    "Access Your Account Now",
  ],
]

let server: RunningServer
let browser: Browser

// The cookie banner is tested on its own; other tests start with consent given.
const open = (width = 1280, options: { askConsent?: boolean } = {}) => openContext(browser, width, options)

const h1 = (page: Page) => page.locator("h1").first()

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement)

/** Presses Tab until `target` has the focus (keyboard only); fails if it never does. */
const tabTo = async (page: Page, target: Locator, max = 90) => {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab")
    if (await isFocused(target)) return
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

/** Tabs to each field in turn and types its value. */
const typeInto = async (page: Page, fields: ReadonlyArray<readonly [Locator, string]>) => {
  for (const [field, value] of fields) {
    await tabTo(page, field)
    await page.keyboard.type(value)
  }
}

const activeInside = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement) ?? false, selector)

const login = async (page: Page, email: string, password: string) => {
  await page.goto(`${server.url}/login`)
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password", { exact: false }).first().fill(password)
  await page.getByRole("button", { name: "Log in" }).click()
}

const statistics = async (): Promise<Statistics> =>
  (await fetch(`${server.url}/api/market/statistics`)).json() as Promise<Statistics>

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser())
})

afterAll(() => stopServerAndBrowser(server, browser))

describe("public routes", () => {
  it("an anonymous visit of every public route and a news article logs no console error or warning and no failed request, and its pictures hold their place", async () => {
    const news = (await (await fetch(`${server.url}/api/content/news`)).json()) as ReadonlyArray<{
      readonly link: string
    }>
    const article = news.find((a) => a.link.startsWith("/news/"))?.link
    expect(article).toBeDefined()
    const routes = [...PUBLIC_ROUTES.map(([route]) => route), article ?? ""]
    // A first visit: no consent given yet, so the cookie banner shows on every page as well.
    const { context } = await open(375, { askConsent: true })
    const problems: Array<string> = []
    const pictures = new Map<string, number>()
    // Pages are visited a few at a time (each mostly waits for its network to go quiet); each problem is told
    // with the route of the page it came from.
    const routeOf = new Map<Page, string>()
    const at = (page: Page | null | undefined) => (page ? (routeOf.get(page) ?? "?") : "?")
    const pageOfRequest = (request: Request) => {
      try {
        return request.frame().page()
      } catch {
        return undefined // a service worker's request has no frame
      }
    }
    context.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning")
        problems.push(
          `${at(message.page())}: console ${message.type()}: ${message.text()} (${message.location().url})`,
        )
    })
    context.on("weberror", (error) =>
      problems.push(`${at(error.page())}: page error: ${error.error().message}`),
    )
    context.on("requestfailed", (request) =>
      problems.push(
        `${at(pageOfRequest(request))}: ${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`,
      ),
    )
    context.on("response", (response) => {
      if (response.status() >= 400)
        problems.push(
          `${at(pageOfRequest(response.request()))}: ${response.request().method()} ${response.url()} answered ${response.status()}`,
        )
    })
    const visit = async (route: string) => {
      const page = await context.newPage()
      routeOf.set(page, route)
      await page.goto(`${server.url}${route}`)
      await expect.poll(() => page.locator("h1").count(), { message: route }).toBeGreaterThan(0)
      await page.waitForLoadState("networkidle")
      // Below the fold too: lazy pictures load once they come near the screen.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete))
      const images = await page.locator("img").evaluateAll((all) =>
        all.map((image) => ({
          src: image.getAttribute("src"),
          sized:
            (image.hasAttribute("width") && image.hasAttribute("height")) ||
            getComputedStyle(image).aspectRatio !== "auto",
          loading: image.getAttribute("loading"),
          decoding: image.getAttribute("decoding"),
          priority: image.getAttribute("fetchpriority"),
        })),
      )
      pictures.set(route, images.length)
      images.forEach((image, index) => {
        const name = `${route}: picture ${image.src}`
        if (!image.sized) problems.push(`${name} has no width and height`)
        // The first picture of a news page is its largest at first paint: fetched at once and first.
        const first = index === 0 && route.startsWith("/news")
        if (first && (image.priority !== "high" || image.loading === "lazy"))
          problems.push(`${name} is the page's first picture but not fetchpriority=high and eager`)
        if (!first && image.priority !== "high" && (image.loading !== "lazy" || image.decoding !== "async"))
          problems.push(`${name} is below the first paint but not loading=lazy decoding=async`)
      })
      await page.close()
    }
    // Four at a time, each visit in a page of its own.
    await shareOut([1, 2, 3, 4], routes, (_, route) => visit(route))
    expect(problems).toEqual([])
    // The rules above were checked on real pictures.
    expect(pictures.get("/news")).toBeGreaterThan(1)
    expect(pictures.get(article ?? "")).toBe(1)
    await context.close()
  })

  it("the route constants with a trailing slash render their page or send a guest to /login", async () => {
    const { context, page } = await open()
    for (const [route, landing, text] of GUEST_ROUTE_CONSTANTS) {
      await page.goto(`${server.url}${route}`)
      await page.waitForURL(landing)
      await headline(page, text)
    }
    await context.close()
  })

  it("noindex/nofollow is set on account, subscribe, logout and user-manual pages and not on the home page", async () => {
    const { context, page } = await open()
    const robots = () => page.locator('meta[name="robots"]').getAttribute("content")
    await page.goto(`${server.url}/user-manual`)
    await expect.poll(robots).toBe("noindex, nofollow")
    await page.goto(`${server.url}/account/confirm`)
    await expect.poll(robots).toBe("noindex, nofollow")
    await page.goto(`${server.url}/`)
    await expect.poll(robots).toBe("index, follow")
    await context.close()
  })
})

describe("real data and documents", () => {
  it("the home and business statistics block shows the API's land value in GBP, USD and EUR", async () => {
    const { totalAmountsConvertedFromGBP: t } = await statistics()
    expect(t.pound).toBeGreaterThan(0)
    const { context, page } = await open()
    for (const route of ["/", "/business"]) {
      await page.goto(`${server.url}${route}`)
      const block = page.getByRole("region", { name: /Land value under management/ })
      await expect
        .poll(() => block.getByTestId("land-value-GBP").textContent())
        .toBe(formatMoney(t.pound, "GBP"))
      expect(await block.getByTestId("land-value-USD").textContent()).toBe(formatMoney(t.usd, "USD"))
      expect(await block.getByTestId("land-value-EUR").textContent()).toBe(formatMoney(t.euro, "EUR"))
    }
    await context.close()
  })

  it("/statistics and /fees show the API's figures", async () => {
    const stats = await statistics()
    const fees = (await (await fetch(`${server.url}/api/market/fees`)).json()) as {
      fees: ReadonlyArray<{ currency: "EUR" | "USD" | "AUD" | "GBP"; buyOrderTransactionFeeInCents: number }>
    }
    const { context, page } = await open()
    await page.goto(`${server.url}/statistics`)
    await expect
      .poll(() => page.locator("main").textContent())
      .toContain(formatMoney(stats.totalAmountsConvertedFromGBP.usd, "USD"))
    const main = (await page.locator("main").textContent()) ?? ""
    expect(main).toContain(formatMoney(stats.projectTotals[0]?.totalProjectLandValueInCents ?? -1, "EUR"))
    expect(main).toContain("CO₂ offset")
    await page.goto(`${server.url}/fees`)
    const rows = page.getByRole("table").first().getByRole("row")
    await expect.poll(() => rows.count()).toBe(fees.fees.length + 1)
    for (const f of fees.fees)
      expect(await rows.filter({ hasText: f.currency }).first().textContent()).toContain(
        formatMoney(f.buyOrderTransactionFeeInCents, f.currency),
      )
    expect(await page.getByRole("row", { name: /Card \(Stripe\)/ }).textContent()).toContain("1.50%")
    await context.close()
  })

  it.each([375, 1280])(
    "at %i px every news card shows its own picture, not the fallback drawing, and Read more opens the article",
    async (width) => {
      const { context, page } = await open(width)
      await page.goto(`${server.url}/news`)
      const cards = page.locator(".news-card")
      await expect.poll(() => cards.count()).toBeGreaterThan(0)
      const cardCount = await cards.count()
      const pictures = page.locator(".news-card img")
      expect(await pictures.count()).toBe(cardCount)
      // The pictures load lazily: bring each into view, then every one must have decoded as an image.
      for (let i = 0; i < cardCount; i++) await pictures.nth(i).scrollIntoViewIfNeeded()
      await expect
        .poll(() =>
          pictures.evaluateAll(
            (images) =>
              (images as Array<HTMLImageElement>).filter((i) => i.complete && i.naturalWidth > 0).length,
          ),
        )
        .toBe(cardCount)
      expect(await page.getByTestId("news-image-placeholder").count()).toBe(0)
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.screenshot({ path: path.join(SHOTS, `${width}-news-pictures.png`), fullPage: true })
      const title = (await cards.first().locator("h2").textContent()) ?? ""
      await cards
        .first()
        .getByRole("link", { name: /Read more/ })
        .click()
      await headline(page, title)
      await expect
        .poll(() => page.locator(".news-card img").evaluate((i) => (i as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0)
      await page.goto(`${server.url}/news/no-such-article`)
      await headline(page, "Page not found")
      await context.close()
    },
  )

  it("a news picture answers 200 as a WebP, not as the app's HTML", async () => {
    const news = (await (await fetch(`${server.url}/api/content/news`)).json()) as ReadonlyArray<{
      readonly image: string
    }>
    expect(news.length).toBeGreaterThan(0)
    for (const { image } of news) {
      const response = await fetch(new URL(image, server.url))
      expect(response.status, image).toBe(200)
      expect(response.headers.get("content-type"), image).toBe("image/webp")
      const bytes = new Uint8Array(await response.arrayBuffer())
      const head = new TextDecoder("latin1").decode(bytes.slice(0, 12))
      expect([head.slice(0, 4), head.slice(8)], image).toEqual(["RIFF", "WEBP"])
      expect(new TextDecoder().decode(bytes), image).not.toContain("<html")
    }
  })

  it("the 2025 report link downloads a PDF (200, application/pdf)", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/`)
    const link = page.getByRole("link", { name: "Download the 2025 report" })
    const href = await link.getAttribute("href")
    expect(href).toBe("/reports/landunits-2025-report.pdf")
    const response = await fetch(`${server.url}${href}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("application/pdf")
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-")
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()])
    expect(download.suggestedFilename()).toBe("landunits-2025-report.pdf")
    await context.close()
  })
})

describe("unknown pages and missing files", () => {
  it.each([375, 1280])(
    "at %i px an unknown page answers 404 with the app, which shows its not-found page and a way home",
    async (width) => {
      const { context, page } = await open(width)
      const response = await page.goto(`${server.url}/no-such-page`)
      expect(response?.status()).toBe(404)
      expect(response?.headers()["content-type"]).toContain("text/html")
      await headline(page, "Page not found")
      await page.screenshot({ path: path.join(SHOTS, `${width}-not-found.png`), fullPage: true })
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width)
      if (width === 1280) expect(await seriousAxeViolations(page)).toEqual([])
      await page.getByRole("link", { name: "Go to the home page" }).click()
      await headline(page, "Land that pays for its own care")
      await context.close()
    },
  )

  it("known deep links still answer 200 with the app, and a guest still ends at the login page", async () => {
    for (const route of ["/news", "/news/category/projects", "/faq/", "/dashboard/settings"]) {
      const response = await fetch(`${server.url}${route}`)
      expect(response.status, route).toBe(200)
      expect(response.headers.get("content-type"), route).toContain("text/html")
    }
    const { context, page } = await open()
    const response = await page.goto(`${server.url}/dashboard/settings`)
    expect(response?.status()).toBe(200)
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login")
    await context.close()
  })

  it("a missing script, style sheet or picture answers 404, not the app's HTML", async () => {
    for (const file of ["/assets/x.js", "/assets/x.css", "/images/news/no-such-picture.jpg"]) {
      const response = await fetch(`${server.url}${file}`)
      expect(response.status, file).toBe(404)
      expect(await response.text(), file).not.toContain("<html")
    }
  })
})

describe("shell", () => {
  it("at 375 px the guest header still offers Contact and News behind a keyboard toggle with aria-expanded", async () => {
    const { context, page } = await open(375)
    await page.goto(`${server.url}/`)
    await headline(page, "Land that pays for its own care")
    const toggle = page.getByRole("button", { name: "More links" })
    const more = page.getByRole("navigation", { name: "More" })
    expect(await toggle.getAttribute("aria-expanded")).toBe("false")
    expect(await more.isVisible()).toBe(false)
    await tabTo(page, toggle)
    await page.keyboard.press("Enter")
    expect(await toggle.getAttribute("aria-expanded")).toBe("true")
    expect(await more.getByRole("link", { name: "Contact" }).isVisible()).toBe(true)
    expect(await more.getByRole("link", { name: "News" }).isVisible()).toBe(true)
    await page.keyboard.press("Escape")
    expect(await toggle.getAttribute("aria-expanded")).toBe("false")
    expect(await isFocused(toggle)).toBe(true)
    await page.keyboard.press("Space")
    await tabTo(page, more.getByRole("link", { name: "News" }))
    await page.keyboard.press("Enter")
    await headline(page, "News")
    expect(await toggle.getAttribute("aria-expanded")).toBe("false")
    await context.close()
    // At 1280 px the links are in the bar and the toggle is not shown.
    const wide = await open(1280)
    await wide.page.goto(`${server.url}/`)
    await headline(wide.page, "Land that pays for its own care")
    const nav = wide.page.getByRole("navigation", { name: "Main" })
    expect(await nav.getByRole("link", { name: "Contact" }).isVisible()).toBe(true)
    expect(await nav.getByRole("link", { name: "News" }).isVisible()).toBe(true)
    expect(await wide.page.getByRole("button", { name: "More links" }).isVisible()).toBe(false)
    await wide.context.close()
  })

  it("every public page is one click from the home page's header or footer, and each has its own title, in the first HTML too", async () => {
    // Pages reached otherwise: a link's token (the confirm and reset pages) or a campaign (/landing, /rocket1);
    // and the steps of a page, one click from it (below).
    const fromTheirPage: Readonly<Record<string, readonly [string, string]>> = {
      "/login-forgot": ["/login", "Access Your Account Now"],
      "/business-register": ["/business", "Landunits for business"],
      "/news/category/projects": ["/news", "News"],
    }
    const reachedOtherwise = (route: string) =>
      BROWSER_RENDERED.has(route) || ["/landing", "/rocket1"].includes(route) || route in fromTheirPage
    const { context, page } = await open()
    const linksOn = (selector: string) =>
      page
        .locator(selector)
        .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))
    await page.goto(`${server.url}/`)
    await headline(page, "Land that pays for its own care")
    const shellLinks = await linksOn("header a[href], footer a[href]")
    const missing = PUBLIC_ROUTES.map(([route]) => route).filter(
      (route) => !reachedOtherwise(route) && !shellLinks.includes(route),
    )
    expect(missing).toEqual([])
    for (const [route, [parent, parentHeadline]] of Object.entries(fromTheirPage)) {
      expect(shellLinks).toContain(parent)
      await page.goto(`${server.url}${parent}`)
      await headline(page, parentHeadline)
      expect(await linksOn("header a[href], main a[href]")).toContain(route)
    }

    const titles = new Map<string, string>()
    for (const [route, text] of PUBLIC_ROUTES) {
      await page.goto(`${server.url}${route}`)
      await headline(page, text)
      await expect.poll(() => page.title()).not.toBe("Landunits")
      const title = await page.title()
      expect(title).toMatch(/Landunits/)
      titles.set(route, title)
      if (!BROWSER_RENDERED.has(route)) {
        const html = await (await fetch(`${server.url}${route}`)).text()
        expect(html).toContain(`<title>${title.replaceAll("&", "&amp;")}</title>`)
      }
    }
    expect(new Set(titles.values()).size).toBe(titles.size)
    // Moving inside the app keeps the title in step: the footer's Fees link, then back.
    await page.goto(`${server.url}/`)
    await headline(page, "Land that pays for its own care")
    await page.locator("footer").getByRole("link", { name: "Fees" }).click()
    await headline(page, "Fees")
    await expect.poll(() => page.title()).toBe(titles.get("/fees"))
    await context.close()
  })

  it("business pages' Register goes to /business-register; /rocket1 offers guests only Log in", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/business`)
    const nav = page.getByRole("navigation", { name: "Main" })
    await expect
      .poll(() => nav.getByRole("link", { name: "Register" }).getAttribute("href"))
      .toBe("/business-register")
    await page.goto(`${server.url}/rocket1`)
    await headline(page, "Launch your first Units")
    expect(await nav.getByRole("link").allTextContents()).toEqual(["Log in"])
    await context.close()
  })

  it("tooltips open on hover above 768 px and on click below", async () => {
    const wide = await open(1280)
    await wide.page.goto(`${server.url}/`)
    const trigger = wide.page.getByRole("button", { name: "About land value" })
    await trigger.scrollIntoViewIfNeeded()
    await trigger.hover()
    await expect.poll(() => wide.page.getByRole("tooltip").count()).toBe(1)
    await wide.page.mouse.move(0, 0)
    await expect.poll(() => wide.page.getByRole("tooltip").count()).toBe(0)
    await wide.context.close()

    const narrow = await open(375)
    await narrow.page.goto(`${server.url}/`)
    const tap = narrow.page.getByRole("button", { name: "About land value" })
    await tap.scrollIntoViewIfNeeded()
    await tap.hover()
    expect(await narrow.page.getByRole("tooltip").count()).toBe(0)
    await tap.click()
    await expect.poll(() => narrow.page.getByRole("tooltip").count()).toBe(1)
    expect(await tap.getAttribute("aria-expanded")).toBe("true")
    await tap.click()
    await expect.poll(() => narrow.page.getByRole("tooltip").count()).toBe(0)
    await narrow.context.close()
  })
})

describe("forms by keyboard alone", () => {
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

  it("login: Tab, type, Enter; a wrong password shows the server's message, the right one signs in", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/login`)
    await headline(page, "Access Your Account Now")
    const form = page.getByRole("form", { name: "Log in" })
    await typeInto(page, [
      [form.getByLabel("Email"), DEMO.email],
      [form.getByLabel("Password"), "Wrong1234"],
    ])
    await page.keyboard.press("Enter")
    await expect.poll(() => page.locator(".form-error").textContent()).toBeTruthy()
    expect(page.url()).toContain("/login")
    await page.keyboard.press("Control+A")
    await page.keyboard.type(DEMO.password)
    await page.keyboard.press("Enter")
    await page.waitForURL(/\/dashboard/)
    await context.close()
  })

  for (const [route, formName, emailPrefix] of [
    ["/register", "Register to buy Units", "kb-user"],
    ["/business-register", "Register your business to buy Units", "kb-business"],
  ] as const)
    it(`${route}: Tab, type and Enter register and reach the Resend stage`, async () => {
      const { context, page } = await open()
      await page.goto(`${server.url}${route}`)
      await headline(page, formName)
      const form = page.getByRole("form", { name: formName })
      await typeInto(page, [
        [form.getByLabel("Email"), `${emailPrefix}-${Date.now()}@landunits.example`],
        [form.getByLabel("First Name"), "Grace"],
        [form.getByLabel("Last Name"), "Hopper"],
        [form.getByLabel(/Business name/), "Hopper Farms Ltd"],
        [form.locator("input[name=password]"), "abc123"],
        [form.getByLabel("Confirm password"), "abc123"],
      ])
      // The terms box: Space ticks it; then Enter on Register.
      await tabTo(page, form.getByRole("checkbox", { name: /I accept the Terms and Conditions/ }))
      await page.keyboard.press("Space")
      await tabTo(page, form.getByRole("button", { name: "Register" }))
      await page.keyboard.press("Enter")
      await page.getByRole("button", { name: "Resend" }).waitFor()
      await context.close()
    })

  it("contact: Tab, type, and Space on Send message sends it", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/contact-us`)
    await headline(page, "Contact us")
    const form = page.getByRole("form", { name: "Contact form" })
    await typeInto(page, [
      [form.getByLabel("Name"), "Ada Lovelace"],
      [form.getByLabel("Email"), "ada@landunits.example"],
      [form.getByLabel("Subject"), "Units in AUD"],
      [form.getByLabel("Message"), "When are AUD Units delivered?"],
    ])
    await tabTo(page, form.getByRole("button", { name: "Send message" }))
    await page.keyboard.press("Space")
    await expect
      .poll(() => page.locator(".form-note").textContent())
      .toBe("Thank you for your message. We will get back to you soon.")
    await context.close()
  })

  it("newsletter: Tab, type and Enter subscribe and show the server's message", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/`)
    await headline(page, "Land that pays for its own care")
    const form = page.getByRole("form", { name: "Newsletter" })
    await typeInto(page, [[form.getByLabel("Email"), `kb-news-${Date.now()}@landunits.example`]])
    await page.keyboard.press("Enter")
    await expect
      .poll(() => page.getByRole("region", { name: "Stay up to date!" }).locator(".form-note").textContent())
      .toBe("Thank you for subscribing! Please check your email to confirm your subscription.")
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
      await page.getByRole("checkbox", { name: /I accept the Terms and Conditions/ }).check()
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

    // Three emails: the first registration, its resend, and the second registration (the one to confirm).
    await expect.poll(() => mailCount(server.dataDir, email), { timeout: 20_000 }).toBe(3)
    const link = linkFromMail(server.dataDir, email, "/account/confirm")
    expect(link).toBeDefined()
    await page.goto((link ?? "").replace(/^https?:\/\/[^/]+/, server.url))
    await expect.poll(() => page.locator(".form-note, .form-error").first().textContent()).toBeTruthy()
    expect(await page.locator(".form-error").count()).toBe(0)

    await login(page, email, "abc123")
    await page.waitForURL("**/dashboard/What-are-Land-Units")
    await signOut(page)
    await context.close()
  })

  it("forgot and reset password by keyboard alone, with the link read from the email", async () => {
    const { context, page } = await open()
    await page.goto(`${server.url}/login-forgot`)
    await headline(page, "Forgot your password?")
    const before = mailCount(server.dataDir, email)
    await typeInto(page, [[page.getByRole("form", { name: "Forgot password" }).getByLabel("Email"), email]])
    await page.keyboard.press("Enter")
    await expect.poll(() => page.locator(".form-note").textContent()).toContain("valid for 1 hour")
    await expect.poll(() => mailCount(server.dataDir, email), { timeout: 20_000 }).toBe(before + 1)
    const link = linkFromMail(server.dataDir, email, "/login/reset")
    expect(link).toBeDefined()
    await page.goto((link ?? "").replace(/^https?:\/\/[^/]+/, server.url))
    const form = page.getByRole("form", { name: "Choose a new password" })
    await form.waitFor()
    await typeInto(page, [
      [form.getByLabel("New password"), "xyz789"],
      [form.getByLabel("Confirm password"), "xyz789"],
    ])
    await page.keyboard.press("Enter")
    await expect.poll(() => page.locator(".form-note").textContent()).toBeTruthy()
    expect(await page.locator(".form-error").count()).toBe(0)
    await login(page, email, "xyz789")
    await page.waitForURL(/\/dashboard/)
    await context.close()
  })

  it("guards both ways, the member header and side menu, and the route constants signed in", async () => {
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
    await headline(page, "Confirm your account")

    // The member header: Contact, Dashboard, Logout and the menu toggle.
    const nav = page.getByRole("navigation", { name: "Main" })
    await expect.poll(() => nav.getByRole("link", { name: "Dashboard" }).count()).toBe(1)
    expect(await nav.getByRole("button", { name: "Logout" }).count()).toBe(1)
    expect(await nav.getByRole("link", { name: "Contact" }).count()).toBe(1)

    // Route constants with a trailing slash, signed in.
    for (const [route, text] of [
      ["/dashboard/", /^Welcome, /],
      ["/dashboard/convert/", "Convert Units"],
      ["/dashboard/transaction/", "Buy Units"],
    ] as const) {
      await page.goto(`${server.url}${route}`)
      await headline(page, text)
    }
    expect(await page.locator("main").textContent()).toContain("Unit ($)")

    // The menu keeps Tab inside, closes on Escape and gives focus back to its toggle.
    const toggle = nav.getByRole("button", { name: "Open menu" })
    await toggle.click()
    await expect.poll(() => activeInside(page, "#side-menu")).toBe(true)
    for (let i = 0; i < 25; i++) await page.keyboard.press("Tab")
    expect(await activeInside(page, "#side-menu")).toBe(true)
    await page.keyboard.press("Escape")
    expect(await page.getByRole("dialog", { name: "Menu" }).count()).toBe(0)
    expect(await isFocused(toggle)).toBe(true)

    // The side menu's Information links lead to their pages.
    for (const [label, text] of [
      ["Statistics", "Statistics"],
      ["Fees", "Fees"],
      ["FAQ", "Frequently asked questions"],
      ["News", "News"],
    ] as const) {
      await nav.getByRole("button", { name: "Open menu" }).click()
      const menu = page.getByRole("dialog", { name: "Menu" })
      expect(await menu.textContent()).toContain("Kyc Verification")
      // The panel covers the viewport's height (not boxed inside the sticky header).
      expect((await menu.boundingBox())?.height).toBe(900)
      await menu.getByRole("link", { name: label, exact: true }).click()
      await headline(page, text)
    }

    // At 375 px the member's bar fits the screen and Contact is in the menu.
    await page.setViewportSize({ width: 375, height: 900 })
    await page.goto(`${server.url}/dashboard`)
    await headline(page, /^Welcome, /)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375)
    expect(await nav.getByRole("link", { name: "Contact" }).isVisible()).toBe(false)
    await nav.getByRole("button", { name: "Open menu" }).click()
    expect(
      await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Contact us" }).isVisible(),
    ).toBe(true)
    await page.keyboard.press("Escape")

    await signOut(page)
    await page.goto(`${server.url}/dashboard`)
    await page.waitForURL("**/login")
    await context.close()
  })
})

describe("cookie banner and attribution", () => {
  it("absent → shows and stores 'false'; 'false' → shows; Allow all stores a one-year record and hides it", async () => {
    const { context, page } = await open(1280, { askConsent: true })
    await page.goto(`${server.url}/`)
    const banner = page.getByRole("dialog", { name: "This website uses cookies" })
    await banner.waitFor()
    expect(await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY)).toBe("false")
    const axe = await new AxeBuilder({ page }).include(".consent").analyze()
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([])
    await page.reload()
    await banner.waitFor()
    await banner.getByRole("button", { name: "Show details" }).click()
    for (const tab of ["Consent", "Details", "About"])
      expect(await banner.getByRole("tab", { name: tab }).count()).toBe(1)
    for (const c of ["Necessary", "Preferences", "Statistics", "Marketing", "Unclassified"])
      expect(await banner.getByLabel(c).count()).toBe(1)
    await banner.getByRole("button", { name: "Allow all" }).click()
    expect(await banner.count()).toBe(0)
    const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY)) ?? "{}")
    expect(stored.marketing).toBe(true)
    expect(stored.expiresAt - stored.acceptedAt).toBe(365 * 24 * 60 * 60 * 1000)
    await page.reload()
    await page.locator("h1").waitFor()
    expect(await banner.count()).toBe(0)
    await context.close()
  })

  it("the dialog is modal for the keyboard: focus moves in, Tab stays inside, Escape or a button closes it, focus returns", async () => {
    const { context, page } = await open(1280, { askConsent: true })
    await page.goto(`${server.url}/`)
    const banner = page.getByRole("dialog", { name: "This website uses cookies" })
    await banner.waitFor()
    await expect.poll(() => activeInside(page, ".consent")).toBe(true)
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab")
      expect(await activeInside(page, ".consent")).toBe(true)
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Shift+Tab")
      expect(await activeInside(page, ".consent")).toBe(true)
    }
    // Escape closes it without storing a choice; focus goes to the main content.
    await page.keyboard.press("Escape")
    expect(await banner.count()).toBe(0)
    expect(await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY)).toBe("false")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main")

    // Opened again from the footer: Space on Show details keeps focus inside; Escape returns focus to the opener.
    const settings = page.getByRole("button", { name: "Cookie settings" })
    await tabTo(page, settings, 200)
    await page.keyboard.press("Enter")
    await banner.waitFor()
    await expect.poll(() => activeInside(page, ".consent")).toBe(true)
    await tabTo(page, banner.getByRole("button", { name: "Show details" }), 6)
    await page.keyboard.press("Space")
    await banner.getByRole("tab", { name: "Details" }).waitFor()
    await expect.poll(() => activeInside(page, ".consent")).toBe(true)
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab")
      expect(await activeInside(page, ".consent")).toBe(true)
    }
    await page.keyboard.press("Escape")
    expect(await banner.count()).toBe(0)
    expect(await isFocused(settings)).toBe(true)

    // A button closes it too, storing the choice, and focus returns to the opener.
    await page.keyboard.press("Enter")
    await banner.waitFor()
    await tabTo(page, banner.getByRole("button", { name: "Deny" }), 6)
    await page.keyboard.press("Enter")
    expect(await banner.count()).toBe(0)
    expect(await isFocused(settings)).toBe(true)
    const stored = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), CONSENT_KEY)) ?? "{}")
    expect(stored).toMatchObject({ necessary: true, marketing: false, statistics: false })
    await context.close()
  })

  it("the banner is centred below 992 px (800 px) and not at 1280 px", async () => {
    const box = async (width: number) => {
      const { context, page } = await open(width, { askConsent: true })
      await page.goto(`${server.url}/`)
      const banner = page.getByRole("dialog", { name: "This website uses cookies" })
      await banner.waitFor()
      const b = await banner.boundingBox()
      await context.close()
      if (b === null) throw new Error("the banner has no box")
      return b
    }
    const narrow = await box(800)
    expect(Math.abs(narrow.x + narrow.width / 2 - 400)).toBeLessThanOrEqual(1)
    const wide = await box(1280)
    expect(wide.x).toBeLessThan(40)
    expect(Math.abs(wide.x + wide.width / 2 - 640)).toBeGreaterThan(100)
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
