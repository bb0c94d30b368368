/**
 * /robots.txt and /sitemap.xml, made by the server (a robots.txt file in the build does not shadow them: a
 * route of its own wins over the static files' wildcard).
 *
 * robots.txt lets crawlers read the public site, keeps them out of the dashboard and the API, and names the
 * sitemap. sitemap.xml lists every indexable page: the manifest's patterns (the served build's dist/routes.json) without a
 * parameter and without the noindex pages of spec §2 (core's `isNoIndex`, the web's own rule), and, read from
 * the database on each request through ContentService (as GET /api/content/news does), each news article
 * published on the site (`/news/{slug}`) and each news category (`/news/category/{slug}`).
 *
 * URLs are absolute: under the configured public URL (APP_URL) when there is one, else under the request's
 * own origin (its Host, and X-Forwarded-Proto when a proxy says https).
 */
import { ContentService } from "@landunits/core/content/ContentService.ts"
import { isNoIndex } from "@landunits/core/content/Indexing.ts"
import { Effect, Layer } from "effect"
import { type Headers, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { appRoutes, readRoutePatterns } from "./AppRoutes.ts"

export const ROBOTS_PATH = "/robots.txt"
export const SITEMAP_PATH = "/sitemap.xml"

export interface RobotsAndSitemapOptions {
  /** The built web app (its route manifest). */
  readonly directory: string
  /** The site's public URL (APP_URL); without it, the request's origin. */
  readonly publicUrl?: string | undefined
}

/** robots.txt for a site at `base` (an origin, or an origin with a path, without a trailing slash). */
export const robotsTxt = (base: string): string =>
  [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "",
    `Sitemap: ${base}${SITEMAP_PATH}`,
    "",
  ].join("\n")

export interface SitemapEntry {
  /** The page's path, from "/". */
  readonly path: string
  /** The day it last changed (YYYY-MM-DD), when known. */
  readonly lastModified?: string
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  )

/** The sitemap protocol's XML (sitemaps.org 0.9) for pages under `base`. */
export const sitemapXml = (base: string, entries: ReadonlyArray<SitemapEntry>): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map((entry) => {
      const loc = `<loc>${escapeXml(new URL(`${base}${entry.path}`).href)}</loc>`
      const lastmod = entry.lastModified === undefined ? "" : `<lastmod>${entry.lastModified}</lastmod>`
      return `  <url>${loc}${lastmod}</url>`
    }),
    "</urlset>",
    "",
  ].join("\n")

/**
 * Pages of the manifest that are no content of their own, so no sitemap entry, though not noindex:
 * /login/forgot only redirects to /login-forgot (spec §2's route constant), and /login/reset only works
 * with the token of an emailed link.
 */
export const NOT_IN_SITEMAP: ReadonlyArray<string> = ["/login/forgot", "/login/reset"]

/** The pages of the manifest a crawler may index: no parameter (`$slug`, `$`), no noindex page. */
export const indexablePages = (patterns: ReadonlyArray<string>): ReadonlyArray<string> =>
  patterns.filter(
    (pattern) => !pattern.includes("$") && !isNoIndex(pattern) && !NOT_IN_SITEMAP.includes(pattern),
  )

/** One path segment of a news article's own page (`/news/{slug}`); other links lead off the site. */
const NEWS_ARTICLE = /^\/news\/[^/?#]+$/

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** The request's origin, or undefined when its Host is not a host name (it would end up in every URL). */
export const requestOrigin = (headers: Headers.Headers): string | undefined => {
  const host = headers.host
  if (host === undefined || !HOST.test(host)) return undefined
  const forwarded = headers["x-forwarded-proto"]?.split(",")[0]?.trim().toLowerCase()
  return `${forwarded === "https" ? "https" : "http"}://${host.toLowerCase()}`
}

const day = (epochMillis: number) => new Date(epochMillis).toISOString().slice(0, 10)

export const layerRobotsAndSitemap = (options: RobotsAndSitemapOptions) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const content = yield* ContentService
      const patterns = readRoutePatterns(options.directory) ?? ["/"]
      const isAppRoute = appRoutes(patterns)
      const pages = indexablePages(patterns)
      const configured = options.publicUrl?.replace(/\/+$/, "")

      /** The site's base URL for this request; a request with a malformed Host gets 400. */
      const withBase = <E, R>(
        answer: (base: string) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
      ) =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
          const base = configured ?? requestOrigin(request.headers)
          return base === undefined
            ? Effect.succeed(HttpServerResponse.text("Bad Request: the Host header", { status: 400 }))
            : answer(base)
        })

      const sitemapEntries = Effect.gen(function* () {
        const articles = yield* content.news()
        const categories = yield* content.newsCategories
        const entries: Array<SitemapEntry> = pages.map((page) => ({ path: page }))
        for (const article of articles)
          if (NEWS_ARTICLE.test(article.link) && isAppRoute(article.link))
            entries.push({ path: article.link, lastModified: day(article.publishedAt) })
        for (const category of categories) {
          const page = `/news/category/${category.slug}`
          if (isAppRoute(page)) entries.push({ path: page })
        }
        return entries
      })

      return HttpRouter.use((router) =>
        Effect.all([
          router.add(
            "GET",
            ROBOTS_PATH,
            withBase((base) =>
              Effect.succeed(
                HttpServerResponse.text(robotsTxt(base), {
                  contentType: "text/plain; charset=utf-8",
                  headers: { "cache-control": "public, max-age=3600" },
                }),
              ),
            ),
          ),
          router.add(
            "GET",
            SITEMAP_PATH,
            withBase((base) =>
              Effect.map(sitemapEntries, (entries) =>
                HttpServerResponse.text(sitemapXml(base, entries), {
                  contentType: "application/xml; charset=utf-8",
                  // New articles show at the next fetch.
                  headers: { "cache-control": "no-cache" },
                }),
              ),
            ),
          ),
        ]),
      )
    }),
  )
