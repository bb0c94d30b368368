/**
 * Session recording in Chromium against the real server (issue 24, spec §9), one server with PUBLIC_HOST=localhost:
 * the same pages on http://localhost:PORT are on the production host, on http://127.0.0.1:PORT they are not.
 * - No recording off the production host, off the path list, or without Statistics consent: the recorder's chunk
 *   is never fetched and nothing is posted; with all three it records, and consent withdrawn stops it at once.
 * - What is typed into a form never reaches the server (the requests and the stored events are checked), and the
 *   recording exported with `landunits recordings export` replays from the disk in Chromium.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import type { Browser, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningServer } from "./server.ts"
import {
  CONSENT_COOKIE,
  CONSENT_KEY,
  SHOTS,
  startServerAndBrowser,
  stopServerAndBrowser,
} from "./support/browser.ts"
import { adminCli, DEMO_ADMIN } from "./support/cli.ts"

let server: RunningServer
let browser: Browser
let port: string

beforeAll(async () => {
  ;({ server, browser } = await startServerAndBrowser({ PUBLIC_HOST: "localhost" }))
  port = new URL(server.url).port
})

afterAll(async () => {
  await stopServerAndBrowser(server, browser)
})

/** The same server under a host name: `localhost` is the production host here, `127.0.0.1` is not. */
const at = (host: "localhost" | "127.0.0.1", pagePath: string) => `http://${host}:${port}${pagePath}`

interface Watched {
  readonly page: Page
  /** The recorder's chunk was fetched. */
  readonly recorderLoaded: () => boolean
  readonly posts: Array<Request>
}

/** A visitor who already chose in the cookie banner (Statistics allowed or not), on both host names. */
const visitor = async (statistics: boolean): Promise<Watched> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  await context.addCookies(
    ["localhost", "127.0.0.1"].map((domain) => ({ name: CONSENT_COOKIE, value: "1", domain, path: "/" })),
  )
  await context.addInitScript(
    ([key, allowed]) => {
      if (window.location.origin === "null" || window.location.protocol === "file:") return
      window.localStorage.setItem(
        key as string,
        JSON.stringify({ necessary: true, statistics: allowed, expiresAt: 9e15 }),
      )
    },
    [CONSENT_KEY, statistics] as const,
  )
  const page = await context.newPage()
  let recorderLoaded = false
  const posts: Array<Request> = []
  page.on("request", (request) => {
    if (/\/assets\/recorder-[\w-]+\.js/.test(request.url())) recorderLoaded = true
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/recordings")
      posts.push(request)
  })
  return { page, recorderLoaded: () => recorderLoaded, posts }
}

const appReady = (page: Page) => page.waitForSelector("html[data-app-ready]", { state: "attached" })
const recordingIs = (page: Page, state: "on" | "off") =>
  page.waitForSelector(`html[data-recording="${state}"]`, { state: "attached", timeout: 15_000 })

describe("session recording", () => {
  it("does not record off the production host, off the path list or without Statistics consent; does with all three, and stops when consent is withdrawn", async () => {
    // Off the production host (127.0.0.1), on a listed page, with consent: asks where recording runs, then stops.
    const offHost = await visitor(true)
    const settings = offHost.page.waitForResponse((r) => r.url().endsWith("/api/recordings/settings"))
    await offHost.page.goto(at("127.0.0.1", "/statistics"))
    await appReady(offHost.page)
    expect(await (await settings).json()).toEqual({ publicHost: "localhost" })
    // Off the list (the sign-in page) on the production host, with consent.
    const offList = await visitor(true)
    await offList.page.goto(at("localhost", "/login"))
    await appReady(offList.page)
    // Without consent (Statistics not allowed), on the production host, on a listed page.
    const noConsent = await visitor(false)
    await noConsent.page.goto(at("localhost", "/statistics"))
    await appReady(noConsent.page)
    // All three: it records (and posts its first batch within seconds).
    const all = await visitor(true)
    const firstPost = all.page.waitForResponse(
      (r) => r.url().endsWith("/api/recordings") && r.request().method() === "POST",
      { timeout: 15_000 },
    )
    await all.page.goto(at("localhost", "/statistics"))
    await recordingIs(all.page, "on")
    expect((await firstPost).status()).toBe(202)
    expect(all.recorderLoaded()).toBe(true)

    // The others had as long: none of them loaded the recorder or sent anything.
    for (const [name, v] of [
      ["off the production host", offHost],
      ["off the list", offList],
      ["without consent", noConsent],
    ] as const) {
      expect(v.recorderLoaded(), name).toBe(false)
      expect(v.posts, name).toEqual([])
      expect(await v.page.locator("html").getAttribute("data-recording"), name).toBeNull()
    }

    // Consent withdrawn in the cookie settings: recording stops at once, and nothing more is sent.
    await all.page.getByRole("button", { name: "Cookie settings" }).click()
    await all.page.getByRole("dialog").getByRole("button", { name: "Deny" }).click()
    await recordingIs(all.page, "off")
    const sentBefore = all.posts.length
    await all.page.mouse.move(200, 300)
    await all.page.mouse.move(400, 500)
    await all.page.waitForTimeout(6_500)
    expect(all.posts.length).toBe(sentBefore)
    await Promise.all([offHost, offList, noConsent, all].map((v) => v.page.context().close()))
  })

  it("what a visitor types never reaches the server, and the exported recording replays in Chromium", async () => {
    const SECRET = "Typed-Secret-4242"
    const v = await visitor(true)
    await v.page.goto(at("localhost", "/contact-us"))
    await recordingIs(v.page, "on")
    await v.page.getByLabel("Name").fill(`Ann ${SECRET}`)
    await v.page.getByLabel("Message").fill(`My card is ${SECRET} and my password is ${SECRET}`)
    // Moving to another recorded page (in the app, as a visitor clicks) sends what was recorded on this one at once.
    const sent = v.page.waitForResponse(
      (r) =>
        r.url().endsWith("/api/recordings") &&
        r.request().postData()?.includes('"path":"/contact-us"') === true,
      { timeout: 15_000 },
    )
    await v.page.getByRole("contentinfo").getByRole("link", { name: "FAQ" }).first().click()
    expect((await sent).status()).toBe(202)
    const bodies = v.posts.map((r) => r.postData() ?? "")
    expect(bodies.join("\n")).not.toContain(SECRET)
    expect(bodies.join("\n")).toContain("***")
    const recordingId = (JSON.parse(bodies[0]!) as { recordingId: string }).recordingId
    await v.page.context().close()

    // The stored events, as the export reads them from the database: no secret either.
    const listed = await adminCli(server, DEMO_ADMIN, "--json", "recordings", "list", "--path", "/contact-us")
    expect(
      (JSON.parse(listed) as { recordings: Array<{ recordingId: string }> }).recordings.map(
        (r) => r.recordingId,
      ),
    ).toContain(recordingId)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "landunits-replay-")), "replay.html")
    await adminCli(server, DEMO_ADMIN, "recordings", "export", recordingId, "--to", file)
    const html = fs.readFileSync(file, "utf8")
    expect(html).not.toContain(SECRET)
    expect(html).toContain("Contact")

    // Opened from the disk (no server involved), the replay renders the recorded page.
    const viewer = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await viewer.newPage()
    const errors: Array<string> = []
    page.on("pageerror", (e) => errors.push(e.message))
    await page.goto(pathToFileURL(file).href)
    await page.waitForSelector(".rr-player iframe", { state: "attached" })
    const replayed = page.frameLocator(".rr-player iframe")
    await expect.poll(() => replayed.locator("h1").first().textContent()).toMatch(/Contact/i)
    expect(await replayed.locator("body").innerHTML()).not.toContain(SECRET)
    await page.screenshot({ path: path.join(SHOTS, "recording-replay.png") })
    expect(errors).toEqual([])
    await viewer.close()
  })
})
