/**
 * Every HTML answer of the site goes through here: the app's index.html for its pages and for unknown ones
 * (StaticFiles.ts), and a page's HTML rendered on the server. It is sent with `Cache-Control: no-cache` (a
 * browser keeps it but asks again each time, so a new build or new content shows at once), a strong ETag
 * from the content's hash, and compressed by Accept-Encoding (Brotli or gzip, with `Vary: Accept-Encoding`).
 * A request whose If-None-Match names the page's ETag gets `304 Not Modified` with no body.
 *
 * Each coding of a page is its own representation, so it has its own strong ETag ("<hash>", "<hash>-br",
 * "<hash>-gzip"); If-None-Match matches any of them, since they all say the content has not changed.
 * Compressed bodies are kept in a small cache by hash, so the same HTML is compressed once per coding.
 */
import { createHash } from "node:crypto"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { Effect } from "effect"
import { type Headers, HttpServerRequest, HttpServerResponse } from "effect/http"
import { type Encoding, negotiateEncoding } from "./ContentEncoding.ts"

export const HTML_CONTENT_TYPE = "text/html; charset=utf-8"
export const HTML_CACHE_CONTROL = "no-cache"
/** A member's own page (rendered with their data): kept by no browser, proxy or cache, ever. */
export const PRIVATE_HTML_CACHE_CONTROL = "no-store"

const encoder = new TextEncoder()

/** The strong ETag's value (without quotes) of some bytes: their SHA-256, base64url, 27 characters. */
export const contentHash = (bytes: Uint8Array): string =>
  createHash("sha256").update(bytes).digest("base64url").slice(0, 27)

const etagOf = (hash: string, encoding: Encoding | "identity") =>
  encoding === "identity" ? `"${hash}"` : `"${hash}-${encoding}"`

/**
 * Whether an If-None-Match header names this content in any coding (weak comparison, RFC 9110 §13.1.2):
 * `*`, or a tag whose value, without `W/` and without a coding's suffix, is the hash.
 */
export const matchesIfNoneMatch = (ifNoneMatch: string, hash: string): boolean =>
  ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//i, "")
    return tag === "*" || tag === `"${hash}"` || tag === `"${hash}-br"` || tag === `"${hash}-gzip"`
  })

/** The last compressed bodies, by hash and coding; the oldest leaves first. */
const CACHE_ENTRIES = 256
const compressed = new Map<string, Uint8Array>()

// Brotli at quality 5: a few milliseconds for a page of 50 KB, about gzip -9's size minus a tenth. A page is
// compressed once per content, then served from the cache.
const compressOnce = (bytes: Uint8Array, encoding: Encoding): Uint8Array =>
  encoding === "br"
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzipSync(bytes, { level: 6 })

const compress = (bytes: Uint8Array, hash: string, encoding: Encoding): Uint8Array => {
  const key = `${hash}:${encoding}`
  const cached = compressed.get(key)
  if (cached !== undefined) return cached
  const body = compressOnce(bytes, encoding)
  compressed.set(key, body)
  if (compressed.size > CACHE_ENTRIES) {
    const oldest = compressed.keys().next().value
    if (oldest !== undefined) compressed.delete(oldest)
  }
  return body
}

/** HTML bytes in the coding `encoding` (already applied), with `headers` and the coding's own header. */
const htmlBody = (
  body: Uint8Array,
  encoding: Encoding | "identity",
  status: number,
  headers: Record<string, string>,
) =>
  HttpServerResponse.uint8Array(body, {
    status,
    contentType: HTML_CONTENT_TYPE,
    headers: encoding === "identity" ? headers : { ...headers, "content-encoding": encoding },
  })

/**
 * The answer for an HTML page: `html` (a string is sent as UTF-8) with `status` (200 for a page, 404 for the
 * not-found page), for a request with `requestHeaders` (its Accept-Encoding and If-None-Match are read).
 * Only a 200 can become a 304: a 404's validators say nothing about a page that exists.
 */
export const htmlResponse = (
  html: string | Uint8Array,
  status: number,
  requestHeaders: Headers.Headers,
): HttpServerResponse.HttpServerResponse => {
  const bytes = typeof html === "string" ? encoder.encode(html) : html
  const hash = contentHash(bytes)
  const encoding = negotiateEncoding(requestHeaders["accept-encoding"])
  const headers = {
    "cache-control": HTML_CACHE_CONTROL,
    etag: etagOf(hash, encoding),
    vary: "Accept-Encoding",
  }
  const ifNoneMatch = requestHeaders["if-none-match"]
  if (status === 200 && ifNoneMatch !== undefined && matchesIfNoneMatch(ifNoneMatch, hash))
    return HttpServerResponse.empty({ status: 304, headers })
  return htmlBody(
    encoding === "identity" ? bytes : compress(bytes, hash, encoding),
    encoding,
    status,
    headers,
  )
}

/**
 * The answer for a member's own page (PageRenderer.ts, a `member` page of core's PageAudience): `no-store`, no
 * validators (nothing may keep it, so nothing can ask whether it changed), compressed per request and never
 * kept in the cache above, so no member's page stays in the server's memory after it is sent.
 */
export const privateHtmlResponse = (
  html: string,
  status: number,
  requestHeaders: Headers.Headers,
): HttpServerResponse.HttpServerResponse => {
  const bytes = encoder.encode(html)
  const encoding = negotiateEncoding(requestHeaders["accept-encoding"])
  const headers = { "cache-control": PRIVATE_HTML_CACHE_CONTROL, vary: "Accept-Encoding" }
  return htmlBody(encoding === "identity" ? bytes : compressOnce(bytes, encoding), encoding, status, headers)
}

/** `htmlResponse` for the request being answered: `yield* respondHtml(html)` in a route's handler. */
export const respondHtml = (html: string | Uint8Array, status = 200) =>
  Effect.map(HttpServerRequest.HttpServerRequest, (request) => htmlResponse(html, status, request.headers))
