/**
 * /robots.txt and /sitemap.xml of the whole HTTP application (HttpApp.ts) over a small build made here (an
 * index.html, a route manifest with public, parameterised, noindex and dashboard pages, and a robots.txt file
 * of its own that must not win) and a real database whose news the sitemap reads on each request.
 */
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { NodeHttpServer } from "@effect/platform-node"
import type { NewsArticle } from "@landunits/core/content/ContentModel.ts"
import { ContentService } from "@landunits/core/content/ContentService.ts"
import { SiteContent } from "@landunits/core/content/ports/SiteContent.ts"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { afterAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { layerRobotsAndSitemap } from "../../src/http/server/RobotsAndSitemap.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { rawGet } from "../support/RawGet.ts"
import { useTestServer } from "../support/TestServer.ts"

const PUBLIC_PAGES = [
  "/",
  "/fees",
  "/faq",
  "/news",
  "/register",
  "/login",
  "/statistics",
  "/terms-and-conditions",
]
const NOINDEX_PAGES = ["/account/confirm", "/subscribe/confirm", "/logout", "/user-manual"]
/** A redirect and an emailed link's page: pages of the app, but nothing to index. */
const NOT_CONTENT = ["/login/forgot", "/login/reset"]
const DASHBOARD_PAGES = ["/dashboard", "/dashboard/settings", "/dashboard/What-are-Land-Units"]
const ROUTES = [
  ...PUBLIC_PAGES,
  ...NOINDEX_PAGES,
  ...DASHBOARD_PAGES,
  ...NOT_CONTENT,
  "/news/$slug",
  "/news/category/$slug",
  "/docs/$",
]

const makeBuild = (): string => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-robots-"))
  fs.writeFileSync(
    path.join(dist, "index.html"),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  )
  fs.writeFileSync(path.join(dist, ROUTE_MANIFEST_FILE), JSON.stringify({ routes: ROUTES }))
  // A robots.txt among the build's files that shuts everything: the server's own must answer instead.
  fs.writeFileSync(path.join(dist, "robots.txt"), "User-agent: *\nDisallow: /\n")
  return dist
}

const dist = makeBuild()
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const planting = { slug: "planting", name: "Planting" }
const article = (slug: string, publishedAt: string, category = planting): NewsArticle => ({
  image: "/images/news/orchard.jpg",
  title: `About ${slug}`,
  description: "An article of the test.",
  link: `/news/${slug}`,
  category,
  publishedAt: Date.parse(publishedAt),
})
const setNews = (articles: ReadonlyArray<NewsArticle>) =>
  Effect.gen(function* () {
    yield* (yield* SiteContent).replace("news", articles)
  })

describe("robots.txt and sitemap.xml", () => {
  const server = useTestServer(
    serveHttp({ port: 0, development: true, webDist: dist }).pipe(
      Layer.provideMerge(layerApp(pgliteTarget().layer)),
    ),
  )
  const get = (pathname: string, headers: Readonly<Record<string, string>> = {}) =>
    rawGet(`${server.baseUrl()}${pathname}`, headers)
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])

  it("robots.txt lets crawlers read the site, keeps them out of the dashboard and the API, and names the sitemap", async () => {
    const response = await get("/robots.txt")
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8")
    const lines = response.body.toString().split("\n")
    expect(lines).toContain("User-agent: *")
    expect(lines).toContain("Allow: /")
    expect(lines).toContain("Disallow: /dashboard")
    expect(lines).toContain("Disallow: /api/")
    expect(lines).not.toContain("Disallow: /")
    expect(lines).toContain(`Sitemap: ${server.baseUrl()}/sitemap.xml`)
  })

  it("names the sitemap under the origin the request came through (Host, and https behind a proxy)", async () => {
    const response = await get("/robots.txt", { host: "www.landunits.example", "x-forwarded-proto": "https" })
    expect(response.body.toString()).toContain("Sitemap: https://www.landunits.example/sitemap.xml\n")
    const plain = await get("/robots.txt", { host: "landunits.example:8080", "x-forwarded-proto": "gopher" })
    expect(plain.body.toString()).toContain("Sitemap: http://landunits.example:8080/sitemap.xml\n")
    const forged = await get("/robots.txt", { host: "evil.example/<x>" })
    expect(forged.status).toBe(400)
  })

  it("sitemap.xml lists every public page and the database's news, absolute, and no dashboard or noindex page", async () => {
    await server.run(
      setNews([
        article("orchard-blossom", "2026-04-20T09:00:00Z"),
        article("soil-samples", "2026-06-02T09:00:00Z", { slug: "soil", name: "Soil" }),
        { ...article("elsewhere", "2026-05-01T09:00:00Z"), link: "https://www.fao.org/soils-portal" },
      ]),
    )
    const response = await get("/sitemap.xml")
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("application/xml; charset=utf-8")
    const xml = response.body.toString()
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const urls = locs(xml)
    const base = server.baseUrl()
    for (const page of PUBLIC_PAGES) expect(urls).toContain(`${base}${page === "/" ? "/" : page}`)
    expect(urls).toContain(`${base}/news/orchard-blossom`)
    expect(urls).toContain(`${base}/news/soil-samples`)
    expect(urls).toContain(`${base}/news/category/planting`)
    expect(urls).toContain(`${base}/news/category/soil`)
    expect(xml).toContain(`<loc>${base}/news/soil-samples</loc><lastmod>2026-06-02</lastmod>`)
    expect(urls.filter((u) => u?.includes("/dashboard"))).toEqual([])
    for (const page of [...NOINDEX_PAGES, ...NOT_CONTENT]) expect(urls).not.toContain(`${base}${page}`)
    expect(urls.filter((u) => u?.includes("$") || u?.includes("fao.org") || u?.includes("/docs"))).toEqual([])
    expect(urls.every((u) => u?.startsWith(`${base}/`))).toBe(true)
    expect(new Set(urls).size).toBe(urls.length)
  })

  it("shows a new article at the next request, without a rebuild or a restart", async () => {
    await server.run(setNews([article("orchard-blossom", "2026-04-20T09:00:00Z")]))
    expect(locs((await get("/sitemap.xml")).body.toString())).not.toContain(
      `${server.baseUrl()}/news/hedge-vote`,
    )
    await server.run(
      setNews([
        article("orchard-blossom", "2026-04-20T09:00:00Z"),
        article("hedge-vote", "2026-09-15T09:00:00Z"),
      ]),
    )
    expect(locs((await get("/sitemap.xml")).body.toString())).toContain(`${server.baseUrl()}/news/hedge-vote`)
  })
})

describe("robots.txt and sitemap.xml under a configured public URL", () => {
  const articles = [article("orchard & blossom", "2026-04-20T09:00:00Z")]
  const content = Layer.mock(ContentService, {
    news: () => Effect.succeed(articles),
    newsCategories: Effect.succeed([planting]),
  })
  const server = useTestServer(
    HttpRouter.serve(layerRobotsAndSitemap({ directory: dist, publicUrl: "https://landunits.example/" }), {
      disableLogger: true,
      disableListenLog: true,
    }).pipe(
      Layer.provide(content),
      Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    ),
  )

  it("uses APP_URL in both files, whatever the request's Host says", async () => {
    const robots = await rawGet(`${server.baseUrl()}/robots.txt`, { host: "elsewhere.example" })
    expect(robots.body.toString()).toContain("Sitemap: https://landunits.example/sitemap.xml\n")
    const xml = (
      await rawGet(`${server.baseUrl()}/sitemap.xml`, { host: "elsewhere.example" })
    ).body.toString()
    expect(xml).toContain("<loc>https://landunits.example/fees</loc>")
    expect(xml).not.toContain("elsewhere.example")
    // A link is written as a URL (its space escaped) and as XML (its ampersand escaped).
    expect(xml).toContain("<loc>https://landunits.example/news/orchard%20&amp;%20blossom</loc>")
  })
})
