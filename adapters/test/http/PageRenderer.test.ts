/**
 * The server's rendering of pages (PageRenderer.ts, StaticFiles.ts) over a small build made here, with a
 * renderer module standing in for web/dist-ssr/entry-server.js (the real one is tested through the browser
 * tests, web/e2e/prerender.test.ts). The renderer reads the API through this same server, and its HTML lands in
 * index.html's #root; a page it leaves alone, or one it fails to render, gets the plain index.html.
 */
import * as fs from "node:fs"
import { createServer } from "node:http"
import * as os from "node:os"
import * as path from "node:path"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { afterAll, describe, expect, it } from "vitest"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { loadPageRenderer, pageCookies, rendererPath } from "../../src/http/server/PageRenderer.ts"
import { layerStaticFiles } from "../../src/http/server/StaticFiles.ts"
import { useTestServer } from "../support/TestServer.ts"

const HEAD = '<head><meta name="description" content="The site." /><title>Landunits</title></head>'
const INDEX = `<!doctype html><html>${HEAD}<body><div id="root"></div><script src="/app.js"></script></body></html>`

/**
 * Renders `/` and `/news` from the API's answer, 404 for `/news/gone`, fails `/broken`; `/who` shows the cookie
 * the API received. A member's page (`/dashboard…`) only when signed in: it shows the cookie the API received
 * and what became of a write, a read elsewhere and a read outside /api; `/dashboard/go` leads to
 * `/dashboard/next`, `/dashboard/away` to another site.
 */
const RENDERER = `
const outcome = (promise) => promise.then(() => "sent", (e) => e.name)
export const renderPage = async (href, fetchApi, cookies, signedIn) => {
  const head = { title: "Landunits", description: "The site." }
  if (href.startsWith("/dashboard")) {
    if (!signedIn) return undefined
    if (href === "/dashboard/go") return { status: 302, redirect: "/dashboard/next", root: "", after: "", head }
    if (href === "/dashboard/away") return { status: 302, redirect: "//evil.example/x", root: "", after: "", head }
    const refused = await Promise.all([
      outcome(fetchApi("/api/headline", { method: "POST" })),
      outcome(fetchApi("http://evil.example/api/headline", { method: "GET" })),
      outcome(fetchApi("/dashboard", { method: "GET" })),
    ])
    const who = await (await fetchApi("/api/who", { method: "GET", headers: { cookie: "forged=1" } })).json()
    return { status: 200, root: "<p>" + who.cookie + "|" + refused.join(",") + "</p>", after: "", head }
  }
  if (href === "/who") {
    const who = await (await fetchApi("/api/who", { method: "GET" })).json()
    return { status: 200, root: "<p>" + who.cookie + "</p>", after: "", head }
  }
  if (href === "/broken") throw new Error("the renderer broke")
  if (href === "/news/gone") return { status: 404, root: "<h1>Page not found</h1>", after: "", head }
  const answer = await (await fetchApi("/api/headline", { method: "GET" })).json()
  return {
    status: 200,
    root: "<h1>" + answer.headline + " at " + href + "</h1>",
    after: "<script type=\\"application/json\\">{}</script>",
    head: href.startsWith("/news") ? { title: answer.headline + " & <more> · Landunits", description: "News \\"today\\"" } : head,
  }
}
`

const makeBuild = (): string => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-render-"))
  const dist = path.join(parent, "dist")
  fs.mkdirSync(dist)
  fs.writeFileSync(path.join(dist, "index.html"), INDEX)
  fs.writeFileSync(
    path.join(dist, ROUTE_MANIFEST_FILE),
    JSON.stringify({
      routes: [
        "/",
        "/news",
        "/news/$slug",
        "/dashboard",
        "/dashboard/go",
        "/dashboard/away",
        "/broken",
        "/who",
      ],
    }),
  )
  fs.mkdirSync(path.dirname(rendererPath(dist)))
  fs.writeFileSync(rendererPath(dist), RENDERER)
  return dist
}

const dist = makeBuild()
afterAll(() => fs.rmSync(path.dirname(dist), { recursive: true, force: true }))

let headline = "First"
const api = HttpRouter.use((router) =>
  Effect.all([
    router.add(
      "GET",
      "/api/headline",
      Effect.sync(() => HttpServerResponse.jsonUnsafe({ headline })),
    ),
    router.add(
      "GET",
      "/api/who",
      Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
        HttpServerResponse.jsonUnsafe({ cookie: request.headers.cookie ?? "none" }),
      ),
    ),
  ]),
)

const server = useTestServer(
  HttpRouter.serve(Layer.mergeAll(api, layerStaticFiles(dist)), {
    disableLogger: true,
    disableListenLog: true,
  }).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))),
)

const get = async (pathname: string, cookie?: string) => {
  const response = await fetch(`${server.baseUrl()}${pathname}`, {
    redirect: "manual",
    ...(cookie === undefined ? {} : { headers: { cookie } }),
  })
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    headers: response.headers,
    html: await response.text(),
  }
}

/** A request as a signed-in member's browser sends it: the session, the marker, the anti-forgery token. */
const MEMBER_COOKIES = "landunits_session=s1; landunits_signed_in=1; XSRF-TOKEN=t; cookie_consent_given=1"

describe("pages rendered on the server", () => {
  it("puts the renderer's page into #root, what follows it after #root, and its own title and description (escaped) in the head, with 200 as HTML", async () => {
    const page = await get("/news?tab=all")
    expect(page.status).toBe(200)
    expect(page.type).toBe("text/html; charset=utf-8")
    expect(page.html).toBe(
      '<!doctype html><html><head><meta name="description" content="News &quot;today&quot;" />' +
        "<title>First &amp; &lt;more&gt; · Landunits</title></head>" +
        '<body><div id="root"><h1>First at /news?tab=all</h1></div>' +
        '<script type="application/json">{}</script><script src="/app.js"></script></body></html>',
    )
  })

  it("renders each request anew: a changed answer shows on the next request", async () => {
    headline = "Second"
    expect((await get("/")).html).toContain("<h1>Second at /</h1>")
    headline = "First"
  })

  it("answers the renderer's 404 (an article that does not exist)", async () => {
    const page = await get("/news/gone")
    expect(page.status).toBe(404)
    expect(page.html).toContain('<div id="root"><h1>Page not found</h1></div>')
  })

  it("serves the plain index.html for a page the renderer leaves to the browser (a member's page without a session)", async () => {
    const page = await get("/dashboard", "landunits_signed_in=1; XSRF-TOKEN=t")
    expect(page.status).toBe(200)
    expect(page.html).toBe(INDEX)
    expect(page.headers.get("cache-control")).toBe("no-cache")
  })

  it("renders a member's page with the request's session cookie alone, reading only this server's API with GET, sent no-store", async () => {
    const page = await get("/dashboard", MEMBER_COOKIES)
    expect(page.status).toBe(200)
    expect(page.html).toContain(
      "<p>landunits_session=s1|RenderReadRefused,RenderReadRefused,RenderReadRefused</p>",
    )
    expect(page.headers.get("cache-control")).toBe("no-store")
    expect(page.headers.get("etag")).toBeNull()
  })

  it("never hands a public page's render the session, whatever the request carries", async () => {
    const page = await get("/who", MEMBER_COOKIES)
    expect(page.html).toContain("<p>none</p>")
    expect(page.headers.get("cache-control")).toBe("no-cache")
  })

  it("answers a member's page that leads elsewhere with a 302 to that path of this site, and never to another site", async () => {
    const go = await get("/dashboard/go", MEMBER_COOKIES)
    expect(go.status).toBe(302)
    expect(go.headers.get("location")).toBe("/dashboard/next")
    expect(go.headers.get("cache-control")).toBe("no-store")
    const away = await get("/dashboard/away", MEMBER_COOKIES)
    expect(away.status).toBe(200)
    expect(away.html).toBe(INDEX)
  })

  it("serves the plain index.html when the renderer fails, so the page still works in the browser", async () => {
    const page = await get("/broken")
    expect(page.status).toBe(200)
    expect(page.html).toBe(INDEX)
  })

  it("keeps 404 for a path that is no page, whatever the renderer says", async () => {
    const page = await get("/no-such-page")
    expect(page.status).toBe(404)
    expect(page.html).toContain("<h1>First at /no-such-page</h1>")
  })

  it("has no renderer for a build without one, and refuses a build whose index.html lacks #root", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "landunits-render-"))
    const bare = path.join(parent, "dist")
    fs.mkdirSync(bare)
    fs.writeFileSync(path.join(bare, "index.html"), INDEX)
    expect(await loadPageRenderer(bare)).toBeUndefined()
    fs.writeFileSync(path.join(bare, "index.html"), "<!doctype html><body></body>")
    fs.mkdirSync(path.dirname(rendererPath(bare)))
    fs.writeFileSync(rendererPath(bare), RENDERER)
    await expect(loadPageRenderer(bare)).rejects.toThrow('lacks <div id="root"></div>')
    fs.rmSync(parent, { recursive: true, force: true })
  })

  it("passes a page only the consent cookie of the request, never the session", () => {
    expect(pageCookies("landunits_session=secret; cookie_consent_given=1; XSRF-TOKEN=t")).toBe(
      "cookie_consent_given=1",
    )
    expect(pageCookies("landunits_session=secret")).toBe("")
    expect(pageCookies(undefined)).toBe("")
  })
})
