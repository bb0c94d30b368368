/**
 * Local HTTP stand-ins for Stripe's and Square's APIs on loopback (node:http): the real SDKs talk to them in
 * tests, as they would to the providers. Each records every request (method, path, headers, decoded body)
 * and answers in the provider's shape; a repeated idempotency key gets the first answer, as the providers do.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  /** Stripe: the form fields (`metadata[orderId]` as written); Square: the parsed JSON. */
  readonly body: Record<string, unknown>
}

export interface StandIn {
  readonly url: string
  readonly requests: Array<RecordedRequest>
  readonly close: () => Promise<void>
}

type Answer = { status: number; body: unknown }

/** A request held at the stand-in: `arrived` once it is there, unanswered until `release()`. */
export interface Held {
  readonly arrived: Promise<void>
  readonly answered: () => boolean
  readonly release: () => void
}

const serve = async (
  answer: (request: RecordedRequest, raw: string) => Answer,
  decode: (raw: string) => Record<string, unknown>,
  hold: () => Promise<void> = async () => {},
): Promise<StandIn> => {
  const requests: Array<RecordedRequest> = []
  const server: Server = createServer((req, res) => {
    let raw = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => {
      raw += chunk
    })
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: decode(raw),
      }
      requests.push(recorded)
      void hold().then(() => {
        const { status, body } = answer(recorded, raw)
        res.writeHead(status, { "content-type": "application/json" })
        res.end(JSON.stringify(body))
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * Stripe's API: PaymentIntents created (form-encoded, Idempotency-Key header) and cancelled. `holdNext()` keeps the
 * next request unanswered until released: a provider as slow as a test needs.
 */
export const stripeStandIn = async (): Promise<StandIn & { readonly holdNext: () => Held }> => {
  const byKey = new Map<string, Answer>()
  let next = 0
  let held: (() => Promise<void>) | undefined
  const holdNext = (): Held => {
    let arrive = () => {}
    let release = () => {}
    let answered = false
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve
    })
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    held = () => {
      held = undefined
      arrive()
      return released.then(() => {
        answered = true
      })
    }
    return { arrived, answered: () => answered, release }
  }
  const standIn = await serve(
    (request) => {
      const key = request.headers["idempotency-key"]
      if (typeof key === "string" && byKey.has(`${request.path}|${key}`))
        return byKey.get(`${request.path}|${key}`)!
      let answer: Answer
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(request.path)
      if (request.method === "POST" && request.path === "/v1/payment_intents") {
        next += 1
        const id = `pi_standin_${next}`
        answer = {
          status: 200,
          body: {
            id,
            object: "payment_intent",
            amount: Number(request.body.amount),
            currency: request.body.currency,
            metadata: { orderId: request.body["metadata[orderId]"] },
            client_secret: `${id}_secret_standin`,
            status: "requires_payment_method",
          },
        }
      } else if (request.method === "POST" && cancel !== null) {
        answer = { status: 200, body: { id: cancel[1], object: "payment_intent", status: "canceled" } }
      } else {
        answer = {
          status: 404,
          body: { error: { type: "invalid_request_error", message: "Unrecognized request URL" } },
        }
      }
      if (typeof key === "string") byKey.set(`${request.path}|${key}`, answer)
      return answer
    },
    (raw) => Object.fromEntries(new URLSearchParams(raw)),
    () => (held === undefined ? Promise.resolve() : held()),
  )
  return { ...standIn, holdNext }
}

/** Card tokens the Square stand-in answers as Square does for a declined card and for a failure of its own. */
export const SQUARE_DECLINED_NONCE = "cnon:card-nonce-declined"
export const SQUARE_UNAUTHORIZED_NONCE = "cnon:stand-in-answers-401"

/**
 * Square's API: CreatePayment (JSON, snake_case, idempotency_key in the body) and cancel by key. A declined
 * card is answered as Square answers it (402, category PAYMENT_METHOD_ERROR); the 401 nonce plays a
 * failure on Square's side (our credentials refused).
 */
export const squareStandIn = () => {
  const byKey = new Map<string, Answer>()
  let next = 0
  return serve(
    (request) => {
      const key = request.body.idempotency_key
      if (request.method === "POST" && request.path === "/v2/payments") {
        if (typeof key === "string" && byKey.has(key)) return byKey.get(key)!
        if (request.body.source_id === SQUARE_DECLINED_NONCE) {
          return {
            status: 402,
            body: {
              errors: [
                {
                  category: "PAYMENT_METHOD_ERROR",
                  code: "INSUFFICIENT_FUNDS",
                  detail: "Authorization error: 'INSUFFICIENT_FUNDS'",
                },
              ],
            },
          }
        }
        if (request.body.source_id === SQUARE_UNAUTHORIZED_NONCE) {
          return {
            status: 401,
            body: {
              errors: [
                {
                  category: "AUTHENTICATION_ERROR",
                  code: "UNAUTHORIZED",
                  detail: "This request could not be authorized.",
                },
              ],
            },
          }
        }
        next += 1
        const answer = {
          status: 200,
          body: {
            payment: {
              id: `sqpay_standin_${next}`,
              status: "COMPLETED",
              amount_money: request.body.amount_money,
              reference_id: request.body.reference_id,
              location_id: request.body.location_id,
            },
          },
        }
        if (typeof key === "string") byKey.set(key, answer)
        return answer
      }
      if (request.method === "POST" && request.path === "/v2/payments/cancel")
        return { status: 200, body: {} }
      return { status: 404, body: { errors: [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND" }] } }
    },
    (raw) => (raw === "" ? {} : (JSON.parse(raw) as Record<string, unknown>)),
  )
}
