/**
 * The endpoints of issue 5 beyond the order flow, against the real server on an ephemeral port (embedded
 * database, demo seed): for each its happy path, its refusal of an anonymous caller where it is a member
 * route (401), its invalid input (400 with the messages) and its conflicts.
 */

import { adminActor } from "@landunits/core/access/AccessModel.ts"
import { formatIsoDate } from "@landunits/core/format/Format.ts"
import { VoteId } from "@landunits/core/governance/GovernanceModel.ts"
import { GovernanceService } from "@landunits/core/governance/GovernanceService.ts"
import { yourImpact } from "@landunits/core/impact/Impact.ts"
import { convertQuote } from "@landunits/core/orders/Convert.ts"
import { OrderService } from "@landunits/core/orders/OrderService.ts"
import { listPayouts } from "@landunits/core/orders/PayoutsAdmin.ts"
import { ExchangeRates } from "@landunits/core/pricing/ports/ExchangeRates.ts"
import { PriceBook } from "@landunits/core/pricing/ports/PriceBook.ts"
import { PricingSettings } from "@landunits/core/pricing/ports/PricingSettings.ts"
import { IdempotencyKey, MemberId, OrderId } from "@landunits/core/shared/Ids.ts"
import { ADMIN } from "@landunits/core/test-support/OrderHarness.ts"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { layerApp } from "../../src/app/AppLayer.ts"
import { DEMO_EMAIL, seedDemo } from "../../src/demo/DemoSeed.ts"
import { serveHttp } from "../../src/http/server/HttpApp.ts"
import { apiMembers } from "../support/ApiMembers.ts"
import { pgliteTarget } from "../support/Databases.ts"
import { json, useTestServer } from "../support/TestServer.ts"

const server = useTestServer(
  Layer.mergeAll(serveHttp({ port: 0, development: true }), Layer.effectDiscard(seedDemo)).pipe(
    Layer.provideMerge(layerApp(pgliteTarget().layer)),
  ),
)
const { anonymous, signedIn, newMember } = apiMembers(server)

const DAY = 86_400_000
const today = () => formatIsoDate(Date.now())

/** Buys Units as the client's member by bank transfer, and has an admin confirm the payment. */
const ownUnits = async (
  client: Awaited<ReturnType<typeof signedIn>>,
  unitType: string,
  units: number,
  key: string,
) => {
  const created = await client.post(
    "/api/order/create_order",
    {
      orderType: "BUY",
      confirmsBusinessPurpose: true,
      currencyUnit: { unitType, numberOfUnits: units },
      paymentDetails: { paymentMethod: "bank" },
    },
    { headers: { "idempotency-key": key } },
  )
  expect(created.status).toBe(200)
  const orderId = (await json(created)).orderCreatedData.orderId as string
  await server.run(
    Effect.flatMap(OrderService, (orders) =>
      orders.confirmPayment({
        actor: ADMIN,
        idempotencyKey: IdempotencyKey.make(`confirm-${key}`),
        orderId: OrderId.make(orderId),
      }),
    ),
  )
  return orderId
}

describe("market data over HTTP (public)", () => {
  it("answers the fees page: every unit type's platform fees and each payment method's fees", async () => {
    const client = await anonymous()
    const response = await client.get("/api/market/fees")
    expect(response.status).toBe(200)
    const page = await json(response)
    expect(page.fees).toHaveLength(4)
    expect(page.fees.find((f: { unitType: string }) => f.unitType === "LAND_AUD")).toEqual({
      unitType: "LAND_AUD",
      currency: "AUD",
      buyOrderTransactionFeeInCents: 160,
      sellOrderTransactionFeeInUnits: 10,
      convertOrderTransactionFeeInUnits: 0,
    })
    expect(page.externalFees["card-stripe"]).toEqual({ fixedCentsFees: 25, fixedPercentageFees: 1.5 })
    expect(Object.keys(page.externalFees).sort()).toEqual(["bank", "card-square", "card-stripe", "crypto"])
  })

  it("answers the statistics: land values, totalAmountsConvertedFromGBP at today's rates, project totals; the same landUnitStats as GET /user", async () => {
    const client = await signedIn()
    const stats = await json(await client.get("/api/market/statistics"))
    const bundle = await json(await client.get("/api/user"))
    expect(stats.landUnitStats).toEqual(bundle.landUnitStats)
    const rate = (from: string, to: string) =>
      from === to
        ? 1_000_000
        : bundle.exchangeRate.find((r: { from: string; to: string }) => r.from === from && r.to === to).rate
    const toGbp = (cents: number, from: string) => Math.round((cents * rate(from, "GBP")) / 1_000_000)
    const l = stats.landUnitStats
    const pound =
      toGbp(l.landValues_eur, "EUR") +
      toGbp(l.landValues_usd, "USD") +
      toGbp(l.landValues_aud, "AUD") +
      toGbp(l.landValues_pound, "GBP")
    expect(stats.totalAmountsConvertedFromGBP).toEqual({
      pound,
      usd: Math.round((pound * rate("GBP", "USD")) / 1_000_000),
      euro: Math.round((pound * rate("GBP", "EUR")) / 1_000_000),
    })
    expect(stats.projectTotals.map((t: { unitType: string }) => t.unitType)).toEqual([
      "LAND_EUR",
      "LAND_USD",
      "LAND_AUD",
      "LAND_POUND",
    ])
    expect(stats.projectTotals[0].totalProjectLandValueInCents).toBe(l.landValues_eur)
  })

  it("answers today's exchange rates for every pair, and one pair's rate in effect day by day", async () => {
    const client = await anonymous()
    const now = await json(await client.get("/api/market/exchange-rates"))
    expect(now.exchangeRate).toHaveLength(12)
    expect(now.exchangeRate.every((r: { day: string }) => r.day === today())).toBe(true)
    // A rate set three days ago holds until today's rate replaces it; no day before the first rate is invented.
    await server.run(
      Effect.flatMap(PricingSettings, (s) =>
        s.setRate({ from: "EUR", to: "GBP", rate: 840_000, day: formatIsoDate(Date.now() - 3 * DAY) }),
      ),
    )
    const daily = await json(await client.get("/api/market/exchange-rates/daily?from=EUR&to=GBP&days=5"))
    expect(daily.dailyExchangeRate.map((r: { day: string; rate: number }) => [r.day, r.rate])).toEqual([
      [formatIsoDate(Date.now() - 3 * DAY), 840_000],
      [formatIsoDate(Date.now() - 2 * DAY), 840_000],
      [formatIsoDate(Date.now() - DAY), 840_000],
      [today(), 850_000],
    ])
    const same = await json(await client.get("/api/market/exchange-rates/daily?from=USD&to=USD&days=2"))
    expect(same.dailyExchangeRate.map((r: { rate: number }) => r.rate)).toEqual([1_000_000, 1_000_000])
  })

  it("refuses a daily history outside 1 to 366 days, or of an unknown currency, with 400 and the message", async () => {
    const client = await anonymous()
    const tooMany = await client.get("/api/market/exchange-rates/daily?from=EUR&to=GBP&days=400")
    expect(tooMany.status).toBe(400)
    expect((await json(tooMany)).errors).toEqual([
      { path: "days", message: "days must be a whole number from 1 to 366" },
    ])
    const unknown = await client.get("/api/market/exchange-rates/daily?from=XYZ&to=GBP")
    expect(unknown.status).toBe(400)
    expect((await json(unknown)).errors[0].path).toBe("from")
  })

  it("answers a unit type's prices day by day from its schedule, every change an admin made, and the convert rates (public)", async () => {
    const client = await anonymous()
    const from = formatIsoDate(Date.now() - 4 * DAY)
    const before = await json(
      await client.get(`/api/prices/history?unitType=LAND_EUR&from=${from}&to=${today()}`),
    )
    expect(before).toMatchObject({ unitType: "LAND_EUR", currency: "EUR", from, to: today() })
    // The demo's schedule: base on its base date, 5% a year, one price each day, rising or flat.
    expect(before.prices.map((p: { day: string }) => p.day)).toEqual(
      [4, 3, 2, 1, 0].map((d) => formatIsoDate(Date.now() - d * DAY)),
    )
    const todays = (await json(await (await signedIn()).get("/api/order/get_price"))).find(
      (p: { unitType: string }) => p.unitType === "LAND_EUR",
    )
    expect(before.prices.at(-1).pricePerUnit).toBe(todays.pricePerUnit)
    expect(before.changes).toEqual([])
    expect(
      new Set(before.exchangeRates.map((r: { from: string; to: string }) => `${r.from}->${r.to}`)),
    ).toEqual(new Set(["EUR->USD", "EUR->AUD", "EUR->GBP"]))
    // An admin sets a new schedule today: today's price follows it, and the change is listed with its date.
    await server.run(
      Effect.flatMap(PricingSettings, (s) =>
        Effect.flatMap(s.units, (units) => {
          const eur = units.find((u) => u.schedule.unitType === "LAND_EUR")!
          return s.setUnit({
            ...eur,
            schedule: { ...eur.schedule, basePrice: 20_000, baseDate: today(), growthPerYearPercent: 5 },
          })
        }),
      ),
    )
    const after = await json(await client.get(`/api/prices/history?unitType=LAND_EUR&from=${from}`))
    expect(after.prices.slice(0, 4)).toEqual(before.prices.slice(0, 4))
    expect(after.prices.at(-1)).toEqual({ day: today(), pricePerUnit: 20_000 })
    expect(after.changes).toEqual([
      expect.objectContaining({
        day: today(),
        basePrice: 20_000,
        baseDate: today(),
        pricePerUnitBefore: before.prices.at(-1).pricePerUnit,
        pricePerUnitAfter: 20_000,
      }),
    ])
  })

  it("refuses a price history of an unknown unit type, a bad date, a backwards, too long or future range, with 400 and the field", async () => {
    const client = await anonymous()
    const errorsOf = async (query: string) => {
      const response = await client.get(`/api/prices/history?${query}`)
      expect(response.status, query).toBe(400)
      return (await json(response)).errors
    }
    expect((await errorsOf("unitType=LAND_XYZ"))[0].path).toBe("unitType")
    expect(await errorsOf("unitType=LAND_EUR&from=2026-02-30")).toEqual([
      { path: "from", message: "Enter a date as yyyy-mm-dd" },
    ])
    expect(await errorsOf("unitType=LAND_EUR&from=2026-03-05&to=2026-03-01")).toEqual([
      { path: "to", message: "The end date must be on or after the start date" },
    ])
    expect(await errorsOf("unitType=LAND_EUR&from=2025-01-01&to=2026-01-02")).toEqual([
      { path: "to", message: "A price history covers at most 366 days" },
    ])
    const tomorrow = formatIsoDate(Date.now() + DAY)
    expect(await errorsOf(`unitType=LAND_EUR&to=${tomorrow}`)).toEqual([
      {
        path: "to",
        message: `Prices are known up to today (${today()}): the end date must be today or earlier`,
      },
    ])
  })

  it("answers the platform's impact metrics: each one summed over every land project, open and closed", async () => {
    const client = await anonymous()
    const response = await client.get("/api/utility/get-env-metrics")
    expect(response.status).toBe(200)
    expect(await json(response)).toEqual({
      envMetrics: {
        co2Offset: 505,
        forestIncrease: 79,
        naturalNitrogen: 98,
        organicIncrease: 240,
        pesticideElimination: 290,
        hedgerowIncrease: 31,
      },
      projectCount: 3,
    })
  })
})

describe("land projects over HTTP (public)", () => {
  it("lists open and closed projects apart, each with its impact metrics, and answers one project's details", async () => {
    const client = await anonymous()
    const open = await json(await client.get("/api/content/projects?status=open"))
    const closed = await json(await client.get("/api/content/projects?status=closed"))
    expect(open.map((p: { id: string }) => p.id)).toEqual(["kent-orchard", "dordogne-woodland"])
    expect(closed.map((p: { id: string }) => p.id)).toEqual(["victoria-grassland"])
    const details = await json(await client.get("/api/content/projects/kent-orchard"))
    expect(details).toMatchObject({ status: "open", impactMetrics: { co2Offset: 120, hedgerowIncrease: 18 } })
    expect((await client.get("/api/content/projects/nowhere")).status).toBe(404)
    expect((await client.get("/api/content/projects?status=sold")).status).toBe(400)
  })
})

describe("reference codes over HTTP (member route)", () => {
  it("answers an active code's discount terms; unknown and disabled codes alike with 404; an empty code with 400", async () => {
    const client = await signedIn()
    const found = await client.get("/api/referencecode/get_discount_by_reference_code?code=WELCOME10")
    expect(found.status).toBe(200)
    expect(await json(found)).toEqual({
      discount: { code: "WELCOME10", isPercent: true, amount: 10, minPaymentAmountInCents: 5_000 },
    })
    await server.run(
      Effect.flatMap(PricingSettings, (s) =>
        s.setDiscountCode({
          code: "OLD5",
          isPercent: false,
          amount: 500,
          minPaymentAmountInCents: 0,
          active: false,
        }),
      ),
    )
    for (const code of ["NOPE", "OLD5"]) {
      const missing = await client.get(`/api/referencecode/get_discount_by_reference_code?code=${code}`)
      expect(missing.status, code).toBe(404)
      expect((await json(missing)).message).toBe("This reference code is not valid or is no longer active.")
    }
    const empty = await client.get("/api/referencecode/get_discount_by_reference_code?code=")
    expect(empty.status).toBe(400)
    expect((await json(empty)).errors).toEqual([{ path: "code", message: "Reference code is required" }])
    const guest = await anonymous()
    expect((await guest.get("/api/referencecode/get_discount_by_reference_code?code=WELCOME10")).status).toBe(
      401,
    )
  })
})

describe("payment intents over HTTP (member route)", () => {
  it("answers what the member's own buy holds about its payment and whether it runs in test mode; a sell has none (409)", async () => {
    const client = await signedIn()
    const created = await json(
      await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 2 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": "intent-buy-1" } },
      ),
    )
    const order = created.orderCreatedData
    const response = await client.get(`/api/order/get_payment_intent/${order.orderId}`)
    expect(response.status).toBe(200)
    const { paymentIntent } = await json(response)
    expect(paymentIntent).toMatchObject({
      orderId: order.orderId,
      orderStatus: "Initiated",
      paymentMethod: "bank",
      paymentAmount: order.paymentDetails.paymentAmount,
      currency: "USD",
      bankReference: order.orderId.slice(-5),
      testMode: false,
    })
    expect(paymentIntent.expiresAt).toBeGreaterThan(Date.now())
    expect(paymentIntent.clientSecret).toBeUndefined()

    // This server has no Stripe keys: a card-stripe buy runs in the built-in test mode, and says so.
    const card = await json(
      await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_USD", numberOfUnits: 2 },
          paymentDetails: { paymentMethod: "card-stripe" },
        },
        { headers: { "idempotency-key": "intent-card-1" } },
      ),
    )
    const cardIntent = await json(
      await client.get(`/api/order/get_payment_intent/${card.orderCreatedData.orderId}`),
    )
    expect(cardIntent.paymentIntent).toMatchObject({ paymentMethod: "card-stripe", testMode: true })

    await ownUnits(client, "LAND_EUR", 30, "intent-own-1")
    const sell = await json(
      await client.post(
        "/api/order/create_order",
        { orderType: "SELL", currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 15 } },
        { headers: { "idempotency-key": "intent-sell-1" } },
      ),
    )
    const noIntent = await client.get(`/api/order/get_payment_intent/${sell.orderCreatedData.orderId}`)
    expect(noIntent.status).toBe(409)
    expect((await json(noIntent)).message).toBe("Only a buy order has a payment")
    expect((await client.get("/api/order/get_payment_intent/ord_unknown")).status).toBe(404)
    expect((await (await anonymous()).get(`/api/order/get_payment_intent/${order.orderId}`)).status).toBe(401)
  })
})

describe("converts over HTTP (member route)", () => {
  it("answers a convert with its remainder in money (remainder… fields), stored with the order, and owes it to the member as a payout", async () => {
    const client = await signedIn()
    await ownUnits(client, "LAND_EUR", 10, "convert-own-1")
    const created = await client.post(
      "/api/order/create_order",
      {
        orderType: "CONVERT",
        currencyUnit: { unitType: "LAND_EUR", numberOfUnits: 10 },
        convert: { unitType: "LAND_POUND" },
      },
      { headers: { "idempotency-key": "convert-remainder-1" } },
    )
    expect(created.status).toBe(200)
    const order = (await json(created)).orderCreatedData
    // The day's prices and rate, as the engine read them: the remainder is core's formula of them.
    const [from, to, rate] = await server.run(
      Effect.all([
        Effect.flatMap(PriceBook, (p) => p.unitPrice("LAND_EUR")),
        Effect.flatMap(PriceBook, (p) => p.unitPrice("LAND_POUND")),
        Effect.flatMap(ExchangeRates, (r) => r.rate("EUR", "GBP")),
      ]),
    )
    const quote = convertQuote({
      units: 10,
      fromPricePerUnit: from.pricePerUnit,
      toPricePerUnit: to.pricePerUnit,
      exchangeRate: rate.rate,
      feeUnits: 0,
    })
    // The demo's prices make the convert: 10 Unit (€) are 9.9996 Unit (£), about €10.55 left.
    expect(quote.remainderCents).toBeGreaterThan(0)
    expect(order.convert).toMatchObject({
      numberOfUnits: quote.units,
      unitType: "LAND_POUND",
      remainderInCents: quote.remainderCents,
      remainderCurrency: "EUR",
      convertOrderTransactionFeeInCents: 0,
    })
    expect(order.convert.remainderPayoutId).toMatch(/^pay_/)
    const details = await json(await client.get(`/api/order/get_order_details/${order.orderId}`))
    expect(details.orderData.convert).toEqual(order.convert)
    // The member reads it on the convert's page, with its kind: no Units, the remainder's money.
    expect(details.orderData.payouts).toEqual([
      expect.objectContaining({
        payoutId: order.convert.remainderPayoutId,
        kind: "convertRemainder",
        orderId: order.orderId,
        units: 0,
        amountCents: quote.remainderCents,
        currency: "EUR",
        status: "Initiated",
      }),
    ])
    // Owed to the member through the payouts a sale uses: the admin's list shows it.
    const owed = await server.run(listPayouts({ member: DEMO_EMAIL }))
    expect(owed.filter((p) => p.sellOrderId === order.orderId)).toEqual([
      expect.objectContaining({
        payoutId: order.convert.remainderPayoutId,
        kind: "convertRemainder",
        amountCents: quote.remainderCents,
        currency: "EUR",
        status: "Initiated",
      }),
    ])
  })
})

describe("governance over HTTP (member routes)", () => {
  it("lists open votes; a member with Units passes the quiz and votes once; closed votes carry their results", async () => {
    const member = await newMember("voter@example.com")
    const open = await json(await member.get("/api/governance/open-voting"))
    expect(open.map((v: { voteId: string }) => v.voteId)).toEqual(["vote_hedgerows"])
    expect(open[0]).toMatchObject({ voteState: "vote_not_submitted", answer: "", eligible: false })
    // Without Units: refused (403 is NotEligibleToVote's status).
    expect((await member.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "y" })).status).toBe(
      403,
    )

    const owner = await signedIn()
    await ownUnits(owner, "LAND_POUND", 5, "vote-own-1")
    const wrong = await json(
      await owner.post("/api/governance/votes/vote_hedgerows/quiz", { answers: { q1: "b" } }),
    )
    expect(wrong).toEqual({
      quizAnswer: "answer_submitted",
      quizResult: "all_right_answer_not_given",
      wrongQuestionIds: ["q1"],
    })
    expect((await owner.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "y" })).status).toBe(
      409,
    )
    await owner.post("/api/governance/votes/vote_hedgerows/quiz", { answers: { q1: "a" } })
    const ballot = await owner.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "y" })
    expect(ballot.status).toBe(200)
    expect((await json(ballot)).answer).toBe("y")
    expect((await owner.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "n" })).status).toBe(
      409,
    )
    const invalid = await owner.post("/api/governance/votes/vote_hedgerows/ballot", { answer: "maybe" })
    expect(invalid.status).toBe(400)
    // Results wait for the close.
    expect((await owner.get("/api/governance/votes/vote_hedgerows/results")).status).toBe(409)
    expect(await json(await owner.get("/api/governance/close-voting"))).toEqual([])

    await server.run(
      Effect.flatMap(GovernanceService, (g) =>
        g.closeVote(adminActor(MemberId.make("mem_demo")), VoteId.make("vote_hedgerows")),
      ),
    )
    const closed = await json(await owner.get("/api/governance/close-voting"))
    expect(closed).toHaveLength(1)
    expect(closed[0]).toMatchObject({
      voteId: "vote_hedgerows",
      voteState: "vote_closed",
      answer: "y",
      results: { yes: 1, no: 0, yesPercentage: 100, outcome: "Yes" },
    })
    expect(await json(await owner.get("/api/governance/open-voting"))).toEqual([])
    const results = await json(await owner.get("/api/governance/votes/vote_hedgerows/results"))
    expect(results.outcome).toBe("Yes")
    const guest = await anonymous()
    expect((await guest.get("/api/governance/close-voting")).status).toBe(401)
    expect((await guest.get("/api/governance/open-voting")).status).toBe(401)
  })
})

describe("the member's dashboard data over HTTP (member routes)", () => {
  it("answers holdings per unit type with the spec's fields, pending until paid and owned after", async () => {
    const client = await newMember("holder@example.com")
    const created = await json(
      await client.post(
        "/api/order/create_order",
        {
          orderType: "BUY",
          confirmsBusinessPurpose: true,
          currencyUnit: { unitType: "LAND_AUD", numberOfUnits: 4 },
          paymentDetails: { paymentMethod: "bank" },
        },
        { headers: { "idempotency-key": "holdings-buy-1" } },
      ),
    )
    const pending = (await json(await client.get("/api/user/holdings"))).holdings
    expect(pending.map((h: { unitType: string }) => h.unitType)).toEqual([
      "LAND_EUR",
      "LAND_USD",
      "LAND_AUD",
      "LAND_POUND",
    ])
    expect(pending[2]).toMatchObject({ owned: 0, pendingBuy: 4, currencyType: "AUD" })
    await server.run(
      Effect.flatMap(OrderService, (orders) =>
        orders.confirmPayment({
          actor: ADMIN,
          idempotencyKey: IdempotencyKey.make("holdings-confirm-1"),
          orderId: OrderId.make(created.orderCreatedData.orderId),
        }),
      ),
    )
    const owned = (await json(await client.get("/api/user/holdings"))).holdings[2]
    expect(owned).toMatchObject({
      owned: 4,
      owned_DOUBLE_LAND: 0,
      pendingBuy: 0,
      pendingSell: 0,
      convertLocked: 0,
    })
    expect(owned.total_value_bought).toBe(created.orderCreatedData.paymentDetails.subTotal)
    expect(owned.profit).toBe(owned.total_value_today - owned.total_value_bought)
    expect(Object.keys(owned).sort()).toEqual(
      [
        "unitType",
        "owned",
        "owned_DOUBLE_LAND",
        "pendingBuy",
        "pendingSell",
        "convertLocked",
        "total_value_bought",
        "total_value_today",
        "profit",
        "profit_percentage",
        "currencyType",
      ].sort(),
    )
    expect((await (await anonymous()).get("/api/user/holdings")).status).toBe(401)
  })

  it("answers the charts' history: Units held at each day's end, the day's price and their value; refuses days out of range", async () => {
    const client = await newMember("charts@example.com")
    await ownUnits(client, "LAND_USD", 6, "charts-own-1")
    const response = await client.get("/api/user/analytics?days=3")
    expect(response.status).toBe(200)
    const { userAnalytics } = await json(response)
    expect(userAnalytics.toDay).toBe(today())
    const usd = userAnalytics.series.find((s: { unitType: string }) => s.unitType === "LAND_USD")
    expect(usd.points.map((p: { day: string }) => p.day)).toEqual([
      formatIsoDate(Date.now() - 2 * DAY),
      formatIsoDate(Date.now() - DAY),
      today(),
    ])
    expect(usd.points.map((p: { units: number }) => p.units)).toEqual([0, 0, 6])
    const last = usd.points[2]
    expect(last.valueInCents).toBe(Math.round((6 * last.pricePerUnit) / 10))
    const bad = await client.get("/api/user/analytics?days=0")
    expect(bad.status).toBe(400)
    expect((await json(bad)).errors).toEqual([
      { path: "days", message: "days must be a whole number from 1 to 366" },
    ])
    expect((await (await anonymous()).get("/api/user/analytics")).status).toBe(401)
  })

  it("answers your impact: the share of the land value held today times each project total", async () => {
    const client = await newMember("impact@example.com")
    const none = await json(await client.get("/api/utility/get-your-impact"))
    expect(none.yourImpact).toEqual({
      co2Offset: 0,
      forestIncrease: 0,
      naturalNitrogen: 0,
      organicIncrease: 0,
      pesticideElimination: 0,
      hedgerowIncrease: 0,
    })
    await ownUnits(client, "LAND_EUR", 50_000, "impact-own-1")
    const holding = (await json(await client.get("/api/user/holdings"))).holdings[0]
    const stats = await json(await client.get("/api/market/statistics"))
    const mine = await json(await client.get("/api/utility/get-your-impact"))
    expect(mine.yourImpact.co2Offset).toBe(
      yourImpact({
        totalValueToday: holding.total_value_today,
        landValue: stats.landUnitStats.landValues_eur,
        projectTotal: 505,
      }),
    )
    expect(mine.yourImpact.co2Offset).toBeGreaterThan(0)
    expect((await (await anonymous()).get("/api/utility/get-your-impact")).status).toBe(401)
  })

  it("keeps each member's email subscriptions: marketing off until chosen, changes stored with their time", async () => {
    const client = await newMember("subs@example.com")
    const initial = await json(await client.get("/api/user/manage-user-subscriptions"))
    expect(initial.subscriptions).toEqual({
      newsletter: false,
      orderUpdates: true,
      governance: true,
      news: false,
      updatedAt: null,
    })
    const changed = await client.post("/api/user/manage-user-subscriptions", {
      newsletter: true,
      governance: false,
    })
    expect(changed.status).toBe(200)
    const saved = (await json(changed)).subscriptions
    expect(saved).toMatchObject({ newsletter: true, orderUpdates: true, governance: false, news: false })
    expect(saved.updatedAt).toBeGreaterThan(0)
    expect((await json(await client.get("/api/user/manage-user-subscriptions"))).subscriptions).toEqual(saved)
    // Sending the same choices again changes nothing, not even the time of consent.
    const again = await json(await client.post("/api/user/manage-user-subscriptions", { newsletter: true }))
    expect(again.subscriptions.updatedAt).toBe(saved.updatedAt)
    const invalid = await client.post("/api/user/manage-user-subscriptions", { newsletter: "yes" })
    expect(invalid.status).toBe(400)
    expect((await json(invalid)).errors[0].path).toBe("newsletter")
    const guest = await anonymous()
    expect((await guest.get("/api/user/manage-user-subscriptions")).status).toBe(401)
    expect((await guest.post("/api/user/manage-user-subscriptions", { news: true })).status).toBe(401)
  })
})
