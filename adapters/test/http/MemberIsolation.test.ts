/**
 * Authorization between members: member B can neither read nor change member A's orders, statements, KYC
 * data or documents, sales chat, data exports or invoices, by any route. The API definition is walked so that a new route taking an id cannot
 * slip past: every member route with an id in its path or body is named below as private (A's alone: B gets
 * 404, as for an order that does not exist, and nothing changes) or shared (a community resource every
 * member sees by design, with its own rules in core).
 */

import { makeInvoice } from "@landunits/core/invoices/Invoices.ts"
import { InvoiceStore } from "@landunits/core/invoices/ports/InvoiceStore.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Duration, Effect, Layer, Result } from "effect"
import { HttpApi } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { seedDemo } from "../../src/demo/DemoSeed.ts"
import { Api } from "../../src/http/api/Api.ts"
import { Authentication } from "../../src/http/api/Authentication.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { runDataExportRound } from "../../src/jobs/PrivacyJobs.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const ID_FIELDS = ["orderId", "questionId", "ideaId", "voteId", "memberId", "id", "documentId"]

interface Route {
  readonly name: string
  readonly method: string
  readonly path: string
  readonly member: boolean
  readonly idFields: ReadonlyArray<string>
}

const routes: Array<Route> = []
HttpApi.reflect(Api, {
  onGroup: () => {},
  onEndpoint: ({ group, endpoint, middleware }) => {
    // The body's top-level field names, read from each payload schema's AST (an object literal).
    const bodyFields = [...endpoint.payload.values()].flatMap((p) =>
      "schemas" in p
        ? p.schemas.flatMap((s) =>
            s.ast._tag === "Objects" ? s.ast.propertySignatures.map((ps) => String(ps.name)) : [],
          )
        : [],
    )
    const pathFields = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    // The query's field names too (`?orderId=`), read the same way.
    const query = endpoint.query as { readonly ast: { readonly _tag: string } } | undefined
    const queryFields =
      query !== undefined && query.ast._tag === "Objects"
        ? (
            query.ast as unknown as { propertySignatures: ReadonlyArray<{ name: PropertyKey }> }
          ).propertySignatures.map((ps) => String(ps.name))
        : []
    routes.push({
      name: `${group.identifier}.${endpoint.identifier}`,
      method: endpoint.method,
      path: endpoint.path,
      member: middleware.has(Authentication as never),
      idFields: [...pathFields, ...[...bodyFields, ...queryFields].filter((f) => ID_FIELDS.includes(f))],
    })
  },
})

/** A's alone: another member gets 404 and changes nothing (tested below, one by one). */
const PRIVATE = [
  "orders.orderDetails",
  "orders.payouts",
  "orders.paymentIntent",
  "orders.updateOrderAmount",
  "orders.startPayment",
  "orders.successOrder",
  "orders.cancelOrder",
  "payments.testModePay",
  "payments.squareCharge",
  "ledger.proof",
  "privacy.downloadDataExport",
  "invoices.list",
  "invoices.pdf",
]
/** Shared by design: votes, community questions and ideas are seen by every member. */
const SHARED = [
  "governance.quiz",
  "governance.ballot",
  "governance.results",
  "community.answerQuestion",
  "community.closeQuestion",
  "community.reopenQuestion",
  "community.upvoteIdea",
]

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { signedIn, newMember } = apiMembers(server)

const orderRow = (orderId: string) =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql.unsafe<Record<string, unknown>>(`SELECT * FROM orders WHERE order_id = $1`, [orderId])
    }),
  )

describe("one member's data is not another's", () => {
  it("every member route that takes an id is named as private or shared, and no route serves KYC documents", () => {
    const withIds = routes.filter((r) => r.member && r.idFields.length > 0).map((r) => r.name)
    expect(withIds.sort()).toEqual([...PRIVATE, ...SHARED].sort())
    expect(routes.filter((r) => /document|\/files?\b|kyc/i.test(r.path)).map((r) => r.name)).toEqual([])
  })

  it("member B gets 404 from every private route on member A's order, and A's order is unchanged", async () => {
    const a = await signedIn()
    const created = await a.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 2 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": "isolation-buy-1" } },
    )
    const orderId = (await json(created)).orderCreatedData.orderId as string
    const before = await orderRow(orderId)
    expect(before).toHaveLength(1)

    const { export: requested } = await json(await a.post("/api/user/data-exports", {}))
    await server.run(runDataExportRound(Duration.seconds(30)))
    const exportPath = `/api/user/data-exports/${requested.exportId}/download`
    expect((await a.get(exportPath)).status).toBe(200)

    // A's invoice for the order (issued straight into the store: the order need not be paid for this).
    const invoice = await server.run(
      Effect.gen(function* () {
        const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
        const draft = makeInvoice({
          order,
          buyer: { memberId: order.memberId, name: "Dana Demo", address: "1 Demo Street, Berlin" },
          issuer: {
            issuerId: "isolation",
            legalName: "Landunits B.V.",
            address: "Keizersgracht 1, Amsterdam",
            registrationId: "KvK 1",
            taxId: "NL1",
          },
          treatment: { _tag: "OutOfScope", words: "Outside the scope of VAT" },
          issuedAt: new Date().toISOString(),
        })
        return yield* (yield* InvoiceStore).issue(Result.getOrThrow(draft))
      }),
    )
    const invoicePath = `/api/invoices/isolation/${invoice.number}/pdf`
    expect((await a.get(invoicePath)).status).toBe(200)

    const b = await newMember("intruder@example.com")
    const key = (n: string) => ({ headers: { "idempotency-key": `isolation-${n}` } })
    const attempts: Record<string, () => Promise<Response>> = {
      "orders.orderDetails": () => b.get(`/api/order/get_order_details/${orderId}`),
      "orders.payouts": () => b.get(`/api/order/payouts?orderId=${orderId}`),
      "orders.paymentIntent": () => b.get(`/api/order/get_payment_intent/${orderId}`),
      "orders.updateOrderAmount": () =>
        b.post("/api/order/update_order_amount", { orderId, numberOfUnits: 1 }, key("update")),
      "orders.startPayment": () => b.post("/api/order/start_payment", { orderId }, key("start")),
      "orders.successOrder": () => b.post("/api/order/success_order", { orderId }, key("success")),
      "orders.cancelOrder": () => b.post("/api/order/cancel_order", { orderId }, key("cancel")),
      "payments.testModePay": () =>
        b.post("/api/payments/test-mode/pay", { orderId, cardNumber: "4242 4242 4242 4242" }),
      "payments.squareCharge": () =>
        b.post("/api/payments/square/charge", { orderId, sourceId: "cnon:card-nonce-ok" }),
      "ledger.proof": () => b.get(`/api/ledger/proof/${orderId}`),
      "privacy.downloadDataExport": () => b.get(exportPath),
      "invoices.list": () => b.get(`/api/invoices?orderId=${orderId}`),
      "invoices.pdf": () => b.get(invoicePath),
    }
    expect(Object.keys(attempts).sort()).toEqual([...PRIVATE].sort())
    for (const [name, attempt] of Object.entries(attempts)) {
      const response = await attempt()
      expect(response.status, name).toBe(404)
      expect(JSON.stringify(await json(response)), name).not.toContain("LAND_EUR")
    }
    // Exactly as a missing order: the same status and the same words, but for the id.
    const missing = await b.get("/api/ledger/proof/ord_no_such_order")
    const intruding = await b.get(`/api/ledger/proof/${orderId}`)
    expect(missing.status).toBe(404)
    expect((await json(intruding)).message.replace(orderId, "ID")).toBe(
      (await json(missing)).message.replace("ord_no_such_order", "ID"),
    )
    expect(await orderRow(orderId)).toEqual(before)

    const list = await json(await b.get("/api/order/getTransactions?pageSize=100"))
    expect(list.transactions.map((o: { orderId: string }) => o.orderId)).not.toContain(orderId)
    const today = new Date().toISOString().slice(0, 10)
    const statement = await (
      await b.get(`/api/etc/generate-statement?fromDate=2026-01-01&toDate=${today}&format=csv`)
    ).text()
    expect(statement).not.toContain(orderId)
    expect(statement).not.toContain("Dana Demo")
  })

  it("member B sees only their own KYC data, holdings, impact, charts and subscriptions", async () => {
    const a = await signedIn()
    await a.post("/api/user/manage-user-subscriptions", { newsletter: true, news: true })
    const bought = await json(
      await a.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 40_000 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": "isolation-own-1" } },
      ),
    )
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make("isolation-confirm-1"),
          orderId: OrderId.make(bought.orderCreatedData.orderId),
        }),
      ),
    )
    expect((await json(await a.get("/api/user/holdings"))).holdings[1].owned).toBe(40_000)
    expect((await json(await a.get("/api/utility/get-your-impact"))).yourImpact.co2Offset).toBeGreaterThan(0)
    const b = await newMember("neighbour@example.com")
    const bundle = await json(await b.get("/api/user"))
    expect(bundle.user.email).toBe("neighbour@example.com")
    expect(bundle.user.kycStatus).toBe("UnVerified")
    expect(JSON.stringify(bundle)).not.toContain("Orchard Lane")
    expect(JSON.stringify(bundle)).not.toContain("mem_demo")
    const holdings = (await json(await b.get("/api/user/holdings"))).holdings
    expect(
      holdings.every((h: { pendingBuy: number; owned: number }) => h.pendingBuy === 0 && h.owned === 0),
    ).toBe(true)
    const impact = (await json(await b.get("/api/utility/get-your-impact"))).yourImpact
    expect(Object.values(impact)).toEqual([0, 0, 0, 0, 0, 0])
    const subscriptions = (await json(await b.get("/api/user/manage-user-subscriptions"))).subscriptions
    expect(subscriptions).toMatchObject({ newsletter: false, news: false, updatedAt: null })
    const charts = (await json(await b.get("/api/user/analytics?days=2"))).userAnalytics
    expect(
      charts.series.flatMap((s: { points: Array<{ units: number }> }) => s.points.map((p) => p.units)),
    ).toEqual(Array(8).fill(0))
    // B's profile change is B's: the form takes no member id, so A's details stay as they were.
    const form = new FormData()
    form.set("firstName", "Changed")
    expect((await b.post("/api/user/update_profile", form)).status).toBe(200)
    expect((await json(await a.get("/api/user"))).user.firstName).toBe("Dana")
  })

  it("member B never reads member A's sales chat, and B's message goes to B's own thread", async () => {
    const a = await signedIn()
    const posted = await a.post("/api/saleschat/messages", { text: "A's private question about 5,000 Units" })
    expect(posted.status).toBe(200)
    const aThread = await json(posted)
    expect(aThread.messages.at(-1)).toMatchObject({
      from: "member",
      text: "A's private question about 5,000 Units",
    })

    const b = await newMember("chat-neighbour@example.com")
    const bBefore = await json(await b.get("/api/saleschat/thread"))
    expect(bBefore.messages).toEqual([])
    expect(JSON.stringify(bBefore)).not.toContain("A's private question")
    // The routes take no member id: a member id in the body or query is not a way into another thread.
    const bPosted = await json(
      await b.post("/api/saleschat/messages", { text: "B asks", memberId: aThread.memberId }),
    )
    expect(bPosted.memberId).not.toBe(aThread.memberId)
    expect(bPosted.messages.map((m: { text: string }) => m.text)).toEqual(["B asks"])
    const viaQuery = await json(await b.get(`/api/saleschat/thread?memberId=${aThread.memberId}`))
    expect(JSON.stringify(viaQuery)).not.toContain("A's private question")
    const aAfter = await json(await a.get("/api/saleschat/thread"))
    expect(aAfter.messages.map((m: { text: string }) => m.text)).not.toContain("B asks")
  })
})
