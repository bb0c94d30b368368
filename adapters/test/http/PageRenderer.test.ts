/**
 * The server's rendering of public pages (PageRenderer.ts, StaticFiles.ts) over a small build made here, with a
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
import { HttpRouter, HttpServerResponse } from "effect/http"
import { afterAll, describe, expect, it } from "vitest"
import { ROUTE_MANIFEST_FILE } from "../../src/http/server/AppRoutes.ts"
import { loadPageRenderer, pageCookies, rendererPath } from "../../src/http/server/PageRenderer.ts"
import { layerStaticFiles } from "../../src/http/server/StaticFiles.ts"
import { useTestServer } from "../support/TestServer.ts"

const HEAD = '<head><meta name="description" content="The site." /><title>Landunits</title></head>'
const INDEX = `<!doctype html><html>${HEAD}<body><div id="root"></div><script src="/app.js"></script></body></html>`

/** Renders `/` and `/news` from the API's answer, 404 for `/news/gone`, nothing for `/dashboard`, fails `/broken`. */
const RENDERER = `
export const renderPage = async (href, fetchApi) => {
  if (href.startsWith("/dashboard")) return undefined
  if (href === "/broken") throw new Error("the renderer broke")
  const head = { title: "Landunits", description: "The site." }
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
    JSON.stringify({ routes: ["/", "/news", "/news/$slug", "/dashboard", "/broken"] }),
  )
  fs.mkdirSync(path.dirname(rendererPath(dist)))
  fs.writeFileSync(rendererPath(dist), RENDERER)
  return dist
}

const dist = makeBuild()
afterAll(() => fs.rmSync(path.dirname(dist), { recursive: true, force: true }))

let headline = "First"
const api = HttpRouter.use((router) =>
  router.add(
    "GET",
    "/api/headline",
    Effect.sync(() => HttpServerResponse.jsonUnsafe({ headline })),
  ),
)

const server = useTestServer(
  HttpRouter.serve(Layer.mergeAll(api, layerStaticFiles(dist)), {
    disableLogger: true,
    disableListenLog: true,
  }).pipe(Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))),
)

const get = async (pathname: string) => {
  const response = await fetch(`${server.baseUrl()}${pathname}`)
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() }
}

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

  it("serves the plain index.html for a page the renderer leaves to the browser", async () => {
    const page = await get("/dashboard")
    expect(page.status).toBe(200)
    expect(page.html).toBe(INDEX)
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
