/**
 * Serves the built web app (web/dist): files by path, and index.html for every other GET outside /api so
 * the client-side router can answer deep links. Paths cannot leave the directory.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Effect, Layer } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"

export const layerStaticFiles = (directory: string) =>
  fs.existsSync(path.join(directory, "index.html"))
    ? HttpRouter.use((router) =>
        router.add(
          "GET",
          "/*",
          Effect.gen(function* () {
            const request = yield* HttpServerRequest.HttpServerRequest
            const pathname = decodeURIComponent(new URL(request.url, "http://local").pathname)
            if (pathname.startsWith("/api/"))
              return HttpServerResponse.jsonUnsafe({ message: "Not found" }, { status: 404 })
            const target = path.resolve(directory, `.${pathname}`)
            const inside = target.startsWith(path.resolve(directory) + path.sep)
            const file =
              inside && fs.existsSync(target) && fs.statSync(target).isFile()
                ? target
                : path.join(directory, "index.html")
            return yield* HttpServerResponse.file(file).pipe(Effect.orDie)
          }),
        ),
      )
    : Layer.empty
