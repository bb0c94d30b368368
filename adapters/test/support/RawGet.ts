/**
 * A GET whose body arrives exactly as the server sent it: fetch decompresses Brotli and gzip on its own (and
 * sends its own Accept-Encoding and Host), so tests of content codings and of the Host use node:http.
 */
import * as http from "node:http"

export interface RawResponse {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  /** The body's bytes as sent (still compressed when `content-encoding` says so). */
  readonly body: Buffer
}

export const rawGet = (url: string, headers: Readonly<Record<string, string>> = {}): Promise<RawResponse> =>
  new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on("error", reject)
    })
    request.on("error", reject)
  })
