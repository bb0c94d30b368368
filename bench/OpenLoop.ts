/**
 * The open-loop load generator of bench:http (issue 41), run as a process of its own so that its work does not
 * share the server's event loop: POSTs `body` to `url` at a constant `rate` a second for `seconds`, each request
 * sent at its scheduled instant whatever the answers before it (a closed loop sends the next only once an answer
 * came, and so hides the queue), over keep-alive connections opened as needed (at most MAX_SOCKETS). A request's
 * latency counts from its scheduled instant: a late send counts against the server too. Prints one JSON line.
 *
 *   node bench/OpenLoop.ts <url> <rate> <seconds> <headers JSON> <body>
 */
import * as http from "node:http"

const MAX_SOCKETS = 1024
const [url, rateArg, secondsArg, headersArg, body] = process.argv.slice(2)
if (url === undefined || body === undefined)
  throw new Error("usage: OpenLoop.ts <url> <rate> <seconds> <headers> <body>")
const rate = Number(rateArg)
const total = Math.floor(rate * Number(secondsArg))
const headers = {
  ...(JSON.parse(headersArg!) as Record<string, string>),
  "content-length": String(Buffer.byteLength(body)),
}
const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS })
const target = new URL(url)

const latencies: Array<number> = []
let failed = 0
let answered = 0
let sent = 0
const started = performance.now()

const send = (i: number, due: number) => {
  sent += 1
  const request = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: "POST",
      headers: { ...headers, "idempotency-key": `bench-open-${process.pid}-${i}` },
    },
    (response) => {
      response.resume()
      response.on("end", () => {
        if ((response.statusCode ?? 500) >= 300) failed += 1
        latencies.push(performance.now() - due)
        answered += 1
        if (answered === total) finish()
      })
    },
  )
  request.on("error", () => {
    failed += 1
    answered += 1
    if (answered === total) finish()
  })
  request.end(body)
}

const finish = () => {
  const sorted = latencies.sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  console.log(
    JSON.stringify({
      rate,
      sent,
      answeredPerSecond: sorted.length / ((performance.now() - started) / 1000),
      p50: at(0.5),
      p90: at(0.9),
      p99: at(0.99),
      max: sorted.at(-1) ?? Number.NaN,
      failed,
    }),
  )
  agent.destroy()
}

/** Sends every request due by now, then waits for the next one's instant. */
let next = 0
const tick = () => {
  const now = performance.now()
  while (next < total && started + (next * 1000) / rate <= now) {
    send(next, started + (next * 1000) / rate)
    next += 1
  }
  if (next < total) setTimeout(tick, Math.max(0, started + (next * 1000) / rate - performance.now()))
}
tick()
