/**
 * The emails of the money steps (issue 27), end to end: the steps taken over HTTP on the real app (embedded
 * database, demo seed), the email each one put in the outbox in its own transaction, rendered as the outbox
 * worker renders it: naming the order, its reference where it has one, and linking to the order's page.
 */

import type { Account } from "@landunits/core/accounts/AccountModel.ts"
import { AccountService } from "@landunits/core/accounts/AccountService.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { InvoiceSettings } from "@landunits/core/invoices/ports/InvoiceSettings.ts"
import { AMOUNT_TAX_NOTE } from "@landunits/core/invoices/TaxWords.ts"
import { LedgerService } from "@landunits/core/ledger/LedgerService.ts"
import { OrderEmail } from "@landunits/core/orders/OrderEmails.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { CONVERT_LOCK_MS } from "@landunits/core/shared/Constants.ts"
import { IdempotencyKey, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "../../src/demo/DemoSeed.ts"
import { renderEmail } from "../../src/email/EmailTemplates.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, makeClient, useTestServer } from "../support/TestServer.ts"

const APP_URL = "https://landunits.example"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)

interface Outboxed {
  readonly to: string
  readonly data: Record<string, string>
}

/** The emails of `template` in the outbox, oldest first. */
const outbox = (template: string) =>
  server.run(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{ to_address: string; data: Record<string, string> }>`
        SELECT to_address, data FROM mail_outbox WHERE template = ${template} ORDER BY id`
      return rows.map((r): Outboxed => ({ to: r.to_address, data: r.data }))
    }),
  )

/** The one email of `template` about `orderId`, rendered with the app's URL. */
const rendered = async (template: string, orderId: string) => {
  const found = (await outbox(template)).filter((e) => e.data.orderId === orderId)
  expect(found).toHaveLength(1)
  const email = renderEmail(template, found[0]!.data, `${APP_URL}/`)
  if (!("subject" in email)) throw new Error(email.message)
  return { to: found[0]!.to, ...email }
}

const orderPage = (orderId: string) => `${APP_URL}/dashboard/transaction/${orderId}`

const signIn = async (email: string, password: string) => {
  const client = makeClient(server)
  await client.get("/api/health")
  expect((await client.post("/api/auth/login", { email, password })).status).toBe(200)
  return client
}

let keys = 0
const order = async (client: Awaited<ReturnType<typeof signIn>>, body: unknown) => {
  const answer = await client.post("/api/order/create_order", body, {
    headers: { "idempotency-key": `order-emails-${++keys}` },
  })
  expect(answer.status).toBe(200)
  return (await json(answer)).orderCreatedData as { orderId: string }
}

const recipient = "rory.recipient@example.com"

let recipientRegistered = false

/** A registered and confirmed member to receive a transfer (registered once). */
const registerRecipient = async () => {
  if (recipientRegistered) return
  recipientRegistered = true
  const client = makeClient(server)
  await client.get("/api/health")
  await client.post("/api/user/register", {
    email: recipient,
    firstName: "Rory",
    lastName: "Recipient",
    password: "secret9",
    userType: "USER",
    termsAccepted: true,
  })
  const [confirm] = (await outbox("confirm-email")).filter((e) => e.to === recipient)
  await client.get(`/api/auth/confirmation/${confirm!.data.token}`)
}

describe("an email at every money step, naming the order and linking to its page", () => {
  let buyId = ""

  it("a bank buy's payment started: the amount, the IBAN, the reference and the deadline with its time zone", async () => {
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    buyId = (
      await order(demo, {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 100 },
        paymentDetails: { paymentMethod: "bank" },
      })
    ).orderId
    // Placing the order alone sends nothing: the instructions are fixed when its payment starts.
    expect((await outbox(OrderEmail.bankInstructions)).filter((e) => e.data.orderId === buyId)).toEqual([])
    const started = await demo.post(
      "/api/order/start_payment",
      { orderId: buyId },
      { headers: { "idempotency-key": `start-${buyId}` } },
    )
    expect(started.status).toBe(200)
    const { paymentInstructions } = await json(started)
    const email = await rendered(OrderEmail.bankInstructions, buyId)
    expect(email.to).toBe(DEMO_EMAIL)
    expect(email.subject).toBe(`How to pay your order ${buyId}`)
    expect(email.text).toContain(`Payment reference: ${buyId.slice(-5)}`)
    expect(email.text).toContain(`IBAN: ${paymentInstructions.bankDetails.iban}`)
    expect(email.text).toMatch(/Amount: \$\d[\d,]*\.\d\d/)
    expect(email.text).toContain(AMOUNT_TAX_NOTE)
    expect(email.text).toMatch(/Pay before [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC\./)
    expect(email.text).toContain(orderPage(buyId))
    expect(email.html).toContain(`<a href="${orderPage(buyId)}">See your order</a>`)
    expect(email.html).toContain(`Payment reference: ${buyId.slice(-5)}<br>`)
  })

  it("the payment confirmed: the Units are owned", async () => {
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make(`confirm-${buyId}`),
          orderId: OrderId.make(buyId),
        }),
      ),
    )
    const email = await rendered(OrderEmail.paymentConfirmed, buyId)
    expect(email.to).toBe(DEMO_EMAIL)
    expect(email.text).toContain(`(reference ${buyId.slice(-5)})`)
    expect(email.text).toContain("Your 100 Unit ($) are now in your Units Owned.")
    expect(email.text).toContain(AMOUNT_TAX_NOTE)
    expect(email.text).toContain(orderPage(buyId))
    // No issuer is set in this installation: no invoice, and the email does not speak of one.
    expect(email.text).not.toContain("invoice")
  })

  it("the payment confirmed with its invoice issued (issue 46): the email names it and links to the order's page", async () => {
    await server.run(
      Effect.gen(function* () {
        const settings = yield* InvoiceSettings
        yield* settings.setIssuer({
          issuerId: "emails",
          legalName: "Landunits B.V.",
          address: "Keizersgracht 1, Amsterdam",
          registrationId: "KvK 12345678",
          taxId: "NL123456789B01",
        })
        yield* settings.setTaxTreatment("USD", { _tag: "OutOfScope", words: "Outside the scope of VAT" })
      }),
    )
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const { orderId } = await order(demo, {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 10 },
      paymentDetails: { paymentMethod: "bank" },
    })
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make(`confirm-${orderId}`),
          orderId: OrderId.make(orderId),
        }),
      ),
    )
    const email = await rendered(OrderEmail.paymentConfirmed, orderId)
    expect(email.to).toBe(DEMO_EMAIL)
    expect(email.text).toContain(
      "Your invoice emails-000001 is on your order's page: download it there as a PDF.",
    )
    expect(email.text).toContain(orderPage(orderId))
    expect(email.html).toContain(`<a href="${orderPage(orderId)}">See your order and its invoice</a>`)
  })

  it("a sale placed: its fee and what went to the queue", async () => {
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const { orderId } = await order(demo, {
      orderType: "SELL",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 30 },
    })
    const email = await rendered(OrderEmail.salePlaced, orderId)
    expect(email.to).toBe(DEMO_EMAIL)
    expect(email.text).toContain(`Your order ${orderId} sells 30 Unit ($). The sale fee is 10 Unit ($)`)
    expect(email.text).toContain(orderPage(orderId))
  })

  it("a sale partly filled, then all sold: to the seller, what each buy took, what it pays and what still waits", async () => {
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const { orderId } = await order(demo, {
      orderType: "SELL",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 40 },
    })
    const queue = await server.run(Effect.flatMap(OrderService, (orders) => orders.salesQueue(["LAND_USD"])))
    const { unitsAhead, remaining } = queue.find((row) => row.order.orderId === orderId)!.standing
    expect(remaining).toBe(30)
    const boughtAndConfirmed = async (units: number) => {
      const { orderId: buy } = await order(demo, {
        orderType: "BUY",
        confirmsBusinessPurpose: true,
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: units },
        paymentDetails: { paymentMethod: "bank" },
      })
      await server.run(
        Effect.flatMap(OrderService, (orders) =>
          orders.confirmPayment({
            actor: ADMIN,
            idempotencyKey: IdempotencyKey.make(`confirm-${buy}`),
            orderId: OrderId.make(buy),
          }),
        ),
      )
    }
    // The Units ahead and 10 of this sale's.
    await boughtAndConfirmed(unitsAhead + 10)
    const partly = await rendered(OrderEmail.salePartlyFilled, orderId)
    expect(partly.to).toBe(DEMO_EMAIL)
    expect(partly.subject).toBe(`Part of your sale is sold: order ${orderId}`)
    expect(partly.text).toContain(`A buyer took 10 Unit ($) of your sale ${orderId}: $`)
    expect(partly.text).toContain(
      "Sold so far: 10 Unit ($) of the 30 Unit ($) in the sales queue; 20 Unit ($) still wait",
    )
    expect(partly.text).toContain(orderPage(orderId))
    expect(
      await outbox(OrderEmail.saleAllSold).then((all) => all.filter((e) => e.data.orderId === orderId)),
    ).toEqual([])
    await boughtAndConfirmed(20)
    const allSold = await rendered(OrderEmail.saleAllSold, orderId)
    expect(allSold.subject).toBe(`Your sale is all sold: order ${orderId}`)
    expect(allSold.text).toContain(`A buyer took the last 20 Unit ($) of your sale ${orderId}`)
    expect(allSold.text).toContain("all 30 Unit ($) are sold")
    expect(allSold.html).toContain(`<a href="${orderPage(orderId)}">See your order</a>`)
  })

  it("a transfer received: to the recipient, who may open that order's page", async () => {
    await registerRecipient()
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const { orderId } = await order(demo, {
      orderType: "TRANSFER",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
      recipientEmail: recipient,
    })
    const email = await rendered(OrderEmail.transferReceived, orderId)
    expect(email.to).toBe(recipient)
    expect(email.subject).toBe("You received 5 Unit ($)")
    expect(email.text).toContain(`Dana Demo transferred 5 Unit ($) to you (order ${orderId})`)
    expect(email.text).toContain(orderPage(orderId))
    const rory = await signIn(recipient, "secret9")
    const details = await rory.get(`/api/order/get_order_details/${orderId}`)
    expect(details.status).toBe(200)
    expect((await json(details)).orderData).toMatchObject({ orderId, orderType: "TRANSFER" })
  })

  it("a business's transfer (issue 46): the recipient reads the business's name, and the sender gets an email too", async () => {
    await registerRecipient()
    const setDemo = (change: (account: Account) => Account) =>
      server.run(
        Effect.gen(function* () {
          const accounts = yield* AccountRepository
          const account = yield* accounts.findByEmail(DEMO_EMAIL)
          if (Option.isNone(account)) throw new Error("the demo member is not seeded")
          yield* accounts.update(change(account.value))
        }),
      )
    await setDemo((account) => ({ ...account, userType: "BUSINESS", businessName: "Demo Holdings Ltd" }))
    try {
      const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
      const { orderId } = await order(demo, {
        orderType: "TRANSFER",
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 3 },
        recipientEmail: recipient,
      })
      const received = await rendered(OrderEmail.transferReceived, orderId)
      expect(received.to).toBe(recipient)
      expect(received.text).toContain(`Demo Holdings Ltd transferred 3 Unit ($) to you (order ${orderId})`)
      expect(received.text).not.toContain("Dana Demo")
      const sent = await rendered(OrderEmail.transferSent, orderId)
      expect(sent.to).toBe(DEMO_EMAIL)
      expect(sent.subject).toBe("You sent 3 Unit ($)")
      expect(sent.text).toContain("Hello Demo Holdings Ltd,")
      expect(sent.text).toContain(`You transferred 3 Unit ($) to Rory R. (order ${orderId})`)
      expect(sent.text).toContain(orderPage(orderId))
    } finally {
      await setDemo(({ businessName: _, ...account }) => ({ ...account, userType: "USER" }))
    }
  })

  it("converted Units unlocked after 30 days", async () => {
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const { orderId } = await order(demo, {
      orderType: "CONVERT",
      currencyUnit: { unitType: "LAND_USD", numberOfUnits: 10 },
      convert: { unitType: "LAND_EUR" },
    })
    const later = Date.now() + CONVERT_LOCK_MS + 60_000
    await server.run(
      TestClock.setTime(later).pipe(
        Effect.andThen(
          Effect.flatMap(OrderService, (orders) =>
            orders.unlockDue({ idempotencyKey: IdempotencyKey.make(`unlock-${orderId}`) }),
          ),
        ),
        Effect.provide(TestClock.layer()),
      ),
    )
    const email = await rendered(OrderEmail.convertUnlocked, orderId)
    expect(email.to).toBe(DEMO_EMAIL)
    expect(email.text).toMatch(/: \d+ Unit \(€\) are now in your Units Owned\./)
    expect(email.text).toContain(orderPage(orderId))
  })
})

describe("a transfer to a disabled member", () => {
  const disabledEmail = "dora.disabled@example.com"

  it("is refused over HTTP as one to an unknown email (404, the same words): nothing moves, nobody is emailed", async () => {
    const client = makeClient(server)
    await client.get("/api/health")
    await client.post("/api/user/register", {
      email: disabledEmail,
      firstName: "Dora",
      lastName: "Disabled",
      password: "secret9",
      userType: "USER",
      termsAccepted: true,
    })
    const [confirm] = (await outbox("confirm-email")).filter((e) => e.to === disabledEmail)
    await client.get(`/api/auth/confirmation/${confirm!.data.token}`)
    const dora = await server.run(
      Effect.gen(function* () {
        const account = yield* (yield* AccountRepository).findByEmail(disabledEmail)
        if (Option.isNone(account)) throw new Error("Dora is not registered")
        return yield* (yield* AccountService).disable(account.value.memberId)
      }),
    )
    const demo = await signIn(DEMO_EMAIL, DEMO_PASSWORD)
    const name = await demo.get(`/api/user/getUserNameByEmail?email=${encodeURIComponent(disabledEmail)}`)
    const unknownName = await demo.get("/api/user/getUserNameByEmail?email=nobody.here%40example.com")
    expect(name.status).toBe(404)
    expect(unknownName.status).toBe(404)
    expect((await json(name)).message).toBe(`No member is registered with the email ${disabledEmail}`)

    const emailsBefore = (await outbox(OrderEmail.transferReceived)).length
    const refused = await demo.post(
      "/api/order/create_order",
      {
        orderType: "TRANSFER",
        currencyUnit: { unitType: "LAND_USD", numberOfUnits: 5 },
        recipientEmail: disabledEmail,
      },
      { headers: { "idempotency-key": `order-emails-${++keys}` } },
    )
    expect(refused.status).toBe(404)
    expect((await json(refused)).message).toBe(`No member is registered with the email ${disabledEmail}`)
    const owned = await server.run(
      Effect.flatMap(LedgerService, (ledger) => ledger.balance(dora.memberId, "LAND_USD", "owned")),
    )
    expect(owned).toBe(0)
    expect(await outbox(OrderEmail.transferReceived)).toHaveLength(emailsBefore)
    expect((await outbox(OrderEmail.transferReceived)).filter((e) => e.to === disabledEmail)).toEqual([])
  })
})

describe("a crypto buy's instructions", () => {
  it("give the coin amount, the receiving address and the deadline, and link to the order", () => {
    const email = renderEmail(
      OrderEmail.cryptoInstructions,
      {
        firstName: "Ann Lee",
        orderId: "ord_123abc",
        units: "10 Unit ($)",
        amount: "$101.00",
        coin: "BTC",
        coinAmount: "0.00101000",
        address: "bc1qexampleaddress",
        payBefore: "Jan 18, 2026, 12:00 AM UTC",
      },
      APP_URL,
    )
    if (!("subject" in email)) throw new Error(email.message)
    expect(email.subject).toBe("How to pay your order ord_123abc")
    expect(email.text).toContain("Amount: 0.00101000 BTC ($101.00)")
    expect(email.text).toContain(AMOUNT_TAX_NOTE)
    expect(email.text).toContain("Receiving address: bc1qexampleaddress")
    expect(email.text).toContain("Pay before Jan 18, 2026, 12:00 AM UTC.")
    expect(email.text).toContain(orderPage("ord_123abc"))
  })
})
