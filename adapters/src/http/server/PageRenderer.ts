/**
 * Server rendering of the web app's pages (issues 17 and 43). Each web build writes, beside its dist/, a renderer
 * (dist-ssr/entry-server.js in web/builds/<id>/, from web/src/entry-server.tsx) that renders a page's address to
 * HTML. This module loads it, hands it a reader of the API through this same server (loopback), and puts its
 * HTML into index.html's #root, so the first answer of a page carries its content.
 *
 * What the reader may carry is decided here, once, by core's table (content/PageAudience.ts): for a public page
 * no cookie at all (public data only, whoever asks); for a member's page the request's session cookie and
 * nothing else. Either way it reads only (GET) and only this server's API. A member's page is answered
 * `no-store` and `noindex`. A page the renderer leaves to the browser (pages driven by a link's token, a member's
 * page without a session) or a build without a renderer gets the plain index.html, as before.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { isNoIndex } from "@landunits/core/content/Indexing.ts"
import { pageAudience } from "@landunits/core/content/PageAudience.ts"
import { COOKIE_CONSENT_GIVEN_COOKIE } from "@landunits/core/shared/Constants.ts"
import { SESSION_COOKIE } from "../api/Authentication.ts"

/** The web renderer's answer for a page: its status, what goes inside #root and what follows it. */
export interface RenderedRoot {
  readonly status: number
  /** A member's page that leads elsewhere (302): a path of this site. */
  readonly redirect?: string
  readonly root: string
  readonly after: string
  /** The page's own <title> and description. */
  readonly head: { readonly title: string; readonly description: string }
}

type FetchApi = (path: string, init: RequestInit) => Promise<Response>

interface WebRenderer {
  readonly renderPage: (
    href: string,
    fetchApi: FetchApi,
    cookies: string,
    signedIn: boolean,
  ) => Promise<RenderedRoot | undefined>
}

/**
 * The request's cookies a rendered page may read: the consent cookie (web/src/lib/consentStorage.ts), so the
 * banner is in the first HTML only for a visitor who has not chosen. Never the session: pages are rendered for
 * a guest.
 */
const PAGE_COOKIES = new Set([COOKIE_CONSENT_GIVEN_COOKIE])

const cookiesNamed = (cookieHeader: string | undefined, names: ReadonlySet<string>): string =>
  (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => names.has(part.slice(0, part.indexOf("="))))
    .join("; ")

export const pageCookies = (cookieHeader: string | undefined): string =>
  cookiesNamed(cookieHeader, PAGE_COOKIES)

const SESSION_ONLY = new Set([SESSION_COOKIE])

/** The page renderer asked for something other than a read of this server's API. */
export class RenderReadRefused extends Error {
  override readonly name = "RenderReadRefused"
}

/**
 * The API reader a page's render gets: GETs of this server's `/api/` only, with `session` (the request's
 * session cookie, for a member's page) as its only cookie, or none.
 */
export const renderReader =
  (apiOrigin: string, session: string | undefined): FetchApi =>
  (apiPath, init) => {
    const url = new URL(apiPath, apiOrigin)
    const method = (init.method ?? "GET").toUpperCase()
    if (method !== "GET" || url.origin !== apiOrigin || !url.pathname.startsWith("/api/"))
      return Promise.reject(
        new RenderReadRefused(`A page's render may only read the API: ${method} ${apiPath}`),
      )
    const headers = new Headers(init.headers)
    headers.delete("cookie")
    if (session !== undefined && session !== "") headers.set("cookie", session)
    return fetch(url, { ...init, method, headers, redirect: "manual" })
  }

/** A page rendered into index.html, or (a member's page that leads elsewhere) where to go instead. */
export type RenderedPage =
  | {
      readonly status: number
      readonly html: string
      /** Rendered with a member's session: their own page, sent `no-store`. */
      readonly member: boolean
    }
  | { readonly redirect: string }

/** A redirect the renderer may answer: a path of this site, never another origin. */
const isOwnPath = (to: string | undefined): to is string => /^\/(?![/\\])/.test(to ?? "")

/**
 * Renders a page's address (path and query) for the server at `apiOrigin`, with the request's Cookie header
 * (only PAGE_COOKIES reach the page); undefined: serve index.html.
 */
export type RenderPage = (
  href: string,
  apiOrigin: string,
  cookieHeader?: string,
) => Promise<RenderedPage | undefined>

/** The renderer's place, beside the browser's build. */
export const rendererPath = (webDist: string): string =>
  path.join(path.dirname(path.resolve(webDist)), "dist-ssr", "entry-server.js")

const ROOT = '<div id="root"></div>'

const TITLE = /<title>[^<]*<\/title>/
const DESCRIPTION = /<meta name="description" content="[^"]*" ?\/?>/
const ROBOTS = /<meta name="robots" content="[^"]*" ?\/?>/

const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

const robotsMeta = (noIndex: boolean) =>
  `<meta name="robots" content="${noIndex ? "noindex, nofollow" : "index, follow"}" />`

/**
 * The template's head with the page's own title, description and robots rule (core's Indexing.ts, as the web
 * app writes it) in place of index.html's.
 */
export const withPageHead = (html: string, head: RenderedRoot["head"], pathname: string): string =>
  html
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace(ROBOTS, () => robotsMeta(isNoIndex(pathname)))

/** index.html's robots rule as a page's: `noindex, nofollow` for one kept out of search engines. */
export const withRobots = (html: string, noIndex: boolean): string =>
  html.replace(ROBOTS, () => robotsMeta(noIndex))

/** A stylesheet link of the build (`<link rel="stylesheet" crossorigin href="/assets/index-x.css">`). */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g

/**
 * The template with the build's own stylesheets in `<style>` elements instead of links: a rendered page then
 * paints with its first response, without waiting for a render-blocking request (the app's CSS is ~5 KB
 * compressed; the CSP allows inline styles). Pages the browser renders keep the cached link.
 */
export const inlineStylesheets = (template: string, webDist: string): string =>
  template.replace(STYLESHEET_LINK, (link, href: string) => {
    const file = path.join(webDist, href)
    if (!fs.existsSync(file)) return link
    return `<style>${fs.readFileSync(file, "utf8").replace(/<\/style/gi, "<\\/style")}</style>`
  })

const isWebRenderer = (module: unknown): module is WebRenderer =>
  typeof module === "object" &&
  module !== null &&
  "renderPage" in module &&
  typeof module.renderPage === "function"

/**
 * The renderer of the build in `webDist` with its index.html, or undefined when the build has none. A renderer
 * that cannot be loaded, or an index.html without the empty #root, is a broken build and fails the start.
 */
export const loadPageRenderer = async (webDist: string): Promise<RenderPage | undefined> => {
  const file = rendererPath(webDist)
  if (!fs.existsSync(file)) return undefined
  const template = inlineStylesheets(fs.readFileSync(path.join(webDist, "index.html"), "utf8"), webDist)
  const at = template.indexOf(ROOT)
  if (at === -1) throw new Error(`${path.join(webDist, "index.html")} lacks ${ROOT}`)
  const module: unknown = await import(pathToFileURL(file).href)
  if (!isWebRenderer(module)) throw new Error(`${file} does not export renderPage`)
  const head = template.slice(0, at + ROOT.length - "</div>".length)
  const tail = template.slice(at + ROOT.length)
  return async (href, apiOrigin, cookieHeader) => {
    const { pathname } = new URL(href, "http://local")
    const session = pageAudience(pathname) === "member" ? cookiesNamed(cookieHeader, SESSION_ONLY) : undefined
    const signedIn = session !== undefined && session !== ""
    const rendered = await module.renderPage(
      href,
      renderReader(apiOrigin, session),
      pageCookies(cookieHeader),
      signedIn,
    )
    if (rendered === undefined) return undefined
    if (rendered.redirect !== undefined)
      return signedIn && isOwnPath(rendered.redirect) ? { redirect: rendered.redirect } : undefined
    return {
      status: rendered.status,
      html: `${withPageHead(head, rendered.head, pathname)}${rendered.root}</div>${rendered.after}${tail}`,
      member: signedIn,
    }
  }
}
