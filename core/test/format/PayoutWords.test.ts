/**
 * A member's payouts in words and sums (issue 38): the states, the totals per currency, and an order's timeline
 * with its payouts' steps, so it goes on past the first partial sale.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { orderEvents, payoutStepWords, payoutTotals, payoutTotalsText } from "../../src/format/PayoutWords.ts"
import type { MemberPayout } from "../../src/orders/MemberPayouts.ts"
import type { MemberTimelineEntry } from "../../src/orders/OrderTimeline.ts"
import { CurrencyTypes } from "../../src/shared/EnumValues.ts"
import { OrderId, PayoutId } from "../../src/shared/Ids.ts"

const SALE = OrderId.make("sell-1")
const T0 = Date.UTC(2026, 5, 1, 9)
const iso = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString()

const payout = (over: Partial<MemberPayout> & Pick<MemberPayout, "payoutId">): MemberPayout => ({
  kind: "sale",
  orderId: SALE,
  unitType: "LAND_POUND",
  units: 5,
  pricePerUnit: 8967,
  amountCents: 4484,
  currency: "GBP",
  status: "Initiated",
  owedAt: iso(10),
  ...over,
})

const entry = (minutes: number, to: MemberTimelineEntry["to"], from?: MemberTimelineEntry["from"]) =>
  ({
    at: iso(minutes),
    ...(from === undefined ? {} : { from }),
    to,
    actor: { _tag: "You" },
  }) satisfies MemberTimelineEntry

describe("a member's payouts in sums", () => {
  it("the demo member's figures: £1,049.04 paid and £530.42 owed", () => {
    const totals = payoutTotals([
      payout({ payoutId: PayoutId.make("p1"), amountCents: 104_904, status: "Completed", paidAt: iso(20) }),
      payout({ payoutId: PayoutId.make("p2"), amountCents: 53_042 }),
    ])
    expect(totals).toEqual([
      { currency: "GBP", owedCents: 53_042, readyCents: 0, paidCents: 104_904, count: 2 },
    ])
    expect(payoutTotalsText(totals[0]!)).toBe("£1,049.04 paid, £530.42 owed")
  })

  it("an AUD payout ready to send is still owed, and says so", () => {
    const [aud] = payoutTotals([
      payout({
        payoutId: PayoutId.make("p1"),
        currency: "AUD",
        unitType: "LAND_AUD",
        amountCents: 1000,
        status: "AUDReadyToSendBetweenAccounts",
        readyAt: iso(11),
      }),
    ])
    expect(payoutTotalsText(aud!)).toBe("A$10.00 owed (A$10.00 ready to send)")
  })

  it("per currency: owed + paid is every payout's amount, ready is part of owed, no currency without payouts", () => {
    const arbitraryPayout = fc.record({
      currency: fc.constantFrom(...CurrencyTypes),
      amountCents: fc.integer({ min: 0, max: 10_000_000 }),
      status: fc.constantFrom("Initiated", "AUDReadyToSendBetweenAccounts", "Completed" as const),
    })
    fc.assert(
      fc.property(fc.array(arbitraryPayout, { maxLength: 30 }), (list) => {
        const payouts = list.map((p, i) => payout({ payoutId: PayoutId.make(`p${i}`), ...p }))
        const totals = payoutTotals(payouts)
        expect(totals.map((t) => t.currency)).toEqual(
          CurrencyTypes.filter((c) => payouts.some((p) => p.currency === c)),
        )
        for (const t of totals) {
          const of = payouts.filter((p) => p.currency === t.currency)
          expect(t.owedCents + t.paidCents).toBe(of.reduce((s, p) => s + p.amountCents, 0))
          expect(t.readyCents).toBeLessThanOrEqual(t.owedCents)
          expect(t.count).toBe(of.length)
        }
      }),
    )
  })
})

describe("an order's timeline with its payouts", () => {
  it("goes on past the first partial sale: each slice owed, and each payout paid, in time order", () => {
    const timeline = [
      entry(0, "Initiated"),
      entry(0, "InProcess", "Initiated"),
      entry(10, "PartialComplete", "InProcess"),
    ]
    const first = payout({ payoutId: PayoutId.make("p1"), status: "Completed", paidAt: iso(30) })
    const second = payout({ payoutId: PayoutId.make("p2"), units: 3, amountCents: 2690, owedAt: iso(20) })
    const events = orderEvents(timeline, [first, second])
    expect(
      events.map((e) =>
        e.kind === "status" ? e.entry.to : `${e.step} ${payoutStepWords(e.step, e.payout)}`,
      ),
    ).toEqual([
      "Initiated",
      "InProcess",
      "PartialComplete",
      "owed 5 Unit (£) sold: £44.84 owed to you",
      "owed 3 Unit (£) sold: £26.90 owed to you",
      "paid £44.84 paid to your bank account",
    ])
  })

  it("keeps every status change and every payout step, oldest first, a status change before a payout of the same instant", () => {
    const arbitrary = fc.record({
      statuses: fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 8 }),
      payouts: fc.array(
        fc.record({
          owed: fc.integer({ min: 0, max: 100 }),
          ready: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
          paid: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
        }),
        { maxLength: 8 },
      ),
    })
    fc.assert(
      fc.property(arbitrary, ({ statuses, payouts }) => {
        const timeline = [...statuses].sort((a, b) => a - b).map((m) => entry(m, "PartialComplete"))
        const list = payouts.map((p, i) =>
          payout({
            payoutId: PayoutId.make(`p${i}`),
            owedAt: iso(p.owed),
            ...(p.ready === undefined ? {} : { readyAt: iso(p.owed + p.ready) }),
            ...(p.paid === undefined ? {} : { paidAt: iso(p.owed + (p.ready ?? 0) + p.paid) }),
          }),
        )
        const events = orderEvents(timeline, list)
        const steps = list.reduce(
          (n, p) => n + 1 + (p.readyAt === undefined ? 0 : 1) + (p.paidAt === undefined ? 0 : 1),
          0,
        )
        expect(events.length).toBe(timeline.length + steps)
        for (let i = 1; i < events.length; i++) {
          const [a, b] = [events[i - 1]!, events[i]!]
          expect(Date.parse(a.at)).toBeLessThanOrEqual(Date.parse(b.at))
          if (a.at === b.at && a.kind === "payout") expect(b.kind).toBe("payout")
        }
        for (const p of list) {
          const mine = events.flatMap((e) => (e.kind === "payout" && e.payout === p ? [e.step] : []))
          expect(mine).toEqual([
            "owed",
            ...(p.readyAt === undefined ? [] : ["ready"]),
            ...(p.paidAt === undefined ? [] : ["paid"]),
          ])
        }
      }),
    )
  })
})
