/**
 * The built-in test mode, end to end through the HTTP API on a server with no provider keys: the payment
 * page learns it runs in test mode, the member pays with a documented test card, the outcome arrives as a
 * signed webhook through the same verification path as a real provider's, and the Units become owned.
 */
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { PRICES_EXCLUDE_TAX } from "@landunits/core/invoices/TaxWords.ts"
import { CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"
import { orderStatus, SETTLED, startCardBuy, unitsOf } from "./PaymentFlows.ts"

const DELAY_MS = 300

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
    Layer.provide(
      ConfigProvider.layerAdd(
        ConfigProvider.fromEnvRecord({ PAYMENTS_TEST_MODE_DELAY_MS: String(DELAY_MS) }),
        {
          asPrimary: true,
        },
      ),
    ),
  ),
)
const members = apiMembers(server)
let count = 0
const newMember = () => members.newMember(`test-mode-${++count}-${Date.now()}@example.com`)

const pay = (client: Awaited<ReturnType<typeof newMember>>, orderId: string, cardNumber: string) =>
  client.post("/api/payments/test-mode/pay", { orderId, cardNumber })

const eventsOf = (orderId: string) =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql<{ provider: string; test_mode: boolean; outcome: string }>`
        SELECT provider, test_mode, outcome FROM provider_events WHERE order_id = ${orderId} ORDER BY seq`
    }),
  )

describe("test mode: card payments with no provider keys", () => {
  it("the payment page is told both card methods run in test mode, with the test cards", async () => {
    const client = await newMember()
    const settings = await json(await client.get("/api/payments/settings"))
    expect(settings.stripe).toEqual({ mode: "test" })
    expect(settings.square).toEqual({ mode: "test" })
    expect(settings.testCards.map((c: { number: string }) => c.number)).toEqual([
      "4242 4242 4242 4242",
      "4000 0000 0000 0002",
      "4000 0000 0000 3220",
    ])
  })

  it.each(["card-stripe", "card-square"] as const)(
    "%s: create order → pay with 4242 → signed webhook → the Units are owned",
    async (method) => {
      const client = await newMember()
      const buy = await startCardBuy(client, method, "LAND_USD", 5)
      expect(buy.paymentId).toMatch(method === "card-stripe" ? /^pi_test_/ : /^lu-[0-9a-f]{40}$/)
      expect(await unitsOf(client, "LAND_USD")).toEqual({ owned: 0, pendingBuy: 5 })
      const paid = await pay(client, buy.orderId, "4242 4242 4242 4242")
      expect(paid.status).toBe(200)
      const answer = await json(paid)
      expect(answer).toMatchObject({ testMode: true, outcome: "succeeded", orderId: buy.orderId })
      expect(SETTLED).toContain(answer.orderStatus)
      expect(await unitsOf(client, "LAND_USD")).toEqual({ owned: 5, pendingBuy: 0 })
      expect(await eventsOf(buy.orderId)).toEqual([
        { provider: method === "card-stripe" ? "stripe" : "square", test_mode: true, outcome: "settled" },
      ])
      // Paying again is refused: the order no longer waits for a payment.
      expect((await pay(client, buy.orderId, "4242424242424242")).status).toBe(409)
    },
  )

  it.each(["card-stripe", "card-square"] as const)(
    "%s: 4000 0000 0000 0002 is declined and the order stays payable; 4242 then pays the same order through a new attempt",
    async (method) => {
      const client = await newMember()
      const buy = await startCardBuy(client, method, "LAND_EUR", 3)
      const answer = await json(await pay(client, buy.orderId, "4000000000000002"))
      expect(answer).toMatchObject({
        testMode: true,
        outcome: "declined",
        orderStatus: "Initiated",
        message:
          "Your card was declined (test mode). No money was taken and your order is still open: try another card (4 tries left).",
      })
      expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 0, pendingBuy: 3 })
      // The page starts the next attempt (a new payment at the provider), then pays with another card.
      const next = await client.post(
        "/api/order/start_payment",
        { orderId: buy.orderId },
        { headers: { "idempotency-key": `start-${buy.orderId}-2` } },
      )
      expect(next.status).toBe(200)
      const second = (await json(next)).paymentInstructions
      expect(second).toMatchObject({ attempt: 2 })
      expect(second.paymentId).not.toBe(buy.paymentId)
      const paid = await json(await pay(client, buy.orderId, "4242 4242 4242 4242"))
      expect(paid).toMatchObject({ outcome: "succeeded", orderId: buy.orderId })
      expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 3, pendingBuy: 0 })
      expect((await eventsOf(buy.orderId)).map((e) => e.outcome)).toEqual(["failed", "settled"])
    },
  )

  it("the fifth declined card closes the order and releases its Units", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe", "LAND_EUR", 1)
    let last: { orderStatus?: string; message?: string } = {}
    for (let attempt = 1; attempt <= 5; attempt++) {
      if (attempt > 1) {
        await client.post(
          "/api/order/start_payment",
          { orderId: buy.orderId },
          { headers: { "idempotency-key": `start-${buy.orderId}-${attempt}` } },
        )
      }
      last = await json(await pay(client, buy.orderId, "4000000000000002"))
    }
    expect(last.orderStatus).toBe("Failed")
    expect(last.message).toContain("the order is closed and its Units released")
    expect(await unitsOf(client, "LAND_EUR")).toEqual({ owned: 0, pendingBuy: 0 })
  })

  it("4000 0000 0000 3220 waits like a 3-D Secure check, then succeeds through the webhook", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-square", "LAND_POUND", 2)
    const answer = await json(await pay(client, buy.orderId, "4000 0000 0000 3220"))
    expect(answer).toMatchObject({ outcome: "pending", orderStatus: "InProcess" })
    let status = "InProcess"
    for (let i = 0; i < 50 && status === "InProcess"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      status = await orderStatus(client, buy.orderId)
    }
    expect(SETTLED).toContain(status)
    expect(await unitsOf(client, "LAND_POUND")).toEqual({ owned: 2, pendingBuy: 0 })
  })

  it("another card number is refused with the list of test cards, and nothing changes", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe")
    const refused = await pay(client, buy.orderId, "5555 5555 5555 4444")
    expect(refused.status).toBe(400)
    expect((await json(refused)).message).toContain("4242 4242 4242 4242")
    expect(await orderStatus(client, buy.orderId)).toBe("InProcess")
  })

  it("a member cannot pay another member's order", async () => {
    const owner = await newMember()
    const other = await newMember()
    const buy = await startCardBuy(owner, "card-stripe")
    expect((await pay(other, buy.orderId, "4242424242424242")).status).toBe(404)
    expect(await orderStatus(owner, buy.orderId)).toBe("InProcess")
  })

  it("a webhook signed by anyone but the test-mode provider is refused (400)", async () => {
    const client = await newMember()
    await client.get("/api/health")
    const response = await fetch(`${server.baseUrl()}/api/payments/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
      body: JSON.stringify({ id: "evt_x", type: "payment_intent.succeeded", data: { object: {} } }),
    })
    expect(response.status).toBe(400)
  })
})

describe("crypto in test mode (a development start: the example addresses and the demo coin prices)", () => {
  const createCrypto = (client: Awaited<ReturnType<typeof newMember>>, unitType = "LAND_EUR") =>
    client.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType, numberOfUnits: 4 },
        paymentDetails: { paymentMethod: "crypto" },
      },
      { headers: { "idempotency-key": `crypto-${Date.now()}-${++count}` } },
    )

  it("both coins are offered in test mode; the quote goes to the example address with its price and expiry, is shown again on return, and the hash sends the order to the admin", async () => {
    const client = await newMember()
    const settings = await json(await client.get("/api/payments/settings"))
    expect(settings.crypto.BITCOIN).toEqual({ mode: "test", pricedIn: ["EUR", "USD", "AUD", "GBP"] })
    expect(settings.crypto.ETHER.mode).toBe("test")
    const created = await createCrypto(client)
    expect(created.status).toBe(200)
    const { orderId } = (await json(created)).orderCreatedData
    const started = await client.post(
      "/api/order/start_payment",
      { orderId, coin: "BITCOIN" },
      { headers: { "idempotency-key": `start-${orderId}-BITCOIN-1` } },
    )
    const quote = (await json(started)).paymentInstructions
    expect(quote).toMatchObject({
      _tag: "CryptoPayment",
      coin: "BITCOIN",
      address: "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      coinPriceCents: 6_000_000,
      testMode: true,
    })
    expect(quote.quoteExpiresAt - quote.quotedAt).toBe(30 * 60 * 1000)
    // Leaving the page and coming back: the intent carries the same quote.
    const { paymentIntent } = await json(await client.get(`/api/order/get_payment_intent/${orderId}`))
    expect(paymentIntent).toMatchObject({ orderStatus: "InProcess", testMode: true, cryptoQuote: quote })
    const sent = await client.post(
      "/api/order/success_order",
      { orderId, transactionHash: `0x${"ab".repeat(32)}` },
      { headers: { "idempotency-key": `paid-${orderId}` } },
    )
    expect((await json(sent)).orderSuccessData.orderStatus).toBe("PaymentSent_FromUserCrypto")
  })

  it("without a current coin price no coin is offered, and a crypto buy is refused in words before anything is reserved", async () => {
    await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`DELETE FROM coin_prices`
      }),
    )
    const client = await newMember()
    const settings = await json(await client.get("/api/payments/settings"))
    expect(settings.crypto).toEqual({
      BITCOIN: { mode: "test", pricedIn: [] },
      ETHER: { mode: "test", pricedIn: [] },
    })
    const refused = await createCrypto(client, "LAND_USD")
    expect(refused.status).toBe(400)
    expect((await json(refused)).message).toBe(
      "Payment by crypto is not available for USD: no coin has a receiving address and a current price. Please choose another payment method.",
    )
    expect(await unitsOf(client, "LAND_USD")).toEqual({ owned: 0, pendingBuy: 0 })
  })
})

describe("the tax words the buy's review shows (issue 46)", () => {
  it("are the terms' words for every currency until the admin sets a treatment, then the treatment's words", async () => {
    const client = await newMember()
    const before = await json(await client.get("/api/payments/settings"))
    expect(before.taxWords).toEqual(
      CurrencyTypes.map((currency) => ({ currency, words: PRICES_EXCLUDE_TAX })),
    )
    const words = "Reverse charge: the buyer accounts for the GST"
    await server.run(
      Effect.gen(function* () {
        const settings = yield* InvoiceSettings
        yield* settings.setTaxTreatment("AUD", { _tag: "ReverseCharge", words })
      }),
    )
    const after = await json(await client.get("/api/payments/settings"))
    expect(after.taxWords).toEqual(
      CurrencyTypes.map((currency) => ({ currency, words: currency === "AUD" ? words : PRICES_EXCLUDE_TAX })),
    )
  })
})
