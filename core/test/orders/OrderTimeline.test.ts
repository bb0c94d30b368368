/**
 * Each order's timeline (issue 21): every status change is one entry, from → to, at the command's instant, with
 * who made it and why (OrderTimeline.ts); a member reads it without learning who the admin was or anything of
 * another member (docs/decisions.md, "Each order's timeline"). The model-based test
 * (OrderEngine.model.test.ts) checks the same for every command of random sequences; these are the examples.
 */

import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import type { OrderRecord } from "../../src/orders/OrderModel.ts"
import {
  byAdmin,
  byJob,
  byMember,
  byProvider,
  memberTimeline,
  type OrderActor,
  type TimelineEntry,
} from "../../src/orders/OrderTimeline.ts"
import { Durations } from "../../src/shared/Constants.ts"
import { OrderStatuses, OrderTypes } from "../../src/shared/Enums.ts"
import { IdempotencyKey, MemberId } from "../../src/shared/Ids.ts"
import { ADMIN, makeOrderHarness, START } from "../support/OrderHarness.ts"
import { bought, buy, sell } from "../support/OrderSteps.ts"

const alice = MemberId.make("alice")
const bob = MemberId.make("bob")
const carol = MemberId.make("carol")

/** The timeline as (from, to, who, reason) rows. */
const rows = (order: OrderRecord) =>
  order.timeline.map((e) => [e.from ?? null, e.to, e.actor._tag, e.reason ?? null])

describe("each order's timeline", () => {
  it.effect(
    "a bank buy taken to Approved by an admin: one entry per move, from → to, each with who moved it",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        yield* TestClock.adjust(Durations.MINUTE)
        yield* h.run(
          h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        yield* h.run(
          h.orders.successOrder({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        yield* TestClock.adjust(Durations.DAY)
        yield* h.run(
          h.orders.markFundsReceived({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        const { order: confirmed } = yield* h.run(
          h.orders.confirmPayment({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(confirmed.timeline).toEqual([
          { at: START, to: "Initiated", actor: byMember(alice) },
          { at: START + Durations.MINUTE, from: "Initiated", to: "InProcess", actor: byMember(alice) },
          { at: START + Durations.MINUTE, from: "InProcess", to: "PaymentSent", actor: byMember(alice) },
          {
            at: START + Durations.MINUTE + Durations.DAY,
            from: "PaymentSent",
            to: "FundsWaitingApproval",
            actor: ADMIN,
          },
          {
            at: START + Durations.MINUTE + Durations.DAY,
            from: "FundsWaitingApproval",
            to: "Approved",
            actor: ADMIN,
          },
          {
            at: START + Durations.MINUTE + Durations.DAY,
            from: "Approved",
            to: "Completed",
            actor: ADMIN,
            reason: "Filled from new Units: nothing is owed to sellers",
          },
        ])
        expect(yield* h.run(h.orders.getOrder(alice, order.orderId))).toEqual(confirmed)
      }),
  )

  it.effect(
    "a change that is not a status change (a new amount) adds no entry; a refused move adds none either",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const order = yield* h.run(buy(h, alice, 10))
        const updated = yield* h.run(
          h.orders.updateBuyAmount({
            memberId: alice,
            idempotencyKey: h.key(),
            orderId: order.orderId,
            numberOfUnits: 12,
          }),
        )
        expect(updated.timeline).toEqual(order.timeline)
        yield* h.run(h.orders.cancelBuy({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }))
        const refused = yield* h.fail(
          h.orders.markFundsReceived({ actor: ADMIN, idempotencyKey: h.key(), orderId: order.orderId }),
        )
        expect(refused._tag).toBe("InvalidTransition")
        expect(rows(yield* h.run(h.orders.getOrder(alice, order.orderId)))).toEqual([
          [null, "Initiated", "Member", null],
          ["Initiated", "Cancelled", "Member", null],
        ])
      }),
  )

  it.effect(
    "an unpaid buy expired by the job names the job and the window; run by hand in the CLI it names the admin",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const bank = yield* h.run(buy(h, alice, 10))
        const card = yield* h.run(buy(h, bob, 10, { paymentMethod: "card-stripe" }))
        yield* TestClock.adjust(Durations.HOUR)
        yield* h.run(h.orders.expireDue({ idempotencyKey: h.key() }))
        yield* TestClock.adjust(71 * Durations.HOUR)
        yield* h.run(h.orders.expireDue({ idempotencyKey: h.key(), actor: ADMIN }))
        expect((yield* h.run(h.orders.getOrder(bob, card.orderId))).timeline.at(-1)).toEqual({
          at: START + Durations.HOUR,
          from: "Initiated",
          to: "Expired",
          actor: byJob("paymentDeadline"),
          reason: "Not paid within 1 hour: its Units were released",
        })
        expect((yield* h.run(h.orders.getOrder(alice, bank.orderId))).timeline.at(-1)).toMatchObject({
          actor: ADMIN,
          reason: "Not paid within 72 hours: its Units were released",
        })
      }),
  )

  it.effect("a provider's failure names the provider's event and gives its reason", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      const order = yield* h.run(buy(h, alice, 10, { paymentMethod: "card-stripe" }))
      yield* h.run(
        h.orders.startPayment({ memberId: alice, idempotencyKey: h.key(), orderId: order.orderId }),
      )
      const failed = yield* h.run(
        h.orders.failPayment({
          actor: byProvider("stripe", "evt_123"),
          idempotencyKey: h.key(),
          orderId: order.orderId,
          reason: "Your card was declined.",
        }),
      )
      expect(rows(failed).at(-1)).toEqual(["InProcess", "Failed", "Provider", "Your card was declined."])
      expect(failed.timeline.at(-1)!.actor).toEqual({
        _tag: "Provider",
        provider: "stripe",
        eventId: "evt_123",
      })
    }),
  )

  it.effect(
    "an admin cancelling for the member is named, with the reason; the member's own cancel names the member",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        const first = yield* h.run(buy(h, alice, 10))
        const second = yield* h.run(buy(h, alice, 10))
        const byAnAdmin = yield* h.run(
          h.orders.cancelBuy({
            memberId: alice,
            orderId: first.orderId,
            idempotencyKey: h.key(),
            actor: ADMIN,
            reason: "The member asked by phone",
          }),
        )
        const own = yield* h.run(
          h.orders.cancelBuy({ memberId: alice, orderId: second.orderId, idempotencyKey: h.key() }),
        )
        expect(byAnAdmin.timeline.at(-1)).toMatchObject({ actor: ADMIN, reason: "The member asked by phone" })
        expect(own.timeline.at(-1)).toEqual({
          at: START,
          from: "Initiated",
          to: "Cancelled",
          actor: byMember(alice),
        })
      }),
  )

  it.effect(
    "a sale filled by another member's buy records the confirming admin, and a reason that names no buyer",
    () =>
      Effect.gen(function* () {
        const h = yield* makeOrderHarness()
        yield* bought(h, alice, 100)
        const order = yield* h.run(sell(h, alice, 30))
        const buyOfBob = yield* bought(h, bob, 15)
        yield* bought(h, carol, 20)
        const sale = yield* h.run(h.orders.getOrder(alice, order.orderId))
        expect(rows(sale)).toEqual([
          [null, "Initiated", "Member", null],
          ["Initiated", "InProcess", "Member", null],
          ["InProcess", "PartialComplete", "Admin", "15 of 20 queued Units sold"],
          ["PartialComplete", "AllUnitSold", "Admin", "20 of 20 queued Units sold"],
        ])
        expect(JSON.stringify(sale.timeline)).not.toContain(buyOfBob.order.orderId)
        yield* h.run(
          h.orders.markPayoutPaid({
            actor: ADMIN,
            idempotencyKey: h.key(),
            payoutId: buyOfBob.payouts[0]!.payoutId,
          }),
        )
        expect(rows(yield* h.run(h.orders.getOrder(bob, buyOfBob.order.orderId))).slice(-1)).toEqual([
          ["Approved", "Completed", "Admin", "The sellers of its Units are paid"],
        ])
      }),
  )

  it.effect("a conversion is locked by its member and unlocked by the job after 30 days", () =>
    Effect.gen(function* () {
      const h = yield* makeOrderHarness()
      yield* bought(h, alice, 50)
      const convert = yield* h.run(
        h.orders.createConvert({
          memberId: alice,
          idempotencyKey: h.key(),
          fromUnitType: "LAND_USD",
          toUnitType: "LAND_EUR",
          numberOfUnits: 20,
        }),
      )
      yield* TestClock.adjust(30 * Durations.DAY)
      yield* h.run(h.orders.unlockDue({ idempotencyKey: IdempotencyKey.make("unlock") }))
      expect(rows(yield* h.run(h.orders.getOrder(alice, convert.orderId)))).toEqual([
        [null, "Initiated", "Member", null],
        ["Initiated", "Locked", "Member", null],
        ["Locked", "Completed", "Job", "The 30-day lock ended: the Units moved to owned"],
      ])
    }),
  )
})

// ---------------------------------------------------------------------------------------------------------

const ana = byAdmin({ adminId: MemberId.make("mem_ana"), name: "Ana Admin", email: "ana@ops.example" })

const anOrder = (over: Partial<OrderRecord>): Pick<OrderRecord, "memberId" | "orderType" | "timeline"> => ({
  memberId: alice,
  orderType: "BUY",
  timeline: [],
  ...over,
})

describe("what a member reads of a timeline", () => {
  it("names the member 'you', an admin only as an administrator, the provider's event on the member's own buy", () => {
    const timeline: ReadonlyArray<TimelineEntry> = [
      { at: START, to: "Initiated", actor: byMember(alice) },
      { at: START + 1, from: "Initiated", to: "InProcess", actor: byMember(alice) },
      { at: START + 2, from: "InProcess", to: "Approved", actor: byProvider("stripe", "evt_1") },
      {
        at: START + 3,
        from: "Approved",
        to: "Completed",
        actor: ana,
        reason: "The sellers of its Units are paid",
      },
    ]
    expect(memberTimeline(anOrder({ timeline }), alice)).toEqual([
      { at: "2026-01-15T00:00:00.000Z", to: "Initiated", actor: { _tag: "You" } },
      { at: "2026-01-15T00:00:00.001Z", from: "Initiated", to: "InProcess", actor: { _tag: "You" } },
      {
        at: "2026-01-15T00:00:00.002Z",
        from: "InProcess",
        to: "Approved",
        actor: { _tag: "Provider", provider: "stripe", eventId: "evt_1" },
      },
      {
        at: "2026-01-15T00:00:00.003Z",
        from: "Approved",
        to: "Completed",
        actor: { _tag: "Admin" },
        reason: "The sellers of its Units are paid",
      },
    ])
  })

  it("the recipient of a transfer reads the sender as another member; a sale filled by a card payment shows no event id", () => {
    const transfer = anOrder({
      orderType: "TRANSFER",
      timeline: [
        { at: START, to: "Initiated", actor: byMember(alice) },
        { at: START, from: "Initiated", to: "Completed", actor: byMember(alice) },
      ],
    })
    expect(memberTimeline(transfer, bob).map((e) => e.actor)).toEqual([
      { _tag: "OtherMember" },
      { _tag: "OtherMember" },
    ])
    const sale = anOrder({
      orderType: "SELL",
      timeline: [
        { at: START, from: "InProcess", to: "PartialComplete", actor: byProvider("square", "evt_9") },
      ],
    })
    expect(memberTimeline(sale, alice)[0]!.actor).toEqual({ _tag: "Provider", provider: "square" })
  })

  const actor: fc.Arbitrary<OrderActor> = fc.oneof(
    fc.constantFrom(alice, bob, carol).map(byMember),
    fc
      .record({ id: fc.string({ minLength: 1 }), name: fc.string(), email: fc.emailAddress() })
      .map((a) =>
        byAdmin({ adminId: MemberId.make(`adm_${a.id}`), name: `Admin ${a.name}`, email: a.email }),
      ),
    fc
      .tuple(fc.constantFrom("stripe" as const, "square" as const), fc.string({ minLength: 1 }))
      .map(([p, e]) => byProvider(p, `evt_${e}`)),
    fc.constantFrom(byJob("paymentDeadline"), byJob("convertLock"), { _tag: "Unknown" } as const),
  )
  const entry: fc.Arbitrary<TimelineEntry> = fc.record(
    {
      at: fc.integer({ min: 0, max: 4_102_444_800_000 }),
      from: fc.constantFrom(...OrderStatuses),
      to: fc.constantFrom(...OrderStatuses),
      actor,
      reason: fc.string(),
    },
    { requiredKeys: ["at", "to", "actor"] },
  )

  it("property: the view keeps every entry's instant, statuses and reason, and holds no admin's id, name or email and no other member's id", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OrderTypes),
        fc.constantFrom(alice, bob),
        fc.constantFrom(alice, bob),
        fc.array(entry, { maxLength: 8 }),
        (orderType, owner, viewer, timeline) => {
          const view = memberTimeline({ memberId: owner, orderType, timeline }, viewer)
          expect(view.map((e) => [Date.parse(e.at), e.from, e.to, e.reason])).toEqual(
            timeline.map((e) => [e.at, e.from, e.to, e.reason]),
          )
          const actors = JSON.stringify(view.map((e) => e.actor))
          for (const e of timeline) {
            if (e.actor._tag === "Admin") {
              for (const secret of [e.actor.adminId, e.actor.name, e.actor.email])
                expect(actors).not.toContain(JSON.stringify(secret))
            }
            if (e.actor._tag === "Member") expect(actors).not.toContain(e.actor.memberId)
            if (e.actor._tag === "Provider" && !(orderType === "BUY" && owner === viewer))
              expect(actors).not.toContain(e.actor.eventId)
          }
          view.forEach((e, i) => {
            const stored = timeline[i]!.actor
            if (stored._tag === "Member")
              expect(e.actor._tag).toBe(stored.memberId === viewer ? "You" : "OtherMember")
            else expect(e.actor._tag).toBe(stored._tag)
          })
        },
      ),
    )
  })
})
