/**
 * Server rendering (issues 17 and 43): the server (adapters' PageRenderer) calls `renderPage` for a page's
 * address and puts the HTML it answers into index.html's #root, so the page is read before any script has run;
 * main.tsx then hydrates it.
 *
 * Whom a page is rendered for is core's table (content/PageAudience.ts): a public page for a guest (the server
 * hands it a reader of the API without any cookie), a member's page for the member whose session the request
 * carries (a reader with that session cookie alone, GET only). Each page is rendered per request with the API's
 * answers of that moment; each path is read once per render (the session's `GET /user` serves the forms' too),
 * and every read, failures included, goes into the page (lib/renderedPage.ts), so the browser's first render
 * uses them instead of asking again. A read that takes longer than READ_DEADLINE_MS fails with a message the
 * page shows in its place. Pages an emailed link's token drives, and sign-out, are left to the browser.
 *
 * Built by `vite build --ssr` into the build's dist-ssr (web/builds/<id>/dist-ssr, web/scripts/build.ts; never served as a file).
 */
import { AsyncLocalStorage } from "node:async_hooks"
import { type PageAudience, pageAudience } from "@landunits/core/content/PageAudience.ts"
import { createMemoryHistory, RouterProvider } from "@tanstack/react-router"
import { renderToString } from "react-dom/server"
import { parseAnswer, type RenderedRead, setFetch } from "./api/client.ts"
import { api } from "./api/endpoints.ts"
import { setPageCookieReader } from "./lib/pageCookies.ts"
import { type DocumentHeadText, documentHead } from "./lib/pageHead.ts"
import { renderedPageScript } from "./lib/renderedPage.ts"
import { createAppRouter } from "./router.ts"
import {
  createSession,
  guestSession,
  type SessionActor,
  setAppSessionSource,
  setRenderedFor,
} from "./session/session.ts"

/** Answers one API request (a path under /api, with its query) for the server's own rendering. */
export type FetchApi = (path: string, init: RequestInit) => Promise<Response>

export interface RenderedHtml {
  /** 200, 404 when the page is not found (an unknown article), 302 for a member's page that leads elsewhere. */
  readonly status: number
  /** Where a 302 leads: a path of this site. */
  readonly redirect?: string
  /** What goes inside #root: the page. */
  readonly root: string
  /** What follows #root: the answers the page was rendered with (outside the tree React hydrates). */
  readonly after: string
  /** The page's <title> and description (its route's `head`, lib/pageHead.ts). */
  readonly head: DocumentHeadText
}

/**
 * How long the server waits for one of the page's reads before rendering the page without it (the part that
 * needed it says it could not be loaded, and the member can reload).
 */
export const READ_DEADLINE_MS = 3000

const TOO_SLOW = { message: "This took too long to load. Reload the page to try again." }

interface Render {
  readonly fetchApi: FetchApi
  /** How long a read may take before the page is rendered without it. */
  readonly deadlineMs: number
  /** Each GET of the render, by path (the same path is read once). */
  readonly reads: Map<string, Promise<{ readonly status: number; readonly text: string }>>
  /** The request's cookies a page may read (the server passes only the consent cookie). */
  readonly cookies: string
  /** A guest's, or (a member's page) the member's, started inside the render so its read is the render's. */
  session: SessionActor
}

const currentRender = new AsyncLocalStorage<Render>()
const guest = guestSession()

setAppSessionSource(() => currentRender.getStore()?.session ?? guest)
setRenderedFor(() => currentRender.getStore()?.session.getSnapshot().context.user ?? null)
setPageCookieReader(() => currentRender.getStore()?.cookies ?? "")

const pathOf = (input: Parameters<typeof fetch>[0]) =>
  typeof input === "string" ? input : input instanceof URL ? input.pathname + input.search : input.url

/** One read of the render: the server's answer, or a 503 with TOO_SLOW once the deadline has passed. */
const read = (render: Render, url: string, init: RequestInit) => {
  const known = render.reads.get(url)
  if (known !== undefined) return known
  const answer = Promise.race([
    render.fetchApi(url, { ...init, credentials: "omit" }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    })),
    new Promise<{ status: number; text: string }>((resolve) =>
      setTimeout(() => resolve({ status: 503, text: JSON.stringify(TOO_SLOW) }), render.deadlineMs).unref(),
    ),
  ])
  render.reads.set(url, answer)
  return answer
}

// The API client's requests go to the render's reader: GETs only (a page's load never changes anything, and
// the reader refuses any other method too).
setFetch(async (input, init = {}) => {
  const render = currentRender.getStore()
  const url = pathOf(input)
  if (render === undefined) throw new Error(`No page is being rendered for ${url}`)
  if ((init.method ?? "GET") !== "GET") throw new Error(`A page's render only reads: ${init.method} ${url}`)
  const { status, text } = await read(render, url, init)
  return new Response(text === "" ? null : text, { status })
})

/** The render's reads, for the page (API paths without /api). */
const readsOf = async (render: Render): Promise<Record<string, RenderedRead>> => {
  const entries = await Promise.all(
    [...render.reads].map(async ([url, answer]): Promise<[string, RenderedRead]> => {
      const { status, text } = await answer
      const body = parseAnswer(text)
      return [
        url.slice("/api".length),
        status >= 200 && status < 300 ? { ok: true, body } : { ok: false, status, body },
      ]
    }),
  )
  return Object.fromEntries(entries.filter(([url]) => url.startsWith("/")))
}

/** A member's session on the server: `GET /user` through the render's reader, known once it answers. */
const memberSession = () =>
  createSession(async () => (await api.currentUser()).user, { present: () => true, forget: () => {} })

/**
 * The page at `href` (path and search) as HTML, or undefined for a page the browser renders. `cookies`: the
 * request's cookies a page may read (the consent cookie, so the banner shows only to a visitor who has not
 * chosen). `signedIn`: the server's reader carries a session cookie, so a member's page is rendered for its
 * member (a public page is a guest's whatever it says; a member's page without a session is the browser's).
 * `deadlineMs`: how long one read may take (READ_DEADLINE_MS).
 */
export const renderPage = async (
  href: string,
  fetchApi: FetchApi,
  cookies = "",
  signedIn = false,
  deadlineMs = READ_DEADLINE_MS,
): Promise<RenderedHtml | undefined> => {
  const history = createMemoryHistory({ initialEntries: [href] })
  const audience: PageAudience = pageAudience(history.location.pathname)
  if (audience === "browser" || (audience === "member" && !signedIn)) return undefined
  const render: Render = { fetchApi, deadlineMs, reads: new Map(), cookies, session: guest }
  const router = currentRender.run(render, () => {
    if (audience === "member") render.session = memberSession()
    return createAppRouter(render.session, history)
  })
  await currentRender.run(render, () => router.load())
  // A member's page that sends the member elsewhere (the buy page's `?tab=buy` written out, a card order to its
  // provider's page, an ended session to /login) is answered with that address, as the browser would go there.
  const result = router._serverResult
  // The member could not be read (the database away, too slow; not an ended session): the browser asks again
  // and shows what it finds, as it always has.
  const member = await render.reads.get("/api/user")
  if (audience === "member" && member !== undefined && member.status !== 200 && member.status !== 401)
    return undefined
  if (audience === "member" && result?.type === "redirect") {
    // The server answers it only when it is a path of this site (PageRenderer.ts).
    const to = result.redirect.options.href
    return typeof to === "string"
      ? { status: 302, redirect: to, root: "", after: "", head: { title: "", description: "" } }
      : undefined
  }
  // A public page that sends the visitor elsewhere (a route constant such as /login/forgot/) is left to the
  // browser.
  if (router.state.resolvedLocation?.href !== href) return undefined
  // A public page whose data could not be read (the database away: the API answered 503) is left to the
  // browser, which shows the failure and tries again as it always has. A member's page is rendered with the
  // failure in its place (its route's error message), as the browser renders it from the same reads.
  if (audience === "guest" && router.state.matches.some((m) => m.status === "error")) return undefined
  const notFound = router.state.matches.some((m) => m.status === "notFound" || m._notFound === true)
  const html = currentRender.run(render, () => renderToString(<RouterProvider router={router} />))
  return {
    status: notFound ? 404 : 200,
    root: html,
    after: renderedPageScript({ href: router.state.location.href, reads: await readsOf(render) }),
    head: documentHead(router.state.matches),
  }
}
