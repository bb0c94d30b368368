/**
 * One HTTP/1.1 request over a raw socket whose body is generated lazily, chunk by chunk, as the server takes
 * it: nothing of the body exists before it is written, and writing waits for the socket to drain, so the
 * bytes written are at most what the server read plus what the kernel's socket buffers hold. Writing stops
 * as soon as an answer starts arriving (a well-behaved client stops sending a body the server refused).
 *
 * For tests of body limits: `bytesWritten` bounds what the server consumed of a body it refused.
 */
import * as net from "node:net"

export interface StreamedAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
  /** Bytes of the request (head and body) the socket accepted before the answer came. */
  readonly bytesWritten: number
}

export interface StreamedRequest {
  readonly url: string
  readonly method?: string
  readonly headers: Readonly<Record<string, string>>
  /** Bytes sent before the generated part (a multipart preamble, say). */
  readonly prefix?: Uint8Array
  /** How many bytes of filler to generate after the prefix. */
  readonly fillerBytes: number
  /** Declared length of the whole body; chunked transfer encoding when absent. */
  readonly contentLength?: number
}

const CHUNK = 64 * 1024

const parseAnswer = (raw: Buffer, bytesWritten: number): StreamedAnswer => {
  const text = raw.toString("utf8")
  const headEnd = text.indexOf("\r\n\r\n")
  const [statusLine = "", ...lines] = text.slice(0, headEnd).split("\r\n")
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(":")
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = text.slice(headEnd + 4)
  if (headers["transfer-encoding"] === "chunked") {
    let rest = body
    body = ""
    for (;;) {
      const lineEnd = rest.indexOf("\r\n")
      const size = Number.parseInt(rest.slice(0, lineEnd), 16)
      if (!(size > 0)) break
      body += rest.slice(lineEnd + 2, lineEnd + 2 + size)
      rest = rest.slice(lineEnd + 2 + size + 2)
    }
  } else if (headers["content-length"] !== undefined) {
    body = Buffer.from(body).subarray(0, Number(headers["content-length"])).toString("utf8")
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body, bytesWritten }
}

/** Sends the request and resolves with the answer once it is complete (or the server closed). */
export const streamedRequest = (request: StreamedRequest): Promise<StreamedAnswer> =>
  new Promise((resolve, reject) => {
    const url = new URL(request.url)
    const socket = net.connect(Number(url.port), url.hostname)
    const received: Array<Buffer> = []
    let answered = false
    let settled = false
    const chunked = request.contentLength === undefined
    const settle = () => {
      if (settled) return
      settled = true
      socket.destroy()
      const raw = Buffer.concat(received)
      if (raw.indexOf("\r\n\r\n") === -1) reject(new Error("The connection closed without an answer"))
      else resolve(parseAnswer(raw, socket.bytesWritten))
    }
    const answerComplete = () => {
      const raw = Buffer.concat(received)
      const headEnd = raw.indexOf("\r\n\r\n")
      if (headEnd === -1) return false
      const head = raw.subarray(0, headEnd).toString("latin1").toLowerCase()
      const length = /\r\ncontent-length:\s*(\d+)/.exec(head)
      if (length !== null) return raw.length - headEnd - 4 >= Number(length[1])
      return head.includes("transfer-encoding: chunked") && raw.subarray(headEnd).includes("\r\n0\r\n\r\n")
    }
    socket.on("data", (data) => {
      answered = true
      received.push(data)
      if (answerComplete()) settle()
    })
    socket.on("end", settle)
    socket.on("close", settle)
    // The server may reset the connection once it answered; what arrived before still counts.
    socket.on("error", () => settle())

    const write = (bytes: Uint8Array | string) =>
      new Promise<void>((done) => {
        if (socket.write(bytes)) done()
        else socket.once("drain", () => done())
      })
    const frame = async (bytes: Uint8Array) => {
      if (chunked) await write(`${bytes.length.toString(16)}\r\n`)
      await write(bytes)
      if (chunked) await write("\r\n")
    }

    socket.once("connect", async () => {
      const headers = {
        host: url.host,
        ...request.headers,
        ...(chunked
          ? { "transfer-encoding": "chunked" }
          : { "content-length": String(request.contentLength) }),
      }
      const head = `${request.method ?? "POST"} ${url.pathname}${url.search} HTTP/1.1\r\n${Object.entries(
        headers,
      )
        .map(([k, v]) => `${k}: ${v}`)
        .join("\r\n")}\r\n\r\n`
      try {
        await write(head)
        if (request.prefix !== undefined) await frame(request.prefix)
        const filler = new Uint8Array(CHUNK).fill(0x61)
        let left = request.fillerBytes
        while (left > 0 && !answered && !socket.destroyed) {
          const size = Math.min(CHUNK, left)
          await frame(size === CHUNK ? filler : filler.subarray(0, size))
          left -= size
        }
        if (!answered && !socket.destroyed && chunked) await write("0\r\n\r\n")
      } catch {
        // A write after the server closed: the answer (or its absence) settles the promise.
      }
    })
  })
