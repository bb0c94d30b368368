/**
 * Security headers on every answer: a strict Content-Security-Policy (our own scripts, styles and images;
 * the card providers' frames and scripts where payments need them), no framing by other sites, no MIME
 * sniffing, no referrer leaks across sites, and HSTS outside development.
 */
import { Cause, Effect } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { answerDatabaseOutage } from "./DatabaseOutage.ts"

/** Which card providers run live here: their scripts, frames and API hosts are allowed only then. */
export interface LiveCardProviders {
  readonly stripe: boolean
  readonly square: boolean
}

const NO_LIVE_PROVIDERS: LiveCardProviders = { stripe: false, square: false }

const STRIPE = {
  script: ["https://js.stripe.com"],
  connect: ["https://api.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
}
const SQUARE = {
  script: ["https://web.squarecdn.com", "https://sandbox.web.squarecdn.com"],
  connect: ["https://*.squareup.com", "https://*.squareupsandbox.com", "https://*.squarecdn.com"],
  frame: ["https://*.squarecdn.com", "https://*.squareup.com", "https://*.squareupsandbox.com"],
}

/**
 * The Content-Security-Policy: our own scripts, styles and images; a card provider's scripts, frames and API
 * only while that provider is live (test mode and an unconfigured provider load nothing from outside).
 */
export const contentSecurityPolicy = (live: LiveCardProviders = NO_LIVE_PROVIDERS): string => {
  const providers = [...(live.stripe ? [STRIPE] : []), ...(live.square ? [SQUARE] : [])]
  const hosts = (kind: "script" | "connect" | "frame") => providers.flatMap((p) => p[kind])
  const directive = (name: string, sources: ReadonlyArray<string>) => [name, ...sources].join(" ")
  return [
    directive("default-src", ["'self'"]),
    directive("script-src", ["'self'", ...hosts("script")]),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    directive("connect-src", ["'self'", ...hosts("connect")]),
    directive("frame-src", hosts("frame").length === 0 ? ["'none'"] : hosts("frame")),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ")
}

/** The policy with no card provider live. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy()

/**
 * The API reference page (/api/docs) is one HTML page with its reference viewer inlined: it alone may run
 * inline scripts. It shows no member data.
 */
export const DOCS_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "script-src 'self'",
  "script-src 'self' 'unsafe-inline'",
)

export interface SecurityHeadersOptions {
  /** Strict-Transport-Security: only when served over HTTPS (everywhere but development). */
  readonly hsts: boolean
  /** The card providers running live (default: none). */
  readonly liveCardProviders?: LiveCardProviders
  /** Path of the page that gets DOCS_CONTENT_SECURITY_POLICY. */
  readonly docsPath: string
  /** The methods a known path takes: another method answers 405 with Allow instead of 404. */
  readonly allowedMethods?: (url: string) => ReadonlyArray<string>
}

export const securityHeaders = (options: SecurityHeadersOptions): Record<string, string> => ({
  "content-security-policy": contentSecurityPolicy(options.liveCardProviders),
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  ...(options.hsts ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
})

/**
 * An error no handler answered (an unknown route, a defect) becomes a plain JSON answer here, so it gets the
 * headers too and never shows a stack trace. Defects are logged with their cause. A database that cannot be
 * reached is no defect of ours: 503 (DatabaseOutage.ts).
 */
const answerUnhandled = <E>(cause: Cause.Cause<E>, allowedMethods: () => ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const outage = answerDatabaseOutage(cause)
    if (outage !== undefined) return yield* outage
    const [response] = yield* HttpServerError.causeResponse(cause)
    if (response.status >= 500) {
      // A request interrupted (the client went away, the server stops) is no error of ours.
      if (!Cause.hasInterruptsOnly(cause))
        yield* Effect.logError("Unhandled error answering a request", cause)
      return HttpServerResponse.jsonUnsafe({ message: SERVER_ERROR_MESSAGE }, { status: response.status })
    }
    if (response.status === 404) {
      const allow = allowedMethods()
      if (allow.length > 0) {
        const message = `This route takes ${allow.join(" or ")} only.`
        return HttpServerResponse.jsonUnsafe(
          { message },
          { status: 405, headers: { allow: allow.join(", ") } },
        )
      }
      return HttpServerResponse.jsonUnsafe({ message: NOT_FOUND_MESSAGE }, { status: 404 })
    }
    return response
  })

export const NOT_FOUND_MESSAGE = "Not found"
export const SERVER_ERROR_MESSAGE = "Something went wrong on our side. Please try again."

export const layerSecurityHeaders = (options: SecurityHeadersOptions) => {
  const headers = securityHeaders(options)
  const docsHeaders = { ...headers, "content-security-policy": DOCS_CONTENT_SECURITY_POLICY }
  return HttpRouter.middleware(
    (httpEffect) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const onDocs = request.url === options.docsPath || request.url.startsWith(`${options.docsPath}?`)
        // Widening to the input's type is sound (it now fails with nothing) and keeps the router's typing.
        const answered: typeof httpEffect = httpEffect.pipe(
          Effect.catchCause((cause) =>
            answerUnhandled(cause, () => options.allowedMethods?.(request.url) ?? []),
          ),
        )
        const response = yield* answered
        return HttpServerResponse.setHeaders(response, onDocs ? docsHeaders : headers)
      }),
    { global: true },
  )
}
