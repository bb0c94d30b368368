/**
 * The web app's static server (StaticFiles.ts) over a small build made here: web/public copied in as Vite
 * copies it, an index.html and a route manifest. Files answer with their own bytes and content type, pages of
 * the manifest with the app and 200, anything else with 404.
 */
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { NodeHttpServer } from "@effect/platform-node"
import { demoNews, demoTeam } from "@landunits/core/content/DemoContent.ts"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { afterAll, describe, expect, it } from "vitest"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { layerStaticFiles } from "../../src/http/server/StaticFiles.ts"
import { useTestServer } from "../support/TestServer.ts"

const WEB_PUBLIC = fileURLToPath(new URL("../../../web/public", import.meta.url))
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>'
const ROUTES = ["/", "/news", "/news/$slug", "/dashboard", "/dashboard/settings", "/docs/$"]

/** One file of each static kind, with bytes that say what they are. */
const SAMPLES: ReadonlyArray<readonly [string, string, Uint8Array]> = [
  ["/samples/pixel.png", "image/png", Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  [
    "/samples/mark.svg",
    "image/svg+xml",
    new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  ],
  ["/samples/photo.webp", "image/webp", new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 ")],
  ["/favicon.ico", "image/x-icon", Uint8Array.from([0, 0, 1, 0, 1, 0])],
  ["/robots.txt", "text/plain", new TextEncoder().encode("User-agent: *\nAllow: /\n")],
  ["/assets/app-1a2b.js", "text/javascript", new TextEncoder().encode("console.log(1)\n")],
  ["/assets/app-1a2b.css", "text/css", new TextEncoder().encode("body{margin:0}\n")],
]

const makeBuild = (): string => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-static-"))
  // A file beside the build that no path may reach.
  fs.writeFileSync(path.join(parent, "secret.txt"), "outside the build")
  const dist = path.join(parent, "dist")
  fs.cpSync(WEB_PUBLIC, dist, { recursive: true })
  fs.writeFileSync(path.join(dist, "index.html"), INDEX)
  fs.writeFileSync(path.join(dist, ROUTE_MANIFEST_FILE), JSON.stringify({ routes: ROUTES }))
  for (const [file, , bytes] of SAMPLES) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    fs.writeFileSync(path.join(dist, file), bytes)
  }
  return dist
}

const dist = makeBuild()
afterAll(() => fs.rmSync(path.dirname(dist), { recursive: true, force: true }))

const server = useTestServer(
  HttpRouter.serve(layerStaticFiles(dist), { disableLogger: true, disableListenLog: true }).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
  ),
)

const get = (pathname: string) => fetch(`${server.baseUrl()}${pathname}`)
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer())
/** A WebP file: a RIFF container whose form type is WEBP. */
const isWebp = (bytes: Uint8Array) => {
  const text = new TextDecoder("latin1").decode(bytes.slice(0, 12))
  return text.startsWith("RIFF") && text.endsWith("WEBP")
}

describe("the static server", () => {
  it.each([...demoNews.map((a) => a.image), ...demoTeam.map((m) => m.img)])(
    "the demo content's picture %s is in web/public and answers 200 as a WebP",
    async (image) => {
      const response = await get(image)
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("image/webp")
      const bytes = await bytesOf(response)
      expect(isWebp(bytes)).toBe(true)
      expect(bytes.length).toBeLessThan(30_000)
    },
  )

  it.each(SAMPLES)("%s answers 200 as %s with the file's own bytes", async (file, type, bytes) => {
    const response = await get(file)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe(type)
    expect(await bytesOf(response)).toEqual(bytes)
  })

  it.each([
    "/",
    "/news",
    "/news/",
    "/News",
    "/news/spring-planting-kent",
    "/dashboard/settings",
    "/docs/a/b",
  ])("the page %s answers 200 with the app", async (page) => {
    const response = await get(page)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(await response.text()).toBe(INDEX)
  })

  it.each(["/no-such-page", "/news/a/b", "/dashboard/no-such-page", "/images/news"])(
    "the unknown page %s answers 404 with the app, which shows its not-found page",
    async (page) => {
      const response = await get(page)
      expect(response.status).toBe(404)
      expect(response.headers.get("content-type")).toContain("text/html")
      expect(await response.text()).toBe(INDEX)
    },
  )

  it.each([
    "/assets/x.js",
    "/assets/missing-1a2b.css",
    "/images/news/missing.jpg",
    "/favicon.png",
    "/news/x.jpg",
  ])("the missing file %s answers 404 without the app's HTML", async (file) => {
    const response = await get(file)
    expect(response.status).toBe(404)
    expect(response.headers.get("content-type")).not.toContain("text/html")
    expect(await response.text()).not.toContain("<html")
  })

  it("keeps a path inside the build, even when it climbs with encoded dots", async () => {
    for (const climb of ["/%2e%2e/secret.txt", "/assets/%2e%2e/%2e%2e/secret.txt", "/..%2fsecret.txt"]) {
      const response = await get(climb)
      expect(response.status, climb).toBe(404)
      expect(await response.text(), climb).not.toContain("outside the build")
    }
  })

  it("answers an unknown API path with 404 as JSON, not with the app", async () => {
    const response = await get("/api/no-such-route")
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: "Not found" })
  })
})
