/**
 * Serves a built web app (a build's dist/, WebBuilds.ts) for every GET outside /api: a file by its path, with the
 * content type of its extension; the app's index.html for a page of the route manifest (AppRoutes.ts) with 200, so deep links
 * work; and for anything else 404, as plain text when the path names a file (`/assets/x.js`, `/images/y.jpg`)
 * and as index.html otherwise, whose router then shows its not-found page. Paths cannot leave the directory.
 *
 * Caching and compression:
 * - A file with precompressed copies beside it (x.js.br, x.js.gz, written by the web build's compression
 *   plugin) is sent as the copy the request's Accept-Encoding prefers (ContentEncoding.ts), with
 *   `Content-Encoding` and `Vary: Accept-Encoding`; the copies themselves are not files of the site (a request
 *   for x.js.br answers 404).
 * - Hashed assets (/assets/*: their name changes with their content) are `public, max-age=31536000,
 *   immutable`; other files (favicon, images, the report) `public, max-age=3600`. Every file carries the
 *   ETag and Last-Modified of the bytes sent, and a request that names them (If-None-Match, else
 *   If-Modified-Since) gets 304.
 * - HTML answers go through HtmlResponse.ts (no-cache, ETag of the content, compressed by Accept-Encoding).
 *
 * Builds (WebBuilds.ts): the server serves one build for its whole life, its index.html read once at start. A
 * hashed asset its build lacks is looked for in `otherBuilds` (the other builds kept beside it, newer ones too):
 * during a rolling restart a page from a process of another build asks this one for that build's scripts, and
 * a hashed name is the same file in whichever build holds it.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { isNoIndex } from "@landunits/core/content/Indexing.ts"
import { Effect, Layer, Option } from "effect"
import {
  type Headers,
  HttpRouter,
  HttpServer,
  HttpServerRequest,
  HttpServerResponse,
  Mime,
} from "effect/http"
import { readAppRoutes } from "./AppRoutes.ts"
import { ENCODING_SUFFIX, ENCODINGS, negotiateEncoding } from "./ContentEncoding.ts"
import { htmlResponse, PRIVATE_HTML_CACHE_CONTROL, privateHtmlResponse } from "./HtmlResponse.ts"
import { loadPageRenderer, type RenderPage, withRobots } from "./PageRenderer.ts"

/** A last segment with a file extension (`.js`, `.jpg`, `.woff2`): asked for as a file, never as a page. */
const FILE_LIKE = /\.[a-z][a-z0-9]{0,15}$/i

/** The types effect's Mime table lacks (it answers application/octet-stream for them). */
const CONTENT_TYPES: Readonly<Record<string, string>> = { ".ico": "image/x-icon" }

/** Where the build puts the files whose names carry a hash of their content. */
export const HASHED_ASSETS = "/assets/"
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable"
export const FILE_CACHE = "public, max-age=3600"

/** Headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const NOT_MODIFIED_HEADERS = ["cache-control", "etag", "last-modified", "vary", "content-location", "expires"]

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

const isFile = (file: string) => fs.existsSync(file) && fs.statSync(file).isFile()

/** x.js.br or x.js.gz beside x.js: a coding of x.js, not a file of the site. */
const isPrecompressedCopy = (file: string): boolean =>
  ENCODINGS.some(
    (e) => file.endsWith(ENCODING_SUFFIX[e]) && isFile(file.slice(0, -ENCODING_SUFFIX[e].length)),
  )

const contentTypeOf = (file: string): string | undefined =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? Option.getOrUndefined(Mime.getType(file))

/** Whether the request's validators name the response (If-None-Match first, else If-Modified-Since). */
const isNotModified = (request: Headers.Headers, response: Headers.Headers): boolean => {
  const ifNoneMatch = request["if-none-match"]
  const etag = response.etag?.replace(/^W\//i, "")
  if (ifNoneMatch !== undefined)
    return ifNoneMatch
      .split(",")
      .some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//i, "") === etag)
  const since = Date.parse(request["if-modified-since"] ?? "")
  const modified = Date.parse(response["last-modified"] ?? "")
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since
}

const notModified = (response: HttpServerResponse.HttpServerResponse) =>
  HttpServerResponse.empty({
    status: 304,
    headers: Object.fromEntries(
      NOT_MODIFIED_HEADERS.flatMap((name) => {
        const value = response.headers[name]
        return value === undefined ? [] : [[name, value]]
      }),
    ),
  })

/**
 * A file of the build (never index.html's pages: those are HTML answers), as its best precompressed copy
 * for the request, with its caching headers.
 */
const serveStaticFile = (file: string, pathname: string, request: HttpServerRequest.HttpServerRequest) => {
  const available = ENCODINGS.filter((e) => isFile(file + ENCODING_SUFFIX[e]))
  const encoding = negotiateEncoding(request.headers["accept-encoding"], available)
  const sent = encoding === "identity" ? file : file + ENCODING_SUFFIX[encoding]
  const contentType = contentTypeOf(file)
  const headers: Record<string, string> = {
    "cache-control": pathname.startsWith(HASHED_ASSETS) ? IMMUTABLE_CACHE : FILE_CACHE,
  }
  if (available.length > 0) headers.vary = "Accept-Encoding"
  if (encoding !== "identity") headers["content-encoding"] = encoding
  return HttpServerResponse.file(
    sent,
    contentType === undefined ? { headers } : { headers, contentType },
  ).pipe(
    Effect.map((response) =>
      isNotModified(request.headers, response.headers) ? notModified(response) : response,
    ),
    Effect.orDie,
  )
}

export interface StaticFilesOptions {
  /** The browser's folders of the other builds a hashed asset may be in (WebBuilds.ts); none by default. */
  readonly otherBuilds?: () => ReadonlyArray<string>
}

export const layerStaticFiles = (directory: string, options: StaticFilesOptions = {}) => {
  const root = path.resolve(directory)
  const index = path.join(root, "index.html")
  if (!fs.existsSync(index)) return Layer.empty
  return Layer.unwrap(
    Effect.map(
      Effect.promise(() => loadPageRenderer(root)),
      (renderPage) => layerFiles(root, fs.readFileSync(index), renderPage, options.otherBuilds ?? (() => [])),
    ),
  )
}

/** The file at `pathname` in the build at `root` (never outside it, never a precompressed copy). */
const fileIn = (root: string, pathname: string): string | undefined => {
  const target = path.resolve(root, `.${pathname}`)
  return target.startsWith(root + path.sep) && isFile(target) && !isPrecompressedCopy(target)
    ? target
    : undefined
}

const layerFiles = (
  root: string,
  indexHtml: Uint8Array,
  renderPage: RenderPage | undefined,
  otherBuilds: () => ReadonlyArray<string>,
) => {
  const isAppRoute = readAppRoutes(root)
  const index = path.join(root, "index.html")
  /** A file of this build; a hashed asset it lacks, from another build. */
  const fileAt = (pathname: string): string | undefined => {
    const own = fileIn(root, pathname)
    if (own !== undefined || !pathname.startsWith(HASHED_ASSETS)) return own
    for (const other of otherBuilds()) {
      const found = fileIn(path.resolve(other), pathname)
      if (found !== undefined) return found
    }
    return undefined
  }
  // A page kept out of search engines says so in its first HTML too, before the app runs (core's Indexing.ts).
  const noIndexHtml = new TextEncoder().encode(withRobots(new TextDecoder().decode(indexHtml), true))
  const serveIndex = (request: HttpServerRequest.HttpServerRequest, status: number, pathname = "/") =>
    Effect.succeed(htmlResponse(isNoIndex(pathname) ? noIndexHtml : indexHtml, status, request.headers))
  /** The page rendered on the server (PageRenderer.ts); undefined: the browser renders it from index.html. */
  const renderedPage = (url: string, cookieHeader: string | undefined) =>
    Effect.gen(function* () {
      if (renderPage === undefined) return undefined
      const server = yield* Effect.serviceOption(HttpServer.HttpServer)
      const origin = Option.isSome(server) ? ownOrigin(server.value) : undefined
      if (origin === undefined) return undefined
      const { pathname, search } = new URL(url, "http://local")
      return yield* Effect.tryPromise(() => renderPage(pathname + search, origin, cookieHeader)).pipe(
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
        if (file !== undefined)
          return yield* file === index
            ? serveIndex(request, 200)
            : serveStaticFile(file, pathname ?? raw, request)
        if (pathname === undefined || FILE_LIKE.test(pathname))
          return HttpServerResponse.text("Not found", { status: 404 })
        const status = isAppRoute(pathname) ? 200 : 404
        const rendered = yield* renderedPage(request.url, request.headers.cookie)
        if (rendered !== undefined) {
          if ("redirect" in rendered)
            return HttpServerResponse.redirect(rendered.redirect, {
              status: 302,
              headers: { "cache-control": PRIVATE_HTML_CACHE_CONTROL },
            })
          const answer = rendered.member ? privateHtmlResponse : htmlResponse
          return answer(rendered.html, status === 404 ? 404 : rendered.status, request.headers)
        }
        return yield* serveIndex(request, status, pathname)
      }),
    ),
  )
}
