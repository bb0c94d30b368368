/**
 * Serves the built web app (web/dist) for every GET outside /api: a file by its path, with the content type of
 * its extension; the app's index.html for a page of the route manifest (AppRoutes.ts) with 200, so deep links
 * work; and for anything else 404, as plain text when the path names a file (`/assets/x.js`, `/images/y.jpg`)
 * and as index.html otherwise, whose router then shows its not-found page. Paths cannot leave the directory.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Layer, Option } from "effect"
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "effect/http"
import { readAppRoutes } from "./AppRoutes.ts"
import { loadPageRenderer, type RenderPage } from "./PageRenderer.ts"

/** A last segment with a file extension (`.js`, `.jpg`, `.woff2`): asked for as a file, never as a page. */
const FILE_LIKE = /\.[a-z][a-z0-9]{0,15}$/i

/** The types effect's Mime table lacks (it answers application/octet-stream for them). */
const CONTENT_TYPES: Readonly<Record<string, string>> = { ".ico": "image/x-icon" }

const decodePath = (pathname: string): string | undefined => {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return undefined // a malformed escape names no file and no page
  }
}

/** Where the server itself answers the API, for the page renderer's loopback reads (none on a Unix socket). */
const ownOrigin = (server: HttpServer.HttpServer["Service"]): string | undefined => {
  const url = new URL(HttpServer.formatAddress(server.address))
  if (url.protocol !== "http:") return undefined
  if (url.hostname === "0.0.0.0" || url.hostname === "[::]") url.hostname = "127.0.0.1"
  return url.origin
}

export const layerStaticFiles = (directory: string) => {
  const root = path.resolve(directory)
  const index = path.join(root, "index.html")
  if (!fs.existsSync(index)) return Layer.empty
  return Layer.unwrap(
    Effect.map(
      Effect.promise(() => loadPageRenderer(root)),
      (renderPage) => layerFiles(root, index, renderPage),
    ),
  )
}

const layerFiles = (root: string, index: string, renderPage: RenderPage | undefined) => {
  const isAppRoute = readAppRoutes(root)
  const fileAt = (pathname: string): string | undefined => {
    const target = path.resolve(root, `.${pathname}`)
    return target.startsWith(root + path.sep) && fs.existsSync(target) && fs.statSync(target).isFile()
      ? target
      : undefined
  }
  const serveFile = (file: string, status = 200) => {
    const contentType = CONTENT_TYPES[path.extname(file).toLowerCase()]
    return HttpServerResponse.file(
      file,
      contentType === undefined ? { status } : { status, contentType },
    ).pipe(Effect.orDie)
  }
  /** The page rendered for a guest (PageRenderer.ts); undefined: the browser renders it from index.html. */
  const renderedPage = (url: string) =>
    Effect.gen(function* () {
      if (renderPage === undefined) return undefined
      const server = yield* Effect.serviceOption(HttpServer.HttpServer)
      const origin = Option.isSome(server) ? ownOrigin(server.value) : undefined
      if (origin === undefined) return undefined
      const { pathname, search } = new URL(url, "http://local")
      return yield* Effect.tryPromise(() => renderPage(pathname + search, origin)).pipe(
        // A page that fails to render is still served: the browser renders it, as it did before.
        Effect.catch((error) =>
          Effect.as(Effect.logWarning("Rendering a page on the server failed", pathname, error), undefined),
        ),
      )
    })
  return HttpRouter.use((router) =>
    router.add(
      "GET",
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const raw = new URL(request.url, "http://local").pathname
        const pathname = decodePath(raw)
        if ((pathname ?? raw).startsWith("/api/"))
          return HttpServerResponse.jsonUnsafe({ message: "Not found" }, { status: 404 })
        const file = pathname === undefined ? undefined : fileAt(pathname)
        if (file !== undefined) return yield* serveFile(file)
        if (pathname === undefined || FILE_LIKE.test(pathname))
          return HttpServerResponse.text("Not found", { status: 404 })
        const status = isAppRoute(pathname) ? 200 : 404
        const rendered = yield* renderedPage(request.url)
        if (rendered !== undefined) {
          return HttpServerResponse.text(rendered.html, {
            status: status === 404 ? 404 : rendered.status,
            contentType: "text/html; charset=utf-8",
          })
        }
        return yield* serveFile(index, status)
      }),
    ),
  )
}
