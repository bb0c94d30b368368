/**
 * Server rendering of the web app's public pages (issue 17). Each web build writes, beside its dist/, a renderer
 * (dist-ssr/entry-server.js in web/builds/<id>/, from web/src/entry-server.tsx) that renders a page's address to HTML for a
 * guest. This module loads it, lets it read the API through this same server (loopback, no cookie: public data
 * only), and puts its HTML into index.html's #root, so the first answer of a public page carries its content.
 *
 * A page the renderer leaves to the browser (the dashboard, pages driven by a link's token) or a build without
 * a renderer gets the plain index.html, as before.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { pathToFileURL } from "node:url"
import { COOKIE_CONSENT_GIVEN_COOKIE } from "@landunits/core/shared/Constants.ts"

/** The web renderer's answer for a page: its status, what goes inside #root and what follows it. */
export interface RenderedRoot {
  readonly status: number
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
  ) => Promise<RenderedRoot | undefined>
}

/**
 * The request's cookies a rendered page may read: the consent cookie (web/src/lib/consentStorage.ts), so the
 * banner is in the first HTML only for a visitor who has not chosen. Never the session: pages are rendered for
 * a guest.
 */
const PAGE_COOKIES = new Set([COOKIE_CONSENT_GIVEN_COOKIE])

export const pageCookies = (cookieHeader: string | undefined): string =>
  (cookieHeader ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => PAGE_COOKIES.has(part.slice(0, part.indexOf("="))))
    .join("; ")

/** A page rendered into index.html. */
export interface RenderedPage {
  readonly status: number
  readonly html: string
}

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

const escapeHtml = (text: string): string =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")

/** The template's head with the page's own title and description in place of index.html's. */
export const withPageHead = (html: string, head: RenderedRoot["head"]): string =>
  html
    .replace(TITLE, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)

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
    const rendered = await module.renderPage(
      href,
      (apiPath, init) => fetch(new URL(apiPath, apiOrigin), init),
      pageCookies(cookieHeader),
    )
    return rendered === undefined
      ? undefined
      : {
          status: rendered.status,
          html: `${withPageHead(head, rendered.head)}${rendered.root}</div>${rendered.after}${tail}`,
        }
  }
}
