/**
 * Serves the built web app (web/dist) for every GET outside /api: a file by its path, with the content type of
 * its extension; the app's index.html for a page of the route manifest (AppRoutes.ts) with 200, so deep links
 * work; and for anything else 404, as plain text when the path names a file (`/assets/x.js`, `/images/y.jpg`)
 * and as index.html otherwise, whose router then shows its not-found page. Paths cannot leave the directory.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { readAppRoutes } from "./AppRoutes.ts"

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

export const layerStaticFiles = (directory: string) => {
  const root = path.resolve(directory)
  const index = path.join(root, "index.html")
  if (!fs.existsSync(index)) return Layer.empty
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
        return yield* serveFile(index, isAppRoute(pathname) ? 200 : 404)
      }),
    ),
  )
}
