/**
 * The web app's static server (StaticFiles.ts) over a small build made here: web/public copied in as Vite
 * copies it, an index.html, a route manifest, and Brotli and gzip copies beside some files as the build's
 * compression plugin writes them. Files answer with their own bytes and content type, pages of the manifest
 * with the app and 200, anything else with 404; a file with copies answers the copy Accept-Encoding prefers;
 * hashed assets are cached for a year, other files for an hour, HTML revalidated each time.
 */
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { NodeHttpServer } from "@effect/platform-node"
import { demoNews, demoTeam } from "@landunits/core/content/DemoContent.ts"
import { Layer } from "effect"
import { HttpRouter } from "effect/http"
import { afterAll, describe, expect, it } from "vitest"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { FILE_CACHE, IMMUTABLE_CACHE, layerStaticFiles } from "../../src/http/server/StaticFiles.ts"
import { rawGet } from "../support/RawGet.ts"
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

/** A hashed asset large enough to compress, as the build writes it, with its two copies beside it. */
const ASSET = "/assets/main-9f8e7d6c.js"
const ASSET_BYTES = new TextEncoder().encode(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = "the value number ${i}";\n`).join(""),
)
/** Files the compression plugin gives a Brotli and a gzip copy. */
const COMPRESSED = [ASSET, "/favicon.svg"]
/** A gzip file that is no copy of another: a file of the site like any other. */
const ARCHIVE = "/samples/archive.gz"
const ARCHIVE_BYTES = new Uint8Array(gzipSync(new TextEncoder().encode("an archive")))

const makeBuild = (): string => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-static-"))
  // A file beside the build that no path may reach.
  fs.writeFileSync(path.join(parent, "secret.txt"), "outside the build")
  const dist = path.join(parent, "dist")
  fs.cpSync(WEB_PUBLIC, dist, { recursive: true })
  fs.writeFileSync(path.join(dist, "index.html"), INDEX)
  fs.writeFileSync(path.join(dist, ROUTE_MANIFEST_FILE), JSON.stringify({ routes: ROUTES }))
  for (const [file, , bytes] of [
    ...SAMPLES,
    [ASSET, "", ASSET_BYTES] as const,
    [ARCHIVE, "", ARCHIVE_BYTES] as const,
  ]) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    fs.writeFileSync(path.join(dist, file), bytes)
  }
  for (const file of COMPRESSED) {
    const bytes = fs.readFileSync(path.join(dist, file))
    fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(bytes))
    fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(bytes))
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

const raw = (pathname: string, headers: Readonly<Record<string, string>> = {}) =>
  rawGet(`${server.baseUrl()}${pathname}`, headers)

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body

describe("compressed and cached files", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["br;q=0, *", "gzip"],
    ["deflate", undefined],
    ["identity", undefined],
    ["gzip;q=0.5, identity", undefined],
    ["*;q=0", undefined],
    [undefined, undefined],
  ])(
    "a hashed asset asked with Accept-Encoding %s answers %s, cached for a year and varying by the coding",
    async (accept, encoding) => {
      const response = await raw(ASSET, accept === undefined ? {} : { "accept-encoding": accept })
      expect(response.status).toBe(200)
      expect(response.headers["content-encoding"]).toBe(encoding)
      expect(response.headers["content-type"]).toBe("text/javascript")
      expect(response.headers["cache-control"]).toBe(IMMUTABLE_CACHE)
      expect(response.headers.vary).toBe("Accept-Encoding")
      expect(Number(response.headers["content-length"])).toBe(response.body.length)
      if (encoding !== undefined) expect(response.body.length).toBeLessThan(ASSET_BYTES.length / 4)
      expect(new Uint8Array(decode(encoding, response.body))).toEqual(ASSET_BYTES)
    },
  )

  it("sends the build's own copy, byte for byte: the server compresses no file itself", async () => {
    const copy = fs.readFileSync(path.join(dist, `${ASSET}.br`))
    expect((await raw(ASSET, { "accept-encoding": "br" })).body).toEqual(copy)
  })

  it("gives each coding its own ETag and answers 304 to the one the browser holds", async () => {
    const br = await raw(ASSET, { "accept-encoding": "br" })
    const plain = await raw(ASSET)
    expect(br.headers.etag).toBeDefined()
    expect(br.headers.etag).not.toBe(plain.headers.etag)
    const again = await raw(ASSET, { "accept-encoding": "br", "if-none-match": br.headers.etag ?? "" })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
    expect(again.headers["cache-control"]).toBe(IMMUTABLE_CACHE)
    expect(again.headers.vary).toBe("Accept-Encoding")
    const stale = await raw(ASSET, { "accept-encoding": "br", "if-none-match": '"another"' })
    expect(stale.status).toBe(200)
  })

  it.each([`${ASSET}.br`, `${ASSET}.gz`, "/favicon.svg.br"])(
    "a precompressed copy %s is no file of the site: 404, without its bytes",
    async (copy) => {
      const response = await raw(copy, { "accept-encoding": "br, gzip" })
      expect(response.status).toBe(404)
      expect(response.body.toString()).toBe("Not found")
    },
  )

  it("a .gz file that is no copy of another file is served as itself", async () => {
    const response = await raw(ARCHIVE, { "accept-encoding": "gzip" })
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("application/gzip")
    expect(response.headers["content-encoding"]).toBeUndefined()
    expect(new Uint8Array(response.body)).toEqual(ARCHIVE_BYTES)
  })

  it("a file that is not hashed (the favicon) is compressed too, but cached for an hour", async () => {
    const response = await raw("/favicon.svg", { "accept-encoding": "gzip" })
    expect(response.status).toBe(200)
    expect(response.headers["content-encoding"]).toBe("gzip")
    expect(response.headers["content-type"]).toBe("image/svg+xml")
    expect(response.headers["cache-control"]).toBe(FILE_CACHE)
    expect(gunzipSync(response.body)).toEqual(fs.readFileSync(path.join(WEB_PUBLIC, "favicon.svg")))
  })

  it("a file that is not hashed nor compressed carries an ETag and Last-Modified, and revalidates with 304", async () => {
    const first = await raw("/images/news/soil.webp", { "accept-encoding": "br, gzip" })
    expect(first.status).toBe(200)
    expect(first.headers["cache-control"]).toBe(FILE_CACHE)
    expect(first.headers["content-encoding"]).toBeUndefined()
    expect(first.headers.vary).toBeUndefined()
    const etag = first.headers.etag ?? ""
    const lastModified = first.headers["last-modified"] ?? ""
    expect(etag).not.toBe("")
    expect(lastModified).not.toBe("")
    const byTag = await raw("/images/news/soil.webp", { "if-none-match": etag })
    expect(byTag.status).toBe(304)
    expect(byTag.body.length).toBe(0)
    expect(byTag.headers.etag).toBe(etag)
    const byDate = await raw("/images/news/soil.webp", { "if-modified-since": lastModified })
    expect(byDate.status).toBe(304)
    const older = await raw("/images/news/soil.webp", {
      "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT",
    })
    expect(older.status).toBe(200)
    expect(older.body.length).toBe(first.body.length)
  })
})

describe("HTML answers", () => {
  it.each([
    ["br", "br"],
    ["gzip", "gzip"],
    [undefined, undefined],
  ])(
    "an app page asked with Accept-Encoding %s is revalidated each time (no-cache), with a strong ETag, sent as %s",
    async (accept, encoding) => {
      const response = await raw("/news", accept === undefined ? {} : { "accept-encoding": accept })
      expect(response.status).toBe(200)
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
      expect(response.headers["cache-control"]).toBe("no-cache")
      expect(response.headers.vary).toBe("Accept-Encoding")
      expect(response.headers["content-encoding"]).toBe(encoding)
      expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
      expect(Number(response.headers["content-length"])).toBe(response.body.length)
      expect(decode(encoding, response.body).toString()).toBe(INDEX)
    },
  )

  it("answers 304 without a body to an If-None-Match that names the page, in any coding", async () => {
    const br = await raw("/", { "accept-encoding": "br" })
    const plain = await raw("/")
    expect(br.headers.etag).not.toBe(plain.headers.etag)
    for (const held of [br.headers.etag ?? "", plain.headers.etag ?? "", `W/${plain.headers.etag}`]) {
      const again = await raw("/news", { "accept-encoding": "br", "if-none-match": held })
      expect(again.status, held).toBe(304)
      expect(again.body.length, held).toBe(0)
      expect(again.headers["cache-control"], held).toBe("no-cache")
      expect(again.headers.etag, held).toBe(br.headers.etag)
    }
    const changed = await raw("/news", { "if-none-match": '"an-older-build"' })
    expect(changed.status).toBe(200)
    expect(changed.body.toString()).toBe(INDEX)
  })

  it("index.html asked by its own name is an HTML answer too", async () => {
    const response = await raw("/index.html")
    expect(response.status).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-cache")
    expect(response.body.toString()).toBe(INDEX)
  })

  it("the not-found page is no-cache with an ETag, stays 404 even when its ETag is named, and is compressed", async () => {
    const first = await raw("/no-such-page", { "accept-encoding": "gzip" })
    expect(first.status).toBe(404)
    expect(first.headers["cache-control"]).toBe("no-cache")
    expect(first.headers.etag).toBeDefined()
    expect(gunzipSync(first.body).toString()).toBe(INDEX)
    const again = await raw("/no-such-page", { "if-none-match": first.headers.etag ?? "" })
    expect(again.status).toBe(404)
    expect(again.body.toString()).toBe(INDEX)
  })
})
