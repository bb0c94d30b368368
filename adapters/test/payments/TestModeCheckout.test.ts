/**
 * The built-in test mode, end to end through the HTTP API on a server with no provider keys: the payment
 * page learns it runs in test mode, the member pays with a documented test card, the outcome arrives as a
 * signed webhook through the same verification path as a real provider's, and the Units become owned.
 */
import { ConfigProvider, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/app/DemoSeed.ts"
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
      expect(buy.paymentId).toMatch(/_test_/)
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

  it("4000 0000 0000 0002 is declined: the order fails and its Units are released", async () => {
    const client = await newMember()
    const buy = await startCardBuy(client, "card-stripe", "LAND_EUR", 3)
    const answer = await json(await pay(client, buy.orderId, "4000000000000002"))
    expect(answer).toMatchObject({ testMode: true, outcome: "declined", orderStatus: "Failed" })
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
