/**
 * Server rendering of the public pages (issue 17): the server (adapters' PageRenderer) calls `renderPage` for
 * a page's address and puts the HTML it answers into index.html's #root, so a visitor reads the page before
 * any script has run; main.tsx then hydrates it.
 *
 * Each page is rendered per request, for a guest (no member's data, ever: the server passes no cookie), with
 * the API answers of that moment, so news and statistics are never stale. The answers the loaders read go
 * into the page too (lib/renderedPage.ts): the browser's first render uses them instead of asking again.
 * Pages that show a member's data or act on a link's token are not rendered here (CLIENT_ONLY).
 *
 * Built by `vite build --ssr` into the build's dist-ssr (web/builds/<id>/dist-ssr, web/scripts/build.ts; never served as a file).
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { renderToString } from "react-dom/server"
import { setFetch } from "./api/client.ts"
import { setPageCookieReader } from "./lib/pageCookies.ts"
import { type DocumentHeadText, documentHead } from "./lib/pageHead.ts"
import { renderedPageScript } from "./lib/renderedPage.ts"
import { createAppRouter } from "./router.ts"
import { guestSession, setAppSession } from "./session/session.ts"

/** Answers one API request (a path under /api, with its query) for the server's own rendering. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>

export interface RenderedHtml {
  /** 200, or 404 when the page is not found (an unknown article). */
  readonly status: number
  /** What goes inside #root: the page. */
  readonly root: string
  /** What follows #root: the answers the page was rendered with (outside the tree React hydrates). */
  readonly after: string
  /** The page's <title> and description (its route's `head`, lib/pageHead.ts). */
  readonly head: DocumentHeadText
}

/** Pages rendered only in the browser: a member's dashboard, sign-out, and the pages a link's token drives. */
const CLIENT_ONLY = ["/dashboard", "/logout", "/account", "/subscribe", "/login/reset"]

export const isRenderedOnServer = (pathname: string): boolean => {
  const path = pathname.toLowerCase()
  return !CLIENT_ONLY.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
}

interface Render {
  readonly fetchApi: FetchApi
  readonly answers: Record<string, unknown>
  /** The request's cookies a page may read (the server passes only the consent cookie). */
  readonly cookies: string
}

const currentRender = new AsyncLocalStorage<Render>()

// Every page is rendered for a guest; the API client's requests go to the server's fetchApi and each 2xx GET's
// answer is kept for the page.
setAppSession(guestSession())
setPageCookieReader(() => currentRender.getStore()?.cookies ?? "")
setFetch(async (input, init = {}) => {
  const render = currentRender.getStore()
  const url =
    typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url
  if (render === undefined) throw new Error(`No page is being rendered for ${url}`)
  const response = await render.fetchApi(url, { ...init, credentials: "omit" })
  if (response.ok && (init.method ?? "GET") === "GET" && url.startsWith("/api/")) {
    const text = await response.clone().text()
    if (text !== "") render.answers[url.slice("/api".length)] = JSON.parse(text)
  }
  return response
})

/**
 * The page at `href` (path and search) as HTML, or undefined for a page rendered only in the browser.
 * `cookies`: the request's cookies a page may read (the consent cookie, so the banner shows only to a visitor
 * who has not chosen).
 */
export const renderPage = async (
  href: string,
  fetchApi: FetchApi,
  cookies = "",
): Promise<RenderedHtml | undefined> => {
  const render: Render = { fetchApi, answers: {}, cookies }
  const router = createAppRouter(guestSession(), createMemoryHistory({ initialEntries: [href] }))
  if (!isRenderedOnServer(router.state.location.pathname)) return undefined
  await currentRender.run(render, () => router.load())
  // A page that sends the visitor elsewhere (a route constant such as /login/forgot/) is left to the browser.
  if (router.state.resolvedLocation?.href !== href) return undefined
  // A page whose data could not be read (the database away: the API answered 503) is left to the browser,
  // which shows the failure and tries again as it always has.
  if (router.state.matches.some((m) => m.status === "error")) return undefined
  const notFound = router.state.matches.some((m) => m.status === "notFound" || m._notFound === true)
  const html = currentRender.run(render, () => renderToString(<RouterProvider router={router} />))
  return {
    status: notFound ? 404 : 200,
    root: html,
    after: renderedPageScript({ href: router.state.location.href, answers: render.answers }),
    head: documentHead(router.state.matches),
  }
}
