import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { holdingOf } from "../../src/ledger/Holdings.ts"
import { HoldingsService } from "../../src/ledger/HoldingsService.ts"
import { ISSUANCE, member } from "../../src/ledger/LedgerModel.ts"
import { MemberId, OrderId, TransferId } from "../../src/shared/Ids.ts"
import { ADMIN, makeOrderHarness, type OrderHarness, setLand, unitPrice } from "../support/OrderHarness.ts"
import { bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const holdingsOf = (h: OrderHarness, memberId: MemberId) =>
  h.run(Effect.flatMap(HoldingsService, (s) => s.holdings(memberId)))

describe("holdings (spec §3 Unit holding), derived from the ledger", () => {
  it.effect("balances are the ledger's sums; total value bought is the average cost of the Units held", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 100) // 100 × 10.000 = 100,000 cents
      yield* h.run(buy(h, alice, 7))
      h.priceBook.current = {
        ...h.priceBook.current,
        prices: { ...h.priceBook.current.prices, LAND_USD: unitPrice("LAND_USD", 12_000) },
      }
      yield* h.run(sell(h, alice, 50)) // 10 Units of fee leave; 40 wait in the queue and are still held
      const usd = (yield* holdingsOf(h, alice)).find((x) => x.unitType === "LAND_USD")!
      expect(usd).toEqual({
        unitType: "LAND_USD",
        owned: 50,
        owned_DOUBLE_LAND: 0,
        pendingBuy: 7,
        pendingSell: 40,
        convertLocked: 0,
        total_value_bought: 90_000,
        total_value_today: 108_000,
        profit: 18_000,
        profit_percentage: 20,
        currencyType: "USD",
      })
      expect((yield* holdingsOf(h, alice)).map((x) => x.unitType)).toEqual([
        "LAND_EUR",
        "LAND_USD",
        "LAND_AUD",
        "LAND_POUND",
      ])
    }),
  )

  it.effect(
    "unit types the member never held need no price: a new installation may not have priced them yet",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 20)
        const { LAND_AUD: _aud, LAND_POUND: _pound, ...prices } = h.priceBook.current.prices
        h.priceBook.current = { ...h.priceBook.current, prices: prices as typeof h.priceBook.current.prices }
        const held = yield* holdingsOf(h, alice)
        expect(held.map((x) => [x.unitType, x.owned, x.total_value_today])).toEqual([
          ["LAND_EUR", 0, 0],
          ["LAND_USD", 20, 20_000],
          ["LAND_AUD", 0, 0],
          ["LAND_POUND", 0, 0],
        ])
      }),
  )

  it.effect(
    "LU2X Units cost half price; received and converted Units cost the day's price of their order",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* h.run(
          h.orders.confirmPayment({
            actor: ADMIN,
            idempotencyKey: h.key(),
            orderId: (yield* h.run(buy(h, alice, 10, { isDoubleLand: true }))).orderId,
          }),
        )
        yield* bought(h, bob, 30)
        yield* h.run(
          h.orders.createTransfer({
            memberId: bob,
            idempotencyKey: h.key(),
            unitType: "LAND_USD",
            numberOfUnits: 10,
            recipientEmail: "alice@example.com",
          }),
        )
        yield* h.run(
          h.orders.createConvert({
            memberId: bob,
            idempotencyKey: h.key(),
            fromUnitType: "LAND_USD",
            toUnitType: "LAND_AUD",
            numberOfUnits: 20,
          }),
        )
        const aliceUsd = (yield* holdingsOf(h, alice)).find((x) => x.unitType === "LAND_USD")!
        expect([
          aliceUsd.owned,
          aliceUsd.owned_DOUBLE_LAND,
          aliceUsd.total_value_bought,
          aliceUsd.total_value_today,
        ]).toEqual([10, 10, 5_000 + 10_000, 20_000])
        const bobAud = (yield* holdingsOf(h, bob)).find((x) => x.unitType === "LAND_AUD")!
        // 20 USD Units × 1.5 AUD per USD = 30 AUD Units at 10.000
        expect([bobAud.convertLocked, bobAud.total_value_bought, bobAud.profit_percentage]).toEqual([
          30, 30_000, 0,
        ])
        const bobUsd = (yield* holdingsOf(h, bob)).find((x) => x.unitType === "LAND_USD")!
        expect([bobUsd.owned, bobUsd.total_value_bought]).toEqual([0, 0])
      }),
  )

  it("a holding with nothing bought shows no profit percentage", () => {
    const transfers = [
      {
        transferId: TransferId.make("t1"),
        unitType: "LAND_EUR" as const,
        from: ISSUANCE,
        to: member(alice, "pendingBuy"),
        units: 3,
        orderId: OrderId.make("o1"),
        at: 0,
      },
    ]
    const holding = holdingOf({
      memberId: alice,
      unitType: "LAND_EUR",
      transfers,
      costOf: () => ({ pricePerUnit: 1, isDoubleLand: false }),
      pricePerUnitToday: 10_000,
    })
    expect([holding.pendingBuy, holding.total_value_bought, holding.profit_percentage]).toEqual([3, 0, 0])
  })
})

describe("project totals (spec §3), derived from the ledger", () => {
  it.effect(
    "count purchased, pending purchase and pending sell Units, the land value and the LU2X value bought",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        setLand(h, "LAND_USD", { maxDoubleLandUnitsBoughtValueInCents: 77_000 })
        yield* bought(h, alice, 100)
        yield* h.run(sell(h, alice, 30))
        yield* h.run(buy(h, bob, 15))
        yield* h.run(buy(h, bob, 4, { isDoubleLand: true }))
        const totals = yield* h.run(Effect.flatMap(HoldingsService, (s) => s.projectTotals("LAND_USD")))
        expect(totals).toEqual({
          totalPurchase: 100,
          totalPendingPurchase: 19,
          totalPendingSell: 20,
          totalProjectLandValueInCents: 10_000_000,
          maxDoubleLandUnitsBoughtValueInCents: 77_000,
          totalDoubleLandUnitsBoughtValueInCents: 4_000,
        })
      }),
  )
})
