/**
 * The exported replay loads nothing from outside (issue 37): its Content-Security-Policy lets in only its own
 * scripts and inline data, and the recorded page's addresses are made inert. Rendered in Chromium from the disk, a
 * recording whose page named an image, a stylesheet, an imported stylesheet, a font, a background, a frame and a
 * video poster on another local port (and a mutation adding one more) sends no request to that port.
 */
import * as fs from "node:fs"
import * as http from "node:http"
import type { AddressInfo } from "node:net"
import * as os from "node:os"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { RecordingId, type StoredRecording } from "@landunits/core/recording/RecordingModel.ts"
import { chromium } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { neutraliseAddresses, replayHtml } from "../../src/recording/RecordingReplay.ts"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** rrweb's serialized nodes (rrweb-snapshot's NodeType: 0 document, 1 doctype, 2 element, 3 text). */
let nextId = 1
const el = (tagName: string, attributes: Record<string, string>, childNodes: Array<unknown> = []) => ({
  type: 2,
  tagName,
  attributes,
  childNodes,
  id: nextId++,
})
const text = (textContent: string, isStyle = false) => ({
  type: 3,
  textContent,
  ...(isStyle ? { isStyle: true } : {}),
  id: nextId++,
})

const recordingOf = (origin: string): StoredRecording => {
  nextId = 1
  const document = {
    type: 0,
    id: nextId++,
    childNodes: [
      { type: 1, name: "html", publicId: "", systemId: "", id: nextId++ },
      el("html", { lang: "en" }, [
        el("head", {}, [
          el("link", { rel: "stylesheet", href: `${origin}/linked.css` }),
          el("link", { rel: "icon", href: `${origin}/favicon.ico` }),
          el("style", {}, [
            text(
              `@import url("${origin}/imported.css");
               @font-face { font-family: Spy; src: url(${origin}/font.woff2) format("woff2"); }
               body { font-family: Spy; background-image: url('${origin}/background.png'); }`,
              true,
            ),
          ]),
        ]),
        el("body", {}, [
          el("h1", {}, [text("The recorded page")]),
          el("img", { src: `${origin}/image.png`, alt: "a picture" }),
          el("img", { srcset: `${origin}/small.png 1x, ${origin}/large.png 2x`, alt: "another" }),
          el("div", { style: `width:50px;height:50px;background:url(${origin}/div.png)` }),
          el("video", { poster: `${origin}/poster.png` }),
          el("iframe", { src: `${origin}/frame.html` }),
          el("img", { src: "data:image/gif;base64,R0lGODlhAQABAAAAACw=", alt: "inline" }),
        ]),
      ]),
    ],
  }
  const bodyId = 5 + 7 // ids run in creation order: the body is the 12th node made
  const events = [
    {
      type: 4,
      timestamp: 1_000,
      data: { href: "https://landunits.test/statistics", width: 1024, height: 576 },
    },
    { type: 2, timestamp: 1_001, data: { node: document, initialOffset: { left: 0, top: 0 } } },
    // A mutation, later: a new image added to the body.
    {
      type: 3,
      timestamp: 1_200,
      data: {
        source: 0,
        texts: [],
        attributes: [],
        removes: [],
        adds: [{ parentId: bodyId, nextId: null, node: el("img", { src: `${origin}/added.png` }) }],
      },
    },
    { type: 3, timestamp: 1_400, data: { source: 1, positions: [{ x: 1, y: 1, id: 1, timeOffset: 0 }] } },
  ]
  return {
    summary: {
      recordingId: RecordingId.make("replay-csp-recording-1"),
      memberId: undefined,
      paths: ["/statistics"],
      startedAt: 1_000,
      lastAt: 1_400,
      batches: 1,
      events: events.length,
      storedBytes: 100,
    },
    events,
  }
}

describe("the exported replay", () => {
  const requests: Array<string> = []
  let spy: http.Server
  let origin = ""

  beforeAll(async () => {
    spy = http.createServer((request, response) => {
      requests.push(request.url ?? "")
      response.writeHead(200, { "content-type": "text/plain" }).end("")
    })
    await new Promise<void>((resolve) => spy.listen(0, "127.0.0.1", resolve))
    origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => spy.close(resolve))
  })

  it("carries a Content-Security-Policy that loads nothing but its own scripts and inline data", () => {
    const html = replayHtml(recordingOf(origin))
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? ""
    expect(csp).toContain("default-src 'none'")
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+' 'sha256-[A-Za-z0-9+/=]+'(;|$)/)
    expect(csp).toContain("img-src data: blob:")
    expect(csp).not.toMatch(/https?:|\*/)
    // It comes before anything that could load.
    expect(html.indexOf("Content-Security-Policy")).toBeLessThan(html.indexOf("<style>"))
    // The recorded page's addresses are not in the file; its own address (the Meta event) is.
    expect(html).not.toContain(origin)
    expect(html).toContain("https://landunits.test/statistics")
    expect(html).toContain("data:image/gif;base64,R0lGODlhAQABAAAAACw=")
  })

  it("makes the events' addresses inert: URL attributes and CSS url() and @import, data: kept", () => {
    const [, , mutation] = neutraliseAddresses(recordingOf(origin).events) as Array<{ data: unknown }>
    expect(JSON.stringify(neutraliseAddresses(recordingOf(origin).events))).not.toContain("127.0.0.1")
    expect(JSON.stringify(mutation)).toContain('"src":"about:invalid"')
    expect(neutraliseAddresses([{ type: 3, timestamp: 1, data: { style: "a{b:url( 'data:x' )}" } }])).toEqual(
      [{ type: 3, timestamp: 1, data: { style: "a{b:url( 'data:x' )}" } }],
    )
  })

  it("rendered in Chromium from the disk, it replays the page and sends no request to the addresses it named", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-replay-csp-"))
    const file = path.join(dir, "replay.html")
    fs.writeFileSync(file, replayHtml(recordingOf(origin)))
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--no-first-run",
      ],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
      const errors: Array<string> = []
      const refusedScripts: Array<string> = []
      page.on("pageerror", (e) => errors.push(e.message))
      page.on("console", (m) => {
        if (/Content Security Policy/.test(m.text()) && /script-src/.test(m.text()))
          refusedScripts.push(m.text())
      })
      await page.goto(pathToFileURL(file).href)
      await page.waitForSelector(".rr-player iframe", { state: "attached" })
      const replayed = page.frameLocator(".rr-player iframe")
      await expect.poll(() => replayed.locator("h1").first().textContent()).toBe("The recorded page")
      // Played to the end: the mutation's image is added too.
      await page.evaluate("window.landunitsReplay.play()")
      await expect.poll(() => replayed.locator("img").count(), { timeout: 10_000 }).toBe(4)
      await page.waitForTimeout(500)
      expect(errors).toEqual([])
      expect(refusedScripts).toEqual([])
      expect(requests).toEqual([])
    } finally {
      await browser.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
