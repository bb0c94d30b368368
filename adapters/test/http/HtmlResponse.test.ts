/**
 * The two rules every HTML answer shares (HtmlResponse.ts, ContentEncoding.ts), as plain functions: which
 * coding Accept-Encoding chooses, and what `htmlResponse` answers for a page's HTML, so server-rendered pages
 * get the same caching as the app's index.html.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { Headers } from "effect/http"
import { describe, expect, it } from "vitest"
import { negotiateEncoding } from "../../src/http/server/ContentEncoding.ts"
import { htmlResponse } from "../../src/http/server/HtmlResponse.ts"

describe("the content coding chosen by Accept-Encoding (RFC 9110 §12.5.3)", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip, br", "br"],
    ["BR;Q=1, GZIP", "br"],
    ["br;q=0.4, gzip;q=0.8", "gzip"],
    ["br;q=0, gzip;q=0", "identity"],
    ["br;q=0, *", "gzip"],
    ["*", "br"],
    ["*;q=0", "identity"],
    ["gzip;q=0.5, identity", "identity"],
    ["gzip, identity;q=0.5", "gzip"],
    ["gzip;q=0.2, br;q=0.2", "br"],
    ["deflate, compress", "identity"],
    ["br;q=nonsense, gzip;q=0.1", "gzip"],
  ])("%s chooses %s", (header, coding) => {
    expect(negotiateEncoding(header)).toBe(coding)
  })

  it("chooses only among the copies the server has", () => {
    expect(negotiateEncoding("br, gzip", ["gzip"])).toBe("gzip")
    expect(negotiateEncoding("br", ["gzip"])).toBe("identity")
    expect(negotiateEncoding("br, gzip", [])).toBe("identity")
  })
})

const PAGE = `<!doctype html><html><body><h1>Fees</h1>${"<p>Low fees for everyone.</p>".repeat(50)}</body></html>`
const request = (headers: Record<string, string>) => Headers.fromInput(headers)
const bodyOf = (response: ReturnType<typeof htmlResponse>): Uint8Array => {
  if (response.body._tag !== "Uint8Array") throw new Error(`an HTML body is bytes, not ${response.body._tag}`)
  return response.body.body
}

describe("htmlResponse: a page's HTML as an answer", () => {
  it("sends the page with no-cache, a strong ETag of its content and Vary: Accept-Encoding", () => {
    const response = htmlResponse(PAGE, 200, request({}))
    expect(response.status).toBe(200)
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(response.headers["cache-control"]).toBe("no-cache")
    expect(response.headers.vary).toBe("Accept-Encoding")
    expect(response.headers["content-encoding"]).toBeUndefined()
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    expect(new TextDecoder().decode(bodyOf(response))).toBe(PAGE)
  })

  it("gives the same content the same ETag, whether a string or its bytes, and other content another", () => {
    const a = htmlResponse(PAGE, 200, request({})).headers.etag
    expect(htmlResponse(new TextEncoder().encode(PAGE), 200, request({})).headers.etag).toBe(a)
    expect(htmlResponse(`${PAGE} `, 200, request({})).headers.etag).not.toBe(a)
  })

  it("compresses by Accept-Encoding, each coding with its own ETag", () => {
    const br = htmlResponse(PAGE, 200, request({ "accept-encoding": "br, gzip" }))
    const gzip = htmlResponse(PAGE, 200, request({ "accept-encoding": "gzip" }))
    const plain = htmlResponse(PAGE, 200, request({}))
    expect(br.headers["content-encoding"]).toBe("br")
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(brotliDecompressSync(bodyOf(br)).toString()).toBe(PAGE)
    expect(gunzipSync(bodyOf(gzip)).toString()).toBe(PAGE)
    expect(bodyOf(br).length).toBeLessThan(PAGE.length / 4)
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3)
  })

  it("answers 304 with no body when If-None-Match names the content in any coding, weak or strong, or *", () => {
    const tags = ["br", "gzip", "identity"].map(
      (coding) => htmlResponse(PAGE, 200, request({ "accept-encoding": coding })).headers.etag ?? "",
    )
    for (const held of [...tags, `W/${tags[0]}`, `"other", ${tags[2]}`, "*"]) {
      const response = htmlResponse(PAGE, 200, request({ "if-none-match": held, "accept-encoding": "gzip" }))
      expect(response.status, held).toBe(304)
      expect(response.body._tag, held).toBe("Empty")
      expect(response.headers.etag, held).toBe(tags[1])
      expect(response.headers["cache-control"], held).toBe("no-cache")
    }
    const changed = htmlResponse(`${PAGE}<!-- new -->`, 200, request({ "if-none-match": tags[2] ?? "" }))
    expect(changed.status).toBe(200)
  })

  it("keeps a 404 a 404, whatever If-None-Match says", () => {
    const etag = htmlResponse(PAGE, 404, request({})).headers.etag ?? ""
    const response = htmlResponse(PAGE, 404, request({ "if-none-match": etag }))
    expect(response.status).toBe(404)
    expect(new TextDecoder().decode(bodyOf(response))).toBe(PAGE)
  })
})
