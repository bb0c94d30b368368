/**
 * Card payments with live provider keys, against the real `stripe` and `square` SDKs talking to local
 * stand-ins of the providers' APIs, and webhooks signed with each provider's documented scheme (Stripe:
 * `stripe.webhooks.generateTestHeaderString`; Square: base64 HMAC-SHA256 of notification URL + body).
 * The real server, over the HTTP API, on PostgreSQL when DATABASE_URL is set (else the embedded PGlite).
 */
import { createHmac, randomUUID } from "node:crypto"
import type { UnitType } from "@landunits/core/shared/Enums.ts"
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import Stripe from "stripe"
import { afterAll, describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { squareIdempotencyKey } from "../../src/payments/SquareGatewaySdk.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget, serverTarget, serverUrl } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"
import {
  cancelOrder,
  orderStatus,
  SETTLED,
  type StartedCardBuy,
  startBankBuy,
  startCardBuy,
  unitsOf,
} from "./PaymentFlows.ts"
import {
  SQUARE_DECLINED_NONCE,
  SQUARE_UNAUTHORIZED_NONCE,
  squareStandIn,
  stripeStandIn,
} from "./ProviderStandIns.ts"

const STRIPE_WEBHOOK_SECRET = "whsec_standin_0123456789abcdef"
const SQUARE_SIGNATURE_KEY = "square-standin-signature-key"
const SQUARE_WEBHOOK_URL = "https://landunits.example/api/payments/square/webhook"

const stripeApi = await stripeStandIn()
const squareApi = await squareStandIn()
afterAll(async () => {
  await stripeApi.close()
  await squareApi.close()
})

const config = ConfigProvider.layerAdd(
  ConfigProvider.fromEnvRecord({
    STRIPE_SECRET_KEY: "sk_test_standin",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_PUBLISHABLE_KEY: "pk_test_standin",
    STRIPE_API_BASE: stripeApi.url,
    SQUARE_ACCESS_TOKEN: "square-standin-token",
    SQUARE_WEBHOOK_SIGNATURE_KEY: SQUARE_SIGNATURE_KEY,
    SQUARE_WEBHOOK_URL,
    SQUARE_ENVIRONMENT: squareApi.url,
    SQUARE_APPLICATION_ID: "sq0idp-standin",
    SQUARE_LOCATION_ID: "LSTANDIN",
  }),
  { asPrimary: true },
)

const url = serverUrl()
const database = url === undefined ? pgliteTarget() : serverTarget(url)
const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(database.layer)),
    Layer.provide(config),
  ),
)
const members = apiMembers(server)
let memberCount = 0
const newMember = () => members.newMember(`card-${++memberCount}-${Date.now()}@example.com`)

const stripe = new Stripe("sk_test_signing_only")

const stripeEventBody = (
  type: string,
  intent: { id: string; amount: number; currency: string; orderId: string },
  eventId = `evt_${randomUUID()}`,
) =>
  JSON.stringify({
    id: eventId,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: "payment_intent",
        amount: intent.amount,
        amount_received: type === "payment_intent.succeeded" ? intent.amount : 0,
        currency: intent.currency.toLowerCase(),
        metadata: { orderId: intent.orderId },
        status: type === "payment_intent.succeeded" ? "succeeded" : "requires_payment_method",
        last_payment_error:
          type === "payment_intent.payment_failed"
            ? { code: "card_declined", message: "Your card was declined." }
            : null,
      },
    },
  })

/** The PaymentIntent Stripe holds for a started buy. */
const intentOf = (buy: StartedCardBuy) => ({
  id: buy.paymentId,
  amount: buy.paymentAmount,
  currency: buy.currency,
  orderId: buy.orderId,
})

const postWebhook = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.baseUrl()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  })

const sendStripe = (body: string, secret = STRIPE_WEBHOOK_SECRET) =>
  postWebhook("/api/payments/stripe/webhook", body, {
    "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload: body, secret }),
  })

const squareSignature = (body: string, key = SQUARE_SIGNATURE_KEY) =>
  createHmac("sha256", key)
    .update(SQUARE_WEBHOOK_URL + body)
    .digest("base64")

const sendSquare = (body: string, signature = squareSignature(body)) =>
  postWebhook("/api/payments/square/webhook", body, { "x-square-hmacsha256-signature": signature })

const squareEventBody = (payment: {
  id: string
  status: string
  amount: number
  currency: string
  orderId: string
}) =>
  JSON.stringify({
    merchant_id: "MSTANDIN",
    type: "payment.updated",
    event_id: randomUUID(),
    created_at: new Date().toISOString(),
    data: {
      type: "payment",
      id: payment.id,
      object: {
        payment: {
          id: payment.id,
          status: payment.status,
          amount_money: { amount: payment.amount, currency: payment.currency },
          reference_id: payment.orderId,
        },
      },
    },
  })

const providerEvents = (orderId: string) =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql<{ event_id: string; outcome: string; detail: string | null }>`
        SELECT event_id, outcome, detail FROM provider_events WHERE order_id = ${orderId} ORDER BY seq`
    }),
  )

const allEventCount = () =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ n: string }>`SELECT count(*) AS n FROM provider_events`
      return Number(rows[0]!.n)
    }),
  )

describe("Stripe card payments (stand-in API, signed webhooks)", () => {
  const currencies: ReadonlyArray<[UnitType, string]> = [
    ["LAND_EUR", "eur"],
    ["LAND_USD", "usd"],
    ["LAND_AUD", "aud"],
    ["LAND_POUND", "gbp"],
  ]

  it.each(currencies)(
    "a %s buy creates one PaymentIntent for the order's amount in %s with its id in metadata, and its success webhook makes the Units owned",
    async (unitType, currency) => {
      const client = await newMember()
      const buy = await startCardBuy(client, "card-stripe", unitType, 3)
      const created = stripeApi.requests.filter((r) => r.body["metadata[orderId]"] === buy.orderId)
      expect(created).toHaveLength(1)
      expect(created[0]!.path).toBe("/v1/payment_intents")
      expect(created[0]!.headers["idempotency-key"]).toBe(`${buy.orderId}:payment`)
      expect(created[0]!.headers.authorization).toBe("Bearer sk_test_standin")
      expect(created[0]!.body.amount).toBe(String(buy.paymentAmount))
      expect(created[0]!.body.currency).toBe(currency)
      expect(buy.paymentId).toMatch(/^pi_standin_/)
      expect(buy.clientSecret).toBe(`${buy.paymentId}_secret_standin`)
      expect(await unitsOf(client, unitType)).toEqual({ owned: 0, pendingBuy: 3 })

      const answer = await sendStripe(stripeEventBody("payment_intent.succeeded", intentOf(buy)))
      expect(answer.status).toBe(200)
      expect(await json(answer)).toEqual({ received: true, duplicate: false, outcome: "settled" })
      expect(SETTLED).toContain(await orderStatus(client, buy.orderId))
      expect(await unitsOf(client, unitType)).toEqual({ owned: 3, pendingBuy: 0 })
    },
  )

  it("a declined payment leaves the order payable with its Units reserved; another card pays the same order through a new PaymentIntent, and the old attempt's late failure changes nothing", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    const eventId = `evt_declined_${randomUUID()}`
    const failed = stripeEventBody("payment_intent.payment_failed", intentOf(buy), eventId)
    const answer = await sendStripe(failed)
    expect(await json(answer)).toMatchObject({ outcome: "failed" })
    expect(await orderStatus(client, buy.orderId)).toBe("Initiated")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 0, pendingBuy: 2 })
    const { orderData } = await json(await client.get(`/api/order/get_order_details/${buy.orderId}`))
    expect(orderData.timeline.at(-1)).toMatchObject({
      from: "InProcess",
      to: "Initiated",
      actor: { _tag: "Provider", provider: "stripe", eventId },
      reason:
        "Your card was declined. No money was taken and your order is still open: try another card (4 tries left).",
    })
    const { paymentIntent } = await json(await client.get(`/api/order/get_payment_intent/${buy.orderId}`))
    expect(paymentIntent).toMatchObject({ orderStatus: "Initiated", attempt: 1, declined: { attempt: 1 } })

    // Another card: a new attempt on the same order, a new PaymentIntent under the attempt's own key.
    const again = await json(
      await client.post(
        "/api/order/start_payment",
        { orderId: buy.orderId },
        { headers: { "idempotency-key": `start-${buy.orderId}-2` } },
      ),
    )
    const second = again.paymentInstructions
    expect(second).toMatchObject({ _tag: "CardPayment", attempt: 2 })
    expect(second.paymentId).not.toBe(buy.paymentId)
    const created = stripeApi.requests.filter((r) => r.body["metadata[orderId]"] === buy.orderId)
    expect(created.map((r) => r.headers["idempotency-key"])).toEqual([
      `${buy.orderId}:payment`,
      `${buy.orderId}:payment:2`,
    ])
    // The first attempt's failure, delivered again under another event id, does not touch the second.
    const late = await json(
      await sendStripe(
        stripeEventBody("payment_intent.payment_failed", intentOf(buy), `evt_${randomUUID()}`),
      ),
    )
    expect(late.outcome).toBe("ignored")
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
    const paid = await json(
      await sendStripe(
        stripeEventBody("payment_intent.succeeded", { ...intentOf(buy), id: second.paymentId }),
      ),
    )
    expect(paid.outcome).toBe("settled")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 2, pendingBuy: 0 })
  })

  it("the same event delivered five times settles the order once; the four repeats are acknowledged and ignored", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe", "LAND_EUR", 4)
    const body = stripeEventBody("payment_intent.succeeded", intentOf(buy))
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await sendStripe(body))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    const receipts = await Promise.all(answers.map((a) => json(a)))
    expect(receipts.map((r) => r.duplicate)).toEqual([false, true, true, true, true])
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 4, pendingBuy: 0 })
    expect((await providerEvents(buy.orderId)).map((e) => e.outcome)).toEqual(["settled"])
  })

  it("a second success event (another event id, same payment) changes nothing", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe", "LAND_EUR", 2)
    const intent = intentOf(buy)
    await sendStripe(stripeEventBody("payment_intent.succeeded", intent))
    const again = await json(await sendStripe(stripeEventBody("payment_intent.succeeded", intent)))
    expect(again).toMatchObject({ duplicate: false, outcome: "ignored" })
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 2, pendingBuy: 0 })
  })

  it("a failure that arrives after the success changes nothing", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    const intent = intentOf(buy)
    await sendStripe(stripeEventBody("payment_intent.succeeded", intent))
    const late = await json(await sendStripe(stripeEventBody("payment_intent.payment_failed", intent)))
    expect(late.outcome).toBe("ignored")
    expect(SETTLED).toContain(await orderStatus(client, buy.orderId))
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 2, pendingBuy: 0 })
  })

  it("a success for an order the member cancelled is flagged for an admin, never settled", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    expect((await cancelOrder(client, buy.orderId)).status).toBe(200)
    const cancelled = stripeApi.requests.filter(
      (r) => r.path === `/v1/payment_intents/${buy.paymentId}/cancel`,
    )
    expect(cancelled).toHaveLength(1)
    const answer = await json(await sendStripe(stripeEventBody("payment_intent.succeeded", intentOf(buy))))
    expect(answer.outcome).toBe("flagged")
    expect(await orderStatus(client, buy.orderId)).toBe("Cancelled")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 0, pendingBuy: 0 })
    const [event] = await providerEvents(buy.orderId)
    expect(event?.detail).toContain("Cancelled")
  })

  it("a success for another amount or currency than the order's is flagged, not settled", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    const short = await json(
      await sendStripe(
        stripeEventBody("payment_intent.succeeded", {
          id: buy.paymentId,
          orderId: buy.orderId,
          amount: buy.paymentAmount - 1,
          currency: buy.currency,
        }),
      ),
    )
    expect(short.outcome).toBe("flagged")
    const otherCurrency = await json(
      await sendStripe(
        stripeEventBody("payment_intent.succeeded", {
          id: buy.paymentId,
          orderId: buy.orderId,
          amount: buy.paymentAmount,
          currency: "usd",
        }),
      ),
    )
    expect(otherCurrency.outcome).toBe("flagged")
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
    expect((await providerEvents(buy.orderId)).map((e) => e.detail)).toEqual([
      expect.stringContaining("Amount mismatch"),
      expect.stringContaining("Amount mismatch"),
    ])
  })

  it("a bad signature is refused with 400 and nothing is recorded or changed", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    const before = await allEventCount()
    const body = stripeEventBody("payment_intent.succeeded", intentOf(buy))
    const forged = await sendStripe(body, "whsec_someone_else")
    expect(forged.status).toBe(400)
    const unsigned = await postWebhook("/api/payments/stripe/webhook", body, {})
    expect(unsigned.status).toBe(400)
    const tampered = await postWebhook(
      "/api/payments/stripe/webhook",
      body.replace(String(buy.paymentAmount), "1"),
      {
        "stripe-signature": stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: STRIPE_WEBHOOK_SECRET,
        }),
      },
    )
    expect(tampered.status).toBe(400)
    expect(await allEventCount()).toBe(before)
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
  })

  it("an event for no known order is flagged (a provider payment without an order)", async () => {
    const answer = await json(
      await sendStripe(
        stripeEventBody("payment_intent.succeeded", {
          id: "pi_unknown",
          orderId: "no-such-order",
          amount: 500,
          currency: "EUR",
        }),
      ),
    )
    expect(answer.outcome).toBe("flagged")
  })
})

describe("Square card payments (stand-in API, signed webhooks)", () => {
  it("charges the card token for the order's amount under the reserved idempotency key, and the COMPLETED webhook makes the Units owned", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_AUD", 2)
    expect(buy.paymentId).toBe(squareIdempotencyKey(`${buy.orderId}:payment`))
    expect(buy.paymentId.length).toBeLessThanOrEqual(45)
    const charge = await client.post("/api/payments/square/charge", {
      orderId: buy.orderId,
      sourceId: "cnon:card-nonce-ok",
    })
    expect(charge.status).toBe(200)
    const { paymentId } = await json(charge)
    const [request] = squareApi.requests.filter((r) => r.body.reference_id === buy.orderId)
    expect(request?.path).toBe("/v2/payments")
    expect(request?.headers.authorization).toBe("Bearer square-standin-token")
    expect(request?.body).toMatchObject({
      source_id: "cnon:card-nonce-ok",
      idempotency_key: buy.paymentId,
      amount_money: { amount: buy.paymentAmount, currency: "AUD" },
      location_id: "LSTANDIN",
    })
    // Charging moves nothing by itself: the webhook does.
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
    const body = squareEventBody({
      id: paymentId,
      status: "COMPLETED",
      amount: buy.paymentAmount,
      currency: "AUD",
      orderId: buy.orderId,
    })
    const answer = await sendSquare(body)
    expect(await json(answer)).toEqual({ received: true, duplicate: false, outcome: "settled" })
    expect(await unitsOf(client, "LAND_AUD")).toEqual({ owned: 2, pendingBuy: 0 })
    expect((await json(await sendSquare(body))).duplicate).toBe(true)
  })

  it("a FAILED payment declines the attempt (the order waits for another card); a bad signature is refused with 400 and changes nothing", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_USD", 2)
    const completed = squareEventBody({
      id: "sqpay_x",
      status: "COMPLETED",
      amount: buy.paymentAmount,
      currency: "USD",
      orderId: buy.orderId,
    })
    const before = await allEventCount()
    expect((await sendSquare(completed, squareSignature(completed, "wrong-key"))).status).toBe(400)
    expect((await sendSquare(completed, "")).status).toBe(400)
    expect(await allEventCount()).toBe(before)
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
    const failed = squareEventBody({
      id: "sqpay_y",
      status: "FAILED",
      amount: buy.paymentAmount,
      currency: "USD",
      orderId: buy.orderId,
    })
    expect((await json(await sendSquare(failed))).outcome).toBe("failed")
    expect(await orderStatus(client, buy.orderId)).toBe("Initiated")
    expect(await unitsOf(client, "LAND_USD")).toEqual({ owned: 0, pendingBuy: 2 })
  })

  it("a payment intent of a live provider's card buy says it is not test mode", async () => {
    const client = await newMember()
    for (const method of ["card-stripe", "card-square"] as const) {
      const buy = await startCardBuy(client, method, "LAND_EUR", 2)
      const intent = await json(await client.get(`/api/order/get_payment_intent/${buy.orderId}`))
      expect(intent.paymentIntent).toMatchObject({ paymentMethod: method, testMode: false })
    }
  })

  it("a declined card answers 402 with the reason for the member, not 502; another card then pays the same order under the next attempt's key and reference", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_EUR", 2)
    const charge = await client.post("/api/payments/square/charge", {
      orderId: buy.orderId,
      sourceId: SQUARE_DECLINED_NONCE,
    })
    expect(charge.status).toBe(402)
    expect(await json(charge)).toMatchObject({
      _tag: "CardDeclined",
      code: "INSUFFICIENT_FUNDS",
      message:
        "Your card was declined: the card has insufficient funds. No money was taken and your order is still open: try another card (4 tries left).",
    })
    // The decline is the attempt's end: the order waits for another card, its Units still reserved.
    expect(await orderStatus(client, buy.orderId)).toBe("Initiated")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 0, pendingBuy: 2 })
    const started = await json(
      await client.post(
        "/api/order/start_payment",
        { orderId: buy.orderId },
        { headers: { "idempotency-key": `start-${buy.orderId}-2` } },
      ),
    )
    const key2 = started.paymentInstructions.paymentId
    expect(key2).toBe(squareIdempotencyKey(`${buy.orderId}:payment:2`))
    const paid = await client.post("/api/payments/square/charge", {
      orderId: buy.orderId,
      sourceId: "cnon:card-nonce-ok",
    })
    expect(paid.status).toBe(200)
    const [request] = squareApi.requests.filter((r) => r.body.idempotency_key === key2)
    expect(request?.body).toMatchObject({ reference_id: `${buy.orderId}/2` })
    // Square's own FAILED webhook of the first card, arriving now, changes nothing.
    const lateFailure = squareEventBody({
      id: "sqpay_declined_first",
      status: "FAILED",
      amount: buy.paymentAmount,
      currency: "EUR",
      orderId: buy.orderId,
    })
    expect((await json(await sendSquare(lateFailure))).outcome).toBe("ignored")
    const body = JSON.parse(
      squareEventBody({
        id: (await json(paid)).paymentId,
        status: "COMPLETED",
        amount: buy.paymentAmount,
        currency: "EUR",
        orderId: `${buy.orderId}/2`,
      }),
    ) as unknown
    expect((await json(await sendSquare(JSON.stringify(body)))).outcome).toBe("settled")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 2, pendingBuy: 0 })
  })

  it("Square failing on its side (our credentials refused) still answers 502 PaymentProviderError", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_EUR", 2)
    const charge = await client.post("/api/payments/square/charge", {
      orderId: buy.orderId,
      sourceId: SQUARE_UNAUTHORIZED_NONCE,
    })
    expect(charge.status).toBe(502)
    const answer = await json(charge)
    expect(answer._tag).toBe("PaymentProviderError")
    expect(answer.message).toMatch(/^Square could not take the card payment/)
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
  })

  it("a member cancelling a Square order cancels the charge by its idempotency key", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_POUND", 2)
    expect((await cancelOrder(client, buy.orderId)).status).toBe(200)
    const cancels = squareApi.requests.filter((r) => r.path === "/v2/payments/cancel")
    expect(cancels.map((r) => r.body.idempotency_key)).toContain(buy.paymentId)
  })
})

describe("a slow provider holds no lock (core's OutsideTransaction.ts)", () => {
  it("while one member's card payment waits on Stripe, another member's bank buy of the same unit type commits", async () => {
    const [slow, other] = [await newMember(), await newMember()]
    const held = stripeApi.holdNext()
    const card = startCardBuy(slow, "card-stripe", "LAND_EUR")
    // The SDK's request is at Stripe, unanswered: the order's reservation is committed and no lock is held.
    await held.arrived
    try {
      const bank = await startBankBuy(other, "LAND_EUR")
      expect(await orderStatus(other, bank)).toBe("InProcess")
      expect(held.answered()).toBe(false)
    } finally {
      held.release()
    }
    const started = await card
    expect(started.paymentId).toMatch(/^pi_standin_/)
    expect(await orderStatus(slow, started.orderId)).toBe("InProcess")
  })
})
