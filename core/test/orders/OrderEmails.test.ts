/**
 * The emails of the money steps (issue 27): which step enqueues which email, to whom, naming which order,
 * and which the member's subscription choices may stop.
 */

import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Mailer } from "../../src/notifications/ports/Mailer.ts"
import { isUnpaidBuy, memberCancel } from "../../src/orders/OrderActions.ts"
import { OrderEmail } from "../../src/orders/OrderEmails.ts"
import { canTransition, QUEUED_SELL_STATUSES } from "../../src/orders/OrderTransitions.ts"
import { CONVERT_LOCK_MS } from "../../src/shared/Constants.ts"
import { OrderStatuses, OrderTypes } from "../../src/shared/EnumValues.ts"
import { MemberId } from "../../src/shared/Ids.ts"
import { SubscriptionStore } from "../../src/subscriptions/ports/SubscriptionStore.ts"
import { makeOrderHarness, type OrderHarness, START } from "../support/OrderHarness.ts"
import { bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")

const emails = (h: OrderHarness) => h.run(Effect.flatMap(Mailer, (m) => m.queued))
const emailsOf = (h: OrderHarness, template: string) =>
  Effect.map(emails(h), (queued) => queued.filter((e) => e.template === template))

describe("the emails of the money steps", () => {
  it.effect(
    "a bank buy's payment started emails its amount, the platform's IBAN, its reference and the deadline with its time zone",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        expect(yield* emails(h)).toEqual([])
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key("start"), orderId: order.orderId }),
        )
        // A repeat of the step (its key's first answer) sends nothing more.
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key("start"), orderId: order.orderId }),
        )
        const sent = yield* emailsOf(h, OrderEmail.bankInstructions)
        expect(sent).toHaveLength(1)
        expect(sent[0]!.to).toBe("alice@example.com")
        expect(sent[0]!.data).toMatchObject({
          orderId: order.orderId,
          reference: order.orderId.slice(-5),
          amount: "$101.00",
          iban: "GB33BUKB20201555555555",
          units: "10 Unit ($)",
          // 72 hours from the start of the payment.
          payBefore: "Jan 18, 2026, 12:00 AM UTC",
        })
      }),
  )

  it.effect("a crypto buy's payment started emails the coin amount and the address", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "crypto" }))
      yield* h.run(
        h.orders.startPayment({
          memberId: alice,
          idempotencyKey: h.key(),
          orderId: order.orderId,
          coin: "BITCOIN",
        }),
      )
      const [sent] = yield* emailsOf(h, OrderEmail.cryptoInstructions)
      expect(sent?.data).toMatchObject({ orderId: order.orderId, coin: "BTC" })
      expect(sent?.data.address).not.toBe("")
      expect(sent?.data.coinAmount).not.toBe("")
    }),
  )

  it.effect(
    "a card buy's payment started sends no instructions (the provider's page takes the payment)",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(yield* emails(h)).toEqual([])
      }),
  )

  it.effect("a confirmed payment emails the buyer that the Units are owned", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const { order } = yield* bought(h, alice, 10)
      const sent = yield* emailsOf(h, OrderEmail.paymentConfirmed)
      expect(sent.map((e) => [e.to, e.data.orderId, e.data.units])).toEqual([
        ["alice@example.com", order.orderId, "10 Unit ($)"],
      ])
    }),
  )

  it.effect("a sale placed emails its fee and the Units put in the sales queue", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 30)
      const order = yield* h.run(sell(h, alice, 30))
      const [sent] = yield* emailsOf(h, OrderEmail.salePlaced)
      expect(sent?.to).toBe("alice@example.com")
      expect(sent?.data).toMatchObject({
        orderId: order.orderId,
        units: "30 Unit ($)",
        feeUnits: "10 Unit ($)",
        queuedUnits: "20 Unit ($)",
      })
    }),
  )

  it.effect("a transfer emails the recipient, naming the sender, and the recipient may read that order", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 10)
      const order = yield* h.run(
        h.orders.createTransfer({
          memberId: alice,
          idempotencyKey: h.key(),
          unitType: "LAND_USD",
          numberOfUnits: 4,
          recipientEmail: "bob@example.com",
        }),
      )
      const sent = yield* emailsOf(h, OrderEmail.transferReceived)
      expect(sent.map((e) => [e.to, e.data.orderId, e.data.units, e.data.senderName])).toEqual([
        ["bob@example.com", order.orderId, "4 Unit ($)", "Member alice"],
      ])
      expect((yield* h.run(h.orders.getOrder(bob, order.orderId))).orderId).toBe(order.orderId)
      expect((yield* h.fail(h.orders.getOrder(MemberId.make("carol"), order.orderId)))._tag).toBe(
        "OrderNotFound",
      )
    }),
  )

  it.effect(
    "a transfer emails the sender too (issue 46), naming the recipient as the lookup showed them",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 10)
        const order = yield* h.run(
          h.orders.createTransfer({
            memberId: alice,
            idempotencyKey: h.key(),
            unitType: "LAND_USD",
            numberOfUnits: 4,
            recipientEmail: "bob@example.com",
          }),
        )
        const sent = yield* emailsOf(h, OrderEmail.transferSent)
        expect(sent.map((e) => [e.to, e.data.orderId, e.data.units, e.data.recipientName])).toEqual([
          ["alice@example.com", order.orderId, "4 Unit ($)", "Member B."],
        ])
      }),
  )

  const convertAndUnlock = (h: OrderHarness) =>
    Effect.gen(function* () {
      yield* bought(h, alice, 10)
      const order = yield* h.run(
        h.orders.createConvert({
          memberId: alice,
          idempotencyKey: h.key(),
          fromUnitType: "LAND_USD",
          toUnitType: "LAND_POUND",
          numberOfUnits: 10,
        }),
      )
      yield* TestClock.setTime(START + CONVERT_LOCK_MS)
      yield* h.run(h.orders.unlockDue({ idempotencyKey: h.key() }))
      return order
    })

  it.effect("converted Units unlocked email the member, naming the Units now owned", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* convertAndUnlock(h)
      const sent = yield* emailsOf(h, OrderEmail.convertUnlocked)
      expect(sent.map((e) => [e.to, e.data.orderId, e.data.units])).toEqual([
        ["alice@example.com", order.orderId, "10 Unit (£)"],
      ])
    }),
  )

  it.effect(
    "a member who turned order updates off gets no unlock email, but still every email about their money",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* h.run(
          Effect.flatMap(SubscriptionStore, (s) =>
            s.save(alice, {
              choices: { newsletter: false, orderUpdates: false, governance: false, news: false },
              updatedAt: START,
            }),
          ),
        )
        yield* convertAndUnlock(h)
        expect(yield* emailsOf(h, OrderEmail.convertUnlocked)).toEqual([])
        expect(yield* emailsOf(h, OrderEmail.paymentConfirmed)).toHaveLength(1)
      }),
  )

  it.effect("a refused step sends nothing", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 5)
      const before = (yield* emails(h)).length
      expect((yield* h.fail(sell(h, alice, 5)))._tag).toBe("SellNotAboveFee")
      expect(yield* emails(h)).toHaveLength(before)
    }),
  )
})

describe("what a member may still do with an order", () => {
  it("a buy may be cancelled exactly where the transition table allows Cancelled, and only then is it unpaid", () => {
    for (const orderStatus of OrderStatuses) {
      const order = { orderType: "BUY" as const, orderStatus }
      expect(memberCancel(order) === "order", orderStatus).toBe(
        canTransition("BUY", orderStatus, "Cancelled"),
      )
      expect(isUnpaidBuy(order), orderStatus).toBe(canTransition("BUY", orderStatus, "Cancelled"))
    }
  })

  it("a sale's unsold rest may be cancelled while Units are in the queue; transfers and converts never", () => {
    for (const orderType of OrderTypes) {
      for (const orderStatus of OrderStatuses) {
        const answer = memberCancel({ orderType, orderStatus })
        if (orderType === "SELL") {
          expect(answer === "unsoldRest", orderStatus).toBe(
            (QUEUED_SELL_STATUSES as ReadonlyArray<string>).includes(orderStatus),
          )
        } else if (orderType !== "BUY") {
          expect(answer).toBeUndefined()
        }
      }
    }
  })
})
