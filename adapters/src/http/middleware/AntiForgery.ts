/**
 * Anti-forgery (decisions.md): the server sets a readable XSRF-TOKEN cookie; every request that changes
 * anything (any method but GET, HEAD and OPTIONS) must echo it in the X-XSRF-TOKEN header, otherwise 403.
 * A page on another site can send our cookies but cannot read them, so it cannot forge the header.
 * Installed for every route at once, so a new route cannot forget it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { XSRF_REFUSED_MESSAGE } from "../api/ApiErrors.ts"

export { XSRF_REFUSED_MESSAGE }

export const XSRF_COOKIE = "XSRF-TOKEN"
export const XSRF_HEADER = "x-xsrf-token"
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"])

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export interface AntiForgeryOptions {
  /** Cookies only over HTTPS (everywhere but development). */
  readonly secureCookies: boolean
  /**
   * Routes a browser never calls, authenticated otherwise (the payment providers' signed webhooks), each
   * named: exempt from the check and given no cookie. Matched on method and exact path.
   */
  readonly exempt?: ReadonlyArray<{ readonly method: string; readonly path: string }>
}

const pathOf = (url: string) => {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

export const layerAntiForgery = (options: AntiForgeryOptions) =>
  HttpRouter.middleware(
    (httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = pathOf(request.url)
        if (options.exempt?.some((r) => r.method === request.method && r.path === path))
          return yield* httpEffect
        const cookie = request.cookies[XSRF_COOKIE]
        if (!SAFE_METHODS.has(request.method)) {
          const header = request.headers[XSRF_HEADER]
          if (cookie === undefined || header === undefined || cookie === "" || !sameToken(cookie, header)) {
            return HttpServerResponse.jsonUnsafe(
              { _tag: "NotAllowed", message: XSRF_REFUSED_MESSAGE },
              { status: 403 },
            )
          }
        }
        const response = yield* httpEffect
        if (cookie !== undefined && cookie !== "") return response
        return response.pipe(
          HttpServerResponse.setCookieUnsafe(XSRF_COOKIE, randomBytes(32).toString("base64url"), {
            path: "/",
            sameSite: "lax",
            secure: options.secureCookies,
            httpOnly: false,
          }),
        )
      }),
    { global: true },
  )
