/**
 * The seller's queue through the order engine (issue 24): a sell's standing as confirmed buys take the Units
 * ahead of it, the estimate from the last 30 days' confirmed buys, and the emails when a sale is partly filled
 * and when it is all sold.
 */

import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { OrderEmail } from "../../src/orders/OrderEmails.ts"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import { Durations } from "../../src/shared/Constants.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, makeOrderHarness, type OrderHarness } from "../support/OrderHarness.ts"
import { bought, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")

const standingOf = (h: OrderHarness, order: OrderRecord) =>
  h.run(Effect.flatMap(h.orders.getOrder(order.memberId, order.orderId), h.orders.queueStanding))

const emailsOf = (h: OrderHarness, template: string) =>
  Effect.map(h.run(Effect.flatMap(Mailer, (m) => m.queued)), (queued) =>
    queued.filter((e) => e.template === template),
  )

describe("a sell order's standing in the queue", () => {
  it.effect("counts the older sells' Units ahead of it, and they shrink as buys are confirmed", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 60)
      yield* bought(h, bob, 60)
      const first = yield* h.run(sell(h, alice, 60)) // 50 queued after the fee of 10
      const second = yield* h.run(sell(h, bob, 40)) // 30 queued
      expect(yield* standingOf(h, first)).toMatchObject({
        position: 1,
        ordersAhead: 0,
        unitsAhead: 0,
        remaining: 50,
      })
      expect(yield* standingOf(h, second)).toMatchObject({
        position: 2,
        ordersAhead: 1,
        unitsAhead: 50,
        remaining: 30,
      })

      yield* TestClock.adjust(Durations.DAY)
      yield* bought(h, carol, 20)
      expect(yield* standingOf(h, second)).toMatchObject({ position: 2, unitsAhead: 30, remaining: 30 })
      yield* bought(h, carol, 40)
      // The first sell is all sold; 10 of the second's Units are sold too.
      expect(yield* standingOf(h, first)).toBeUndefined()
      expect(yield* standingOf(h, second)).toMatchObject({ position: 1, unitsAhead: 0, remaining: 20 })
    }),
  )

  it.effect(
    "estimates from the last 30 days' confirmed buys that are not LU2X, and says when there is no history",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const order = yield* h.run(sell(h, alice, 100)) // 90 queued
        // The buy that gave alice her Units was confirmed just now: 100 Units in 30 days.
        expect(yield* standingOf(h, order)).toMatchObject({
          unitsBoughtLast30Days: 100,
          estimate: { kind: "estimate", days: 27, earliestDays: 9 },
        })
        yield* TestClock.adjust(31 * Durations.DAY)
        expect((yield* standingOf(h, order))?.estimate).toEqual({ kind: "notEnoughHistory" })
        // An LU2X buy takes nothing from the queue and does not count.
        yield* h.run(
          Effect.flatMap(
            h.orders.createBuy({
              confirmsBusinessPurpose: true,
              memberId: bob,
              idempotencyKey: h.key(),
              unitType: "LAND_USD",
              numberOfUnits: 10,
              paymentMethod: "bank",
              isDoubleLand: true,
            }),
            (buy) => h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: buy.orderId }),
          ),
        )
        expect(yield* standingOf(h, order)).toMatchObject({
          unitsBoughtLast30Days: 0,
          estimate: { kind: "notEnoughHistory" },
        })
      }),
  )

  it.effect("the whole queue lists each sell with Units left, oldest first, with its standing", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 60)
      yield* bought(h, bob, 60)
      const first = yield* h.run(sell(h, alice, 60))
      const second = yield* h.run(sell(h, bob, 40))
      const rows = yield* h.run(h.orders.salesQueue(["LAND_USD", "LAND_EUR"]))
      expect(rows.map((r) => [r.order.orderId, r.standing.position, r.standing.unitsAhead])).toEqual([
        [first.orderId, 1, 0],
        [second.orderId, 2, 50],
      ])
    }),
  )

  it.effect("a buy, a transfer or a cancelled sell has no standing", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const { order: buy } = yield* bought(h, alice, 60)
      expect(yield* standingOf(h, buy)).toBeUndefined()
      const placed = yield* h.run(sell(h, alice, 60))
      yield* h.run(
        h.orders.cancelSellRest({ memberId: alice, idempotencyKey: h.key(), orderId: placed.orderId }),
      )
      expect(yield* standingOf(h, placed)).toBeUndefined()
    }),
  )
})

describe("where a sale placed now would stand (the sell review, issue 38)", () => {
  it.effect(
    "behind every queued sell of its unit type, with N − the fee of its own: the standing it has once placed",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        yield* bought(h, bob, 60)
        yield* h.run(sell(h, alice, 60)) // 50 queued
        const quoted = yield* h.run(h.orders.saleEstimate("LAND_USD", 40))
        expect(quoted).toMatchObject({ position: 2, ordersAhead: 1, unitsAhead: 50, remaining: 30 })
        const placed = yield* h.run(sell(h, bob, 40))
        expect(yield* standingOf(h, placed)).toEqual(quoted)
        // Another unit type's queue is empty.
        expect(yield* h.run(h.orders.saleEstimate("LAND_EUR", 11))).toMatchObject({
          position: 1,
          unitsAhead: 0,
          remaining: 1,
        })
      }),
  )

  it.effect("a sale of N ≤ fee is refused in the sell's words", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const refused = yield* h.fail(h.orders.saleEstimate("LAND_USD", 10))
      expect(refused._tag).toBe("SellNotAboveFee")
      expect(refused.message).toBe("A sell must be more than its fee of 10 Units")
    }),
  )
})

describe("the emails of a sale being filled", () => {
  it.effect("a sale partly filled emails the seller what this buy took and pays, and what still waits", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 60)
      const order = yield* h.run(sell(h, alice, 60)) // 50 queued
      yield* bought(h, bob, 20)
      const sent = yield* emailsOf(h, OrderEmail.salePartlyFilled)
      expect(sent.map((e) => [e.to, e.data])).toEqual([
        [
          "alice@example.com",
          {
            firstName: "Member alice",
            orderId: order.orderId,
            units: "60 Unit ($)",
            soldNow: "20 Unit ($)",
            amount: "$200.00",
            soldUnits: "20 Unit ($)",
            queuedUnits: "50 Unit ($)",
            remainingUnits: "30 Unit ($)",
          },
        ],
      ])
      expect(yield* emailsOf(h, OrderEmail.saleAllSold)).toEqual([])
    }),
  )

  it.effect(
    "the buy that takes a sale's last Units emails 'all sold', once, and a buy from issuance emails no seller",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 60)
        const order = yield* h.run(sell(h, alice, 60)) // 50 queued
        yield* bought(h, bob, 30)
        yield* bought(h, carol, 40) // takes the last 20, the rest from issuance
        yield* bought(h, carol, 10) // all from issuance
        const allSold = yield* emailsOf(h, OrderEmail.saleAllSold)
        expect(
          allSold.map((e) => [e.to, e.data.orderId, e.data.soldNow, e.data.soldUnits, e.data.remainingUnits]),
        ).toEqual([["alice@example.com", order.orderId, "20 Unit ($)", "50 Unit ($)", "0 Unit ($)"]])
        expect(yield* emailsOf(h, OrderEmail.salePartlyFilled)).toHaveLength(1)
      }),
  )
})
