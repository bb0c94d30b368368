/**
 * The API against the real server on an ephemeral port (embedded database, demo seed): registration to
 * sign-in, sessions, and orders with idempotency keys and authorization between members.
 */
import { LedgerCheckpointService } from "@landunits/core/ledger/LedgerCheckpointService.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { csvRow } from "@landunits/core/statements/StatementCsv.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/demo/DemoSeed.ts"
import { SESSION_COOKIE } from "../../src/http/api/Authentication.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, makeClient, useTestServer } from "../support/TestServer.ts"

const app = layerApp(pgliteTarget().layer)
const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(app),
  ),
)

/** The token of the last email of `template` to `to`, read from the outbox (what the email carries). */
const tokenFor = (to: string, template: string) =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ token: string }>`
        SELECT data->>'token' AS token FROM mail_outbox WHERE to_address = ${to} AND template = ${template} ORDER BY id DESC LIMIT 1`
      return rows[0]?.token ?? ""
    }),
  )

const signedIn = async (email = DEMO_EMAIL, password = DEMO_PASSWORD) => {
  const client = makeClient(server)
  await client.get("/api/health")
  const response = await client.post("/api/auth/login", { email, password })
  expect(response.status).toBe(200)
  return client
}

/** Registers, confirms and signs in a new member. */
const newMember = async (email: string) => {
  const client = makeClient(server)
  await client.get("/api/health")
  await client.post("/api/user/register", {
    email,
    firstName: "New",
    lastName: "Member",
    password: "secret9",
    userType: "USER",
    termsAccepted: true,
  })
  await client.get(`/api/auth/confirmation/${await tokenFor(email, "confirm-email")}`)
  expect((await client.post("/api/auth/login", { email, password: "secret9" })).status).toBe(200)
  return client
}

describe("registration and sign-in over HTTP", () => {
  const ann = {
    email: "ann@example.com",
    firstName: "Ann",
    lastName: "Lee",
    password: "secret1",
    userType: "USER",
    termsAccepted: true,
  }

  it("refuses invalid input with the spec's messages, and a second registration of an email with 409", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const invalid = await client.post("/api/user/register", { ...ann, email: "a@b" })
    expect(invalid.status).toBe(400)
    // Every rule the email breaks, the first one also as the message.
    expect(await json(invalid)).toMatchObject({
      message: "Email must be at least 5 characters",
      errors: [
        { path: "email", message: "Email must be at least 5 characters" },
        { path: "email", message: "Invalid email format" },
      ],
    })
    const ok = await client.post("/api/user/register", ann)
    expect(ok.status).toBe(200)
    expect((await json(ok)).message).toContain("confirm")
    const again = await client.post("/api/user/register", { ...ann, email: "ANN@example.com" })
    expect(again.status).toBe(409)
  })

  it("refuses a registration without the terms accepted, or with terms no longer in force, with their messages", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const { termsAccepted: _, ...withoutTerms } = { ...ann, email: "terms@example.com" }
    for (const body of [withoutTerms, { ...withoutTerms, termsAccepted: false }]) {
      const refused = await client.post("/api/user/register", body)
      expect(refused.status).toBe(400)
      expect(await json(refused)).toMatchObject({
        message: "Please accept the Terms and Conditions to register",
        errors: [{ path: "termsAccepted", message: "Please accept the Terms and Conditions to register" }],
      })
    }
    const outdated = await client.post("/api/user/register", {
      ...withoutTerms,
      termsAccepted: true,
      termsVersion: "01.01.24",
    })
    expect(outdated.status).toBe(400)
    expect((await json(outdated)).errors).toEqual([
      {
        path: "termsVersion",
        message: "The Terms and Conditions have changed: please read version 10.03.25 and accept it",
      },
    ])
  })

  it("records on the account the version of the terms accepted and when, for a member and a business", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const before = Date.now()
    for (const body of [
      { ...ann, email: "tess@example.com", termsVersion: "10.03.25" },
      { ...ann, email: "biz@example.com", userType: "BUSINESS", businessName: "Tess Farms Ltd" },
    ]) {
      expect((await client.post("/api/user/register", body)).status).toBe(200)
    }
    const rows = await server.run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* sql<{
          email: string
          terms_version: string
          terms_accepted_at: string
          record: unknown
        }>`
          SELECT email, terms_version, terms_accepted_at, record FROM accounts
          WHERE email IN ('tess@example.com', 'biz@example.com') ORDER BY email`
      }),
    )
    expect(rows.map((r) => [r.email, r.terms_version])).toEqual([
      ["biz@example.com", "10.03.25"],
      ["tess@example.com", "10.03.25"],
    ])
    for (const row of rows) {
      expect(Number(row.terms_accepted_at)).toBeGreaterThanOrEqual(before)
      expect(Number(row.terms_accepted_at)).toBeLessThanOrEqual(Date.now())
    }
  })

  it("signs in only after the email is confirmed, with an HttpOnly session cookie; signs out", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const early = await client.post("/api/auth/login", { email: ann.email, password: ann.password })
    expect(early.status).toBe(403)
    const token = await tokenFor(ann.email, "confirm-email")
    const confirmed = await client.get(`/api/auth/confirmation/${token}`)
    expect(confirmed.status).toBe(200)
    const login = await client.post("/api/auth/login", { email: ann.email, password: ann.password })
    expect(login.status).toBe(200)
    const bundle = await json(login)
    expect(bundle.user).toMatchObject({ email: ann.email, firstLogin: true, kycStatus: "UnVerified" })
    expect(bundle.prices).toHaveLength(4)
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const me = await client.get("/api/user")
    expect(me.status).toBe(200)
    expect((await json(me)).user.firstLogin).toBe(false)
    expect((await client.post("/api/auth/logout")).status).toBe(200)
    expect((await client.get("/api/user")).status).toBe(401)
  })

  it("answers a wrong password and an unknown email the same, with 401", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    const wrong = await client.post("/api/auth/login", { email: DEMO_EMAIL, password: "nope" })
    const unknown = await client.post("/api/auth/login", { email: "nobody@example.com", password: "nope" })
    expect(wrong.status).toBe(401)
    expect(await json(wrong)).toEqual(await json(unknown))
  })
})

describe("orders over HTTP", () => {
  const buy = {
    orderType: "BUY",
    confirmsBusinessPurpose: true,
    currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 3 },
    paymentDetails: { paymentMethod: "bank" },
  }

  it("creates a buy once per Idempotency-Key, refuses the key for another request, and needs the header", async () => {
    const client = await signedIn()
    const key = { "idempotency-key": "buy-key-0001" }
    const first = await client.post("/api/order/create_order", buy, { headers: key })
    expect(first.status).toBe(200)
    const created = (await json(first)).orderCreatedData
    expect(created).toMatchObject({
      orderType: "BUY",
      orderStatus: "Initiated",
      currencyUnit: { numberOfUnits: 3 },
    })
    expect(created.paymentDetails.paymentAmount).toBe(
      created.paymentDetails.subTotal + created.paymentDetails.transactionFee,
    )
    const replay = await client.post("/api/order/create_order", buy, { headers: key })
    expect((await json(replay)).orderCreatedData.orderId).toBe(created.orderId)
    const reused = await client.post(
      "/api/order/create_order",
      { ...buy, currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 4 } },
      { headers: key },
    )
    expect(reused.status).toBe(422)
    const noKey = await client.post("/api/order/create_order", buy)
    expect(noKey.status).toBe(400)
    const list = await json(await client.get("/api/order/getTransactions?pageSize=5"))
    expect(list.transactions.map((o: { orderId: string }) => o.orderId)).toContain(created.orderId)
  })

  it("a buy needs the business-purpose confirmation (422); its purchase-order reference is kept, trimmed, and read back", async () => {
    const client = await signedIn()
    const { confirmsBusinessPurpose: _, ...unconfirmed } = buy
    for (const [body, keyName] of [
      [unconfirmed, "po-key-0001"],
      [{ ...buy, confirmsBusinessPurpose: false }, "po-key-0002"],
    ] as const) {
      const refused = await client.post("/api/order/create_order", body, {
        headers: { "idempotency-key": keyName },
      })
      expect(refused.status).toBe(422)
      expect(await json(refused)).toMatchObject({ _tag: "BusinessPurposeNotConfirmed" })
    }
    const tooLong = await client.post(
      "/api/order/create_order",
      { ...buy, purchaseOrderReference: "x".repeat(65) },
      { headers: { "idempotency-key": "po-key-0003" } },
    )
    expect(tooLong.status).toBe(400)
    expect(JSON.stringify(await json(tooLong))).toContain(
      "Purchase order reference must be at most 64 characters",
    )
    const placed = await client.post(
      "/api/order/create_order",
      { ...buy, purchaseOrderReference: "  PO-2026/118 " },
      { headers: { "idempotency-key": "po-key-0004" } },
    )
    expect(placed.status).toBe(200)
    const created = (await json(placed)).orderCreatedData
    expect(created.buy.purchaseOrderReference).toBe("PO-2026/118")
    const details = await json(await client.get(`/api/order/get_order_details/${created.orderId}`))
    expect(details.orderData.buy.purchaseOrderReference).toBe("PO-2026/118")
  })

  it("keeps one member's orders from another: no details, no cancel", async () => {
    const owner = await signedIn()
    const created = (
      await json(
        await owner.post("/api/order/create_order", buy, { headers: { "idempotency-key": "buy-key-0002" } }),
      )
    ).orderCreatedData
    // A second member.
    const other = makeClient(server)
    await other.get("/api/health")
    await other.post("/api/user/register", {
      email: "ben@example.com",
      firstName: "Ben",
      lastName: "",
      password: "secret2",
      userType: "USER",
      termsAccepted: true,
    })
    await other.get(`/api/auth/confirmation/${await tokenFor("ben@example.com", "confirm-email")}`)
    expect(
      (await other.post("/api/auth/login", { email: "ben@example.com", password: "secret2" })).status,
    ).toBe(200)
    expect((await other.get(`/api/order/get_order_details/${created.orderId}`)).status).toBe(404)
    const cancel = await other.post(
      "/api/order/cancel_order",
      { orderId: created.orderId },
      { headers: { "idempotency-key": "cancel-0001" } },
    )
    expect(cancel.status).toBe(404)
    const stillThere = await json(await owner.get(`/api/order/get_order_details/${created.orderId}`))
    expect(stillThere.orderData.orderStatus).toBe("Initiated")
    const cancelled = await owner.post(
      "/api/order/cancel_order",
      { orderId: created.orderId },
      { headers: { "idempotency-key": "cancel-0002" } },
    )
    expect((await json(cancelled)).orderCancelledData.orderStatus).toBe("Cancelled")
  })
  it("answers an order's details with its timeline: each status change, from → to, who as the member may know it, and why", async () => {
    const client = await signedIn()
    const headers = (key: string) => ({ headers: { "idempotency-key": key } })
    const { orderId } = (
      await json(await client.post("/api/order/create_order", buy, headers("timeline-buy-1")))
    ).orderCreatedData
    expect(
      (await client.post("/api/order/start_payment", { orderId }, headers("timeline-start-1"))).status,
    ).toBe(200)
    expect(
      (await client.post("/api/order/success_order", { orderId }, headers("timeline-paid-1"))).status,
    ).toBe(200)
    await server.run(
      Effect.gen(function* () {
        const orders = yield* OrderService
        const request = { orderId: OrderId.make(orderId), actor: ADMIN }
        yield* orders.markFundsReceived({
          ...request,
          idempotencyKey: IdempotencyKey.make("timeline-funds-1"),
        })
        yield* orders.confirmPayment({
          ...request,
          idempotencyKey: IdempotencyKey.make("timeline-confirm-1"),
        })
      }),
    )
    const response = await client.get(`/api/order/get_order_details/${orderId}`)
    expect(response.status).toBe(200)
    const { orderData } = await json(response)
    const you = { _tag: "You" }
    const administrator = { _tag: "Admin" }
    expect(
      orderData.timeline.map((e: { from?: string; to: string; actor: unknown }) => [e.from, e.to, e.actor]),
    ).toEqual([
      [undefined, "Initiated", you],
      ["Initiated", "InProcess", you],
      ["InProcess", "PaymentSent", you],
      ["PaymentSent", "FundsWaitingApproval", administrator],
      ["FundsWaitingApproval", "Approved", administrator],
      ["Approved", "Completed", administrator],
    ])
    expect(orderData.timeline.at(-1).reason).toBe("Filled from new Units: nothing is owed to sellers")
    expect(orderData.timeline[0].at).toBe(orderData.createdAt)
    expect(orderData.timeline.at(-1).at).toBe(orderData.updatedAt)
    // The member never learns which admin acted, nor any member id (docs/decisions.md).
    const text = JSON.stringify(orderData)
    for (const secret of [ADMIN.adminId, ADMIN.name, ADMIN.email, "memberId"])
      expect(text).not.toContain(secret)
    // The transaction list and the other answers carry the spec's Order only.
    const list = await json(await client.get("/api/order/getTransactions?pageSize=5"))
    expect(list.transactions.find((o: { orderId: string }) => o.orderId === orderId)).not.toHaveProperty(
      "timeline",
    )
  })
})

describe("a sale's payouts and the sell review's estimate over HTTP (issue 38)", () => {
  const admin = <A, E>(f: (orders: OrderService["Service"]) => Effect.Effect<A, E>) =>
    server.run(Effect.flatMap(OrderService, f))
  const create = async (client: Awaited<ReturnType<typeof signedIn>>, body: object, key: string) => {
    const answer = await client.post("/api/order/create_order", body, { headers: { "idempotency-key": key } })
    expect(answer.status, key).toBe(200)
    return OrderId.make((await json(answer)).orderCreatedData.orderId)
  }
  const bankBuy = (unitType: string, numberOfUnits: number) => ({
    orderType: "BUY",
    confirmsBusinessPurpose: true,
    currencyUnit: { unitType, numberOfUnits },
    paymentDetails: { paymentMethod: "bank" },
  })
  const confirm = (orderId: OrderId, key: string) =>
    admin((orders) =>
      orders.confirmPayment({ orderId, actor: ADMIN, idempotencyKey: IdempotencyKey.make(key) }),
    )

  it("estimates where a sale placed now would stand, answers each slice a buy takes as a payout of the sale, owed, ready and paid, by order id; the buyer is never named and no other member reads them", async () => {
    const seller = await signedIn()
    await confirm(await create(seller, bankBuy("LAND_AUD", 60), "payouts-own-aud"), "payouts-own-aud")

    const estimate = await seller.get("/api/order/sale_estimate?unitType=LAND_AUD&numberOfUnits=40")
    expect(estimate.status).toBe(200)
    const { saleEstimate } = await json(estimate)
    expect(saleEstimate).toMatchObject({ position: 1, ordersAhead: 0, unitsAhead: 0, remaining: 30 })
    expect(saleEstimate.estimate.kind).toBe("estimate")
    const tooSmall = await seller.get("/api/order/sale_estimate?unitType=LAND_AUD&numberOfUnits=10")
    expect(tooSmall.status).toBe(400)
    expect((await json(tooSmall)).message).toBe("A sell must be more than its fee of 10 Units")

    const saleId = await create(
      seller,
      { orderType: "SELL", currencyUnit: { unitType: "LAND_AUD", numberOfUnits: 40 } },
      "payouts-sell-aud",
    )
    const placed = (await json(await seller.get(`/api/order/get_order_details/${saleId}`))).orderData
    expect(placed.salesQueue).toEqual(saleEstimate)
    expect(placed.payouts).toEqual([])

    const buyer = await newMember("payout-buyer@example.com")
    const firstBuy = await create(buyer, bankBuy("LAND_AUD", 5), "payouts-buyer-1")
    await confirm(firstBuy, "payouts-buyer-1")
    const secondBuy = await create(buyer, bankBuy("LAND_AUD", 7), "payouts-buyer-2")
    await confirm(secondBuy, "payouts-buyer-2")

    const details = (await json(await seller.get(`/api/order/get_order_details/${saleId}`))).orderData
    const price = details.currencyUnit.pricePerUnit as number
    expect(
      details.payouts.map((p: Record<string, unknown>) => [p.orderId, p.units, p.status, p.currency]),
    ).toEqual([
      [saleId, 5, "Initiated", "AUD"],
      [saleId, 7, "Initiated", "AUD"],
    ])
    // Owed at the buyer's price (the same day's here), rounded half-up once.
    expect(details.payouts[0].amountCents).toBe(Math.round((5 * details.payouts[0].pricePerUnit) / 10))
    expect(details.payouts[0].pricePerUnit).toBeGreaterThanOrEqual(price)
    const text = JSON.stringify(details.payouts)
    expect(text).not.toContain(firstBuy)
    expect(text).not.toContain("payout-buyer")
    // The timeline still records the first partial sale only; the payouts carry every slice.
    expect(details.timeline.map((e: { to: string }) => e.to)).toEqual([
      "Initiated",
      "InProcess",
      "PartialComplete",
    ])

    const payoutId = details.payouts[0].payoutId
    await admin((orders) =>
      orders.markPayoutReady({
        actor: ADMIN,
        idempotencyKey: IdempotencyKey.make("payouts-ready"),
        payoutId,
      }),
    )
    await admin((orders) =>
      orders.markPayoutPaid({ actor: ADMIN, idempotencyKey: IdempotencyKey.make("payouts-paid"), payoutId }),
    )
    const byOrder = await json(await seller.get(`/api/order/payouts?orderId=${saleId}`))
    expect(byOrder.payouts.map((p: { status: string }) => p.status)).toEqual(["Completed", "Initiated"])
    const [paid] = byOrder.payouts
    expect(Date.parse(paid.readyAt)).toBeLessThanOrEqual(Date.parse(paid.paidAt))
    expect(Date.parse(paid.owedAt)).toBeLessThanOrEqual(Date.parse(paid.readyAt))
    const all = await json(await seller.get("/api/order/payouts"))
    expect(all.payouts.filter((p: { orderId: string }) => p.orderId === saleId)).toEqual(byOrder.payouts)

    // The buyer: nothing owed to them, and the seller's sale is not theirs to read.
    expect((await json(await buyer.get("/api/order/payouts"))).payouts).toEqual([])
    expect((await buyer.get(`/api/order/payouts?orderId=${saleId}`)).status).toBe(404)
    expect(
      (await json(await buyer.get(`/api/order/get_order_details/${firstBuy}`))).orderData.payouts,
    ).toEqual([])
  })
})

describe("statements over HTTP", () => {
  it("answers a queued sell's details with its place in the queue and the estimate; a buy's without", async () => {
    const client = await signedIn()
    const owned = await client.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 40 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": "queue-standing-own-1" } },
    )
    const ownedId = OrderId.make((await json(owned)).orderCreatedData.orderId)
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          orderId: ownedId,
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make("queue-own"),
        }),
      ),
    )
    const placed = await client.post(
      "/api/order/create_order",
      { orderType: "SELL", currencyUnit: { unitType: "LAND_USD", numberOfUnits: 25 } },
      { headers: { "idempotency-key": "queue-standing-sell-1" } },
    )
    expect(placed.status).toBe(200)
    const orderId = (await json(placed)).orderCreatedData.orderId as string
    const [row] = (
      await server.run(Effect.flatMap(OrderService, (orders) => orders.salesQueue(["LAND_USD"])))
    ).filter((r) => r.order.orderId === orderId)
    const { orderData } = await json(await client.get(`/api/order/get_order_details/${orderId}`))
    expect(orderData.salesQueue).toEqual(row!.standing)
    expect(orderData.salesQueue).toMatchObject({ remaining: 15 })
    expect(orderData.salesQueue.position).toBe(orderData.salesQueue.ordersAhead + 1)
    // The buy confirmed just before counts in the last 30 days' buys.
    expect(orderData.salesQueue.unitsBoughtLast30Days).toBeGreaterThanOrEqual(40)
    expect(orderData.salesQueue.estimate.kind).toBe("estimate")

    const buy = await client.post(
      "/api/order/create_order",
      {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
        paymentDetails: { paymentMethod: "bank" },
      },
      { headers: { "idempotency-key": "queue-standing-buy-1" } },
    )
    const buyId = (await json(buy)).orderCreatedData.orderId as string
    const buyDetails = await json(await client.get(`/api/order/get_order_details/${buyId}`))
    expect(buyDetails.orderData).not.toHaveProperty("salesQueue")
  })

  it("downloads the member's statement as PDF or CSV, with their orders only, and refuses a bad period", async () => {
    const client = await signedIn()
    const today = new Date().toISOString().slice(0, 10)
    const created = await json(
      await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 2 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": "statement-buy-1" } },
      ),
    )
    const orderId: string = created.orderCreatedData.orderId
    const { checkpoint } = await server.run(Effect.flatMap(LedgerCheckpointService, (s) => s.take))
    const pdf = await client.get(`/api/etc/generate-statement?fromDate=2026-01-01&toDate=${today}`)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get("content-type")).toContain("application/pdf")
    expect(pdf.headers.get("content-disposition")).toContain("attachment")
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-")
    const csv = await client.get(`/api/etc/generate-statement?fromDate=2026-01-01&toDate=${today}&format=csv`)
    const text = await csv.text()
    expect(csv.headers.get("content-type")).toContain("text/csv")
    expect(text).toContain("Dana Demo")
    expect(text).not.toContain("ben@example.com")
    // The same sections as the PDF, the new buy with its full reference, and the spec's footer statement.
    const lines = text.split("\r\n")
    for (const heading of [
      "Reconciliation per unit type: opening + activity = closing",
      "Totals per currency",
    ]) {
      expect(lines).toContain(heading)
    }
    expect(lines).toContain('"Opening holdings, start of 01/01/2026"')
    expect(lines.some((l) => l.includes(`,${orderId},BUY,Unit ($),2,Awaiting payment,`))).toBe(true)
    expect(text).toContain("is not an investment product or platform")
    // The ledger checkpoint it was made against: the latest signed one, which holds the new buy's transfer.
    const transfers = `${checkpoint.treeSize.toLocaleString("en-US")} transfer${checkpoint.treeSize === 1 ? "" : "s"}`
    expect(lines).toContain(
      csvRow([
        "Ledger checkpoint",
        `#${checkpoint.number}`,
        new Date(checkpoint.at).toISOString(),
        transfers,
      ]).trimEnd(),
    )
    expect(lines).toContain(`Checkpoint root,${checkpoint.merkleRoot}`)
    const bad = await client.get("/api/etc/generate-statement?fromDate=2026-03-02&toDate=2026-03-01")
    expect(bad.status).toBe(400)
    expect((await json(bad)).errors[0].message).toBe("The end date must be on or after the start date")
  })
})

describe("governance and community over HTTP", () => {
  it("lists the open vote with its quiz but never the right answers; voting needs Units", async () => {
    const client = await signedIn()
    const votes = await json(await client.get("/api/governance/votes?which=open"))
    expect(votes.map((v: { voteId: string }) => v.voteId)).toContain("vote_hedgerows")
    expect(JSON.stringify(votes)).not.toContain("rightOptionId")
    const ballot = await client.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "y" })
    expect(ballot.status).toBeGreaterThanOrEqual(400)
    expect(ballot.status).toBeLessThan(500)
  })

  it("asks a question, posts an idea, and takes one upvote per member", async () => {
    const client = await signedIn()
    const asked = await client.post("/api/community/create-question", {
      question: "When is the next harvest report?",
    })
    expect(asked.status).toBe(200)
    const own = await json(await client.get("/api/community/getQuestionAnswers?questionViewBy=Own"))
    expect(own.map((q: { question: string }) => q.question)).toContain("When is the next harvest report?")
    const idea = await json(
      await client.post("/api/community/ideas", {
        title: "Bee hotels",
        description: "Add bee hotels along the hedgerows",
      }),
    )
    expect((await client.post(`/api/community/ideas/${idea.ideaId}/upvote`)).status).toBe(409)
    const other = await newMember("cleo@example.com")
    const first = await other.post(`/api/community/ideas/${idea.ideaId}/upvote`)
    expect(first.status).toBe(200)
    expect((await json(first)).upvotes).toBe(1)
    const second = await other.post(`/api/community/ideas/${idea.ideaId}/upvote`)
    expect(second.status).toBeGreaterThanOrEqual(400)
    expect(second.status).toBeLessThan(500)
  })
})

describe("the profile and KYC form over HTTP (multipart)", () => {
  const pdf = new Uint8Array([
    0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x25, 0x25, 0x45, 0x4f, 0x46,
  ])
  const kycInfo = {
    address: {
      houseNumber: "12",
      streetAddress: "High Street",
      townCity: "London",
      postcode: "N1 1AA",
      country: "United Kingdom",
    },
    contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700900123" },
    bankDetails: {
      bankAccountName: "Fay Example",
      bankAccountNumber: "12345678",
      sortCode: "202015",
      swiftBic: "NWBKGB2L",
      bankName: "Example Bank",
      bankAddress: "1 Bank Street, London",
      bankCountry: "United Kingdom",
    },
    passport: {
      passportNumber: "AB1234567",
      issuingCountry: "United Kingdom",
      startDate: "2020-01-01",
      expiryDate: "2035-01-01",
    },
  }
  const form = (fields: Record<string, string>, files: Record<string, Blob> = {}) => {
    const data = new FormData()
    for (const [k, v] of Object.entries(fields)) data.append(k, v)
    for (const [k, v] of Object.entries(files)) data.append(k, v, "upload.bin")
    return data
  }

  it("saves details and the passport file, judged by content, then submits for verification", async () => {
    const client = await newMember("fay@example.com")
    const saved = await client.post(
      "/api/user/update_profile",
      form(
        { firstName: "Fay", lastName: "Example", kycInfo: JSON.stringify(kycInfo) },
        {
          "kycInfo.passport.passportFile": new Blob([pdf], { type: "image/png" }),
        },
      ),
    )
    expect(saved.status).toBe(200)
    const user = (await json(saved)).user
    expect(user).toMatchObject({
      firstName: "Fay",
      kycStatus: "Details Saved",
      kycInfo: { address: { townCity: "London" } },
    })
    expect(user.kycInfo.passport.passportFile.fileType).toBe("pdf")
    const submitted = await client.post("/api/user/approve_profile")
    expect(submitted.status).toBe(200)
    expect((await json(submitted)).user.kycStatus).toBe("Pending Verification")
  })

  it("keeps an uploaded file under a safe name: no control or text-reordering character is stored (C1's U+009B, U+202E)", async () => {
    const client = await newMember("escape@example.com")
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])
    const data = new FormData()
    data.append("firstName", "Esc")
    data.append("lastName", "Ape")
    data.append("kycInfo", JSON.stringify(kycInfo))
    data.append("kycInfo.passport.passportFile", new Blob([pdf]), "\u009b31mpassport.pdf")
    data.append("kycInfo.optionalDocument", new Blob([png]), "bill\u202e\u009b2J.png")
    const saved = await client.post("/api/user/update_profile", data)
    expect(saved.status).toBe(200)
    const user = (await json(saved)).user
    expect(user.kycInfo.passport.passportFile.fileName).toBe("_31mpassport.pdf")
    expect(user.kycInfo.optionalDocument.fileName).toBe("bill__2J.png")
    const stored = await json(await client.get("/api/user"))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters that must not be there
    expect(JSON.stringify(stored)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/)
  })

  it("refuses a file whose name holds ESC (\\u001b[2J) with 400 in words: no part's header may carry a C0 control", async () => {
    const client = await newMember("escape-c0@example.com")
    const data = new FormData()
    data.append("firstName", "Esc")
    data.append("kycInfo", JSON.stringify(kycInfo))
    data.append("kycInfo.passport.passportFile", new Blob([pdf]), "\u001b[2Jpassport.pdf")
    const refused = await client.post("/api/user/update_profile", data)
    expect(refused.status).toBe(400)
    expect((await json(refused)).message).toMatch(
      /^This form could not be read: a file's name holds a control character/,
    )
    expect(JSON.stringify(await json(await client.get("/api/user")))).not.toContain("passportFile")
  })

  it("refuses a file that is not a PDF, JPEG or PNG by content, and one over 8 MB with 413", async () => {
    const client = await newMember("gus@example.com")
    const gif = await client.post(
      "/api/user/update_profile",
      form(
        { kycInfo: JSON.stringify(kycInfo) },
        {
          "kycInfo.passport.passportFile": new Blob([new TextEncoder().encode("GIF89a......")], {
            type: "application/pdf",
          }),
        },
      ),
    )
    expect(gif.status).toBe(400)
    expect((await json(gif)).message).toBe("Unsupported file type. Please upload a PDF, JPEG, or PNG.")
    // Nothing of the refused form was kept, its valid details included.
    expect((await json(await client.get("/api/user"))).user.kycStatus).toBe("UnVerified")
    const big = new Uint8Array(8 * 1024 * 1024 + 10)
    big.set(pdf)
    const tooBig = await client.post(
      "/api/user/update_profile",
      form({}, { "kycInfo.passport.passportFile": new Blob([big]) }),
    )
    expect(tooBig.status).toBe(413)
  })

  it("takes phone numbers, account numbers, sort codes, IBANs, BICs and countries as people type them, and keeps them normalized", async () => {
    const client = await newMember("ida@example.com")
    const typed = {
      ...kycInfo,
      address: { ...kycInfo.address, country: "united kingdom" },
      contactInfo: { telephoneCountryCode: "+44", phoneNumber: "7700 900123" },
      bankDetails: {
        ...kycInfo.bankDetails,
        bankAccountNumber: "3192 6819",
        // The IBAN's own sort code (a sort code beside a GB IBAN must be the one it holds), typed with hyphens.
        sortCode: "60-16-13",
        iban: "gb29 nwbk 6016 1331 9268 19",
        swiftBic: "nwbk gb 2l",
        bankCountry: "GB",
      },
      passport: { ...kycInfo.passport, issuingCountry: "UK" },
    }
    const saved = await client.post("/api/user/update_profile", form({ kycInfo: JSON.stringify(typed) }))
    expect(saved.status).toBe(200)
    expect((await json(saved)).user.kycInfo).toMatchObject({
      address: { country: "United Kingdom" },
      contactInfo: { phoneNumber: "7700900123" },
      bankDetails: {
        bankAccountNumber: "31926819",
        sortCode: "601613",
        iban: "GB29NWBK60161331926819",
        swiftBic: "NWBKGB2L",
        bankCountry: "United Kingdom",
      },
      passport: { issuingCountry: "United Kingdom" },
    })
  })

  it("refuses a country that is not on the ISO 3166 list, and a malformed SWIFT/BIC, with their messages", async () => {
    const client = await newMember("jon@example.com")
    const bad = await client.post(
      "/api/user/update_profile",
      form({
        kycInfo: JSON.stringify({
          ...kycInfo,
          address: { ...kycInfo.address, country: "Atlantis" },
          bankDetails: { ...kycInfo.bankDetails, bankCountry: "Europe", swiftBic: "NWBK" },
          passport: { ...kycInfo.passport, issuingCountry: "Gondor" },
        }),
      }),
    )
    expect(bad.status).toBe(400)
    expect((await json(bad)).errors).toEqual([
      { path: "kycInfo.address.country", message: "Country must be one of the listed countries" },
      { path: "kycInfo.bankDetails.swiftBic", message: "SWIFT/BIC must be 8 or 11 letters and digits" },
      {
        path: "kycInfo.bankDetails.bankCountry",
        message: "Bank country must be one of the listed countries",
      },
      {
        path: "kycInfo.passport.issuingCountry",
        message: "Issuing country must be one of the listed countries",
      },
    ])
  })

  it("refuses invalid details with the spec's messages and saves nothing", async () => {
    const client = await newMember("hal@example.com")
    const bad = await client.post(
      "/api/user/update_profile",
      form({
        kycInfo: JSON.stringify({ ...kycInfo, bankDetails: { ...kycInfo.bankDetails, iban: "xx12" } }),
      }),
    )
    expect(bad.status).toBe(400)
    expect((await json(bad)).errors).toContainEqual({
      path: "kycInfo.bankDetails.iban",
      message: "Invalid IBAN format",
    })
    const me = await json(await client.get("/api/user"))
    expect(me.user.kycStatus).toBe("UnVerified")
  })
})
