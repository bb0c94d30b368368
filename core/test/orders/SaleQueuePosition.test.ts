/**
 * The seller's queue (issue 24): the place of a sell order in its unit type's first-in-first-out queue and
 * the estimate of when it is all sold, from the last 30 days' confirmed buys.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fillEstimateText, ordinal } from "../../src/format/QueueWords.ts"
import {
  type ConfirmedBuy,
  estimateFill,
  newSaleStanding,
  queuePlace,
  saleQueueStanding,
  unitsPerBlock,
} from "../../src/orders/SaleQueuePosition.ts"
import { fillFromQueue, type QueuedSell } from "../../src/orders/SalesQueue.ts"
import { Durations } from "../../src/shared/Constants.ts"
import { MemberId, OrderId } from "../../src/shared/Ids.ts"

const DAY = Durations.DAY
const NOW = Date.UTC(2026, 10, 26, 12)

const queued = (n: number, remaining: number): QueuedSell => ({
  orderId: OrderId.make(`sell-${n}`),
  memberId: MemberId.make(`m-${n}`),
  sequence: n,
  remaining,
})

/** A queue of 1..12 sells, some already sold out (remaining 0), in a shuffled order. */
const arbitraryQueue = fc
  .array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 12 })
  .chain((remaining) =>
    fc.shuffledSubarray(
      remaining.map((r, i) => queued(i + 1, r)),
      { minLength: remaining.length, maxLength: remaining.length },
    ),
  )

const arbitraryBuys = fc.array(
  fc.record({ at: fc.integer({ min: NOW - 40 * DAY, max: NOW }), units: fc.integer({ min: 1, max: 300 }) }),
  { maxLength: 20 },
)

/** The queue after a confirmed buy took its Units, as confirmPayment records it. */
const afterBuy = (queue: ReadonlyArray<QueuedSell>, units: number): ReadonlyArray<QueuedSell> => {
  const fill = fillFromQueue(queue, units)
  return queue.map((s) => {
    const slice = fill.slices.find((x) => x.sell.orderId === s.orderId)
    return slice === undefined ? s : { ...s, remaining: s.remaining - slice.units }
  })
}

describe("a sell order's place in the queue", () => {
  it("counts the queued Units of the older sells with Units left, and its position among them", () => {
    const queue = [queued(3, 40), queued(1, 100), queued(2, 0), queued(4, 25)]
    expect(queuePlace(queue, OrderId.make("sell-3"))).toEqual({
      position: 2,
      ordersAhead: 1,
      unitsAhead: 100,
      remaining: 40,
    })
    expect(queuePlace(queue, OrderId.make("sell-1"))).toEqual({
      position: 1,
      ordersAhead: 0,
      unitsAhead: 0,
      remaining: 100,
    })
    // A sold-out order, or one not in the queue, has no place.
    expect(queuePlace(queue, OrderId.make("sell-2"))).toBeUndefined()
    expect(queuePlace(queue, OrderId.make("sell-9"))).toBeUndefined()
  })

  it("position is never below 1 and Units ahead never negative, for any queue", () => {
    fc.assert(
      fc.property(arbitraryQueue, (queue) => {
        for (const sell of queue) {
          const place = queuePlace(queue, sell.orderId)
          if (sell.remaining === 0) expect(place).toBeUndefined()
          else {
            expect(place!.position).toBeGreaterThanOrEqual(1)
            expect(place!.unitsAhead).toBeGreaterThanOrEqual(0)
            expect(place!.position).toBe(place!.ordersAhead + 1)
          }
        }
      }),
    )
  })

  it("Units ahead and position never grow as buys are confirmed, and reach 0 before the order's own Units go", () => {
    fc.assert(
      fc.property(
        arbitraryQueue,
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 15 }),
        (start, buys) => {
          let queue: ReadonlyArray<QueuedSell> = start
          for (const target of start.filter((s) => s.remaining > 0)) {
            queue = start
            let before = queuePlace(queue, target.orderId)!
            for (const units of buys) {
              queue = afterBuy(queue, units)
              const after = queuePlace(queue, target.orderId)
              if (after === undefined) break
              expect(after.unitsAhead).toBeLessThanOrEqual(before.unitsAhead)
              expect(after.position).toBeLessThanOrEqual(before.position)
              // The order's own Units go only once nothing is ahead of it (first in, first out).
              if (after.remaining < before.remaining) expect(after.unitsAhead).toBe(0)
              before = after
            }
          }
        },
      ),
    )
  })
})

it("a position reads as an ordinal: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd", () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 102].map(ordinal)).toEqual([
    "1st",
    "2nd",
    "3rd",
    "4th",
    "11th",
    "12th",
    "13th",
    "21st",
    "102nd",
  ])
})

describe("the estimate of when a sell order is all sold", () => {
  it("is 'not enough history' when nothing was bought in the last 30 days", () => {
    const old: ReadonlyArray<ConfirmedBuy> = [{ at: NOW - 31 * DAY, units: 500 }]
    const estimate = estimateFill({ unitsAhead: 10, remaining: 20, blocks: unitsPerBlock(old, NOW) })
    expect(estimate).toEqual({ kind: "notEnoughHistory" })
    expect(fillEstimateText(estimate)).toBe(
      "Not enough history: no Units of this type were bought in the last 30 days.",
    )
  })

  it("splits the 30 days into three 10-day blocks, a buy exactly 30 days old left out", () => {
    const buys: ReadonlyArray<ConfirmedBuy> = [
      { at: NOW - 30 * DAY, units: 1000 },
      { at: NOW - 25 * DAY, units: 10 },
      { at: NOW - 20 * DAY, units: 20 },
      { at: NOW - 5 * DAY, units: 30 },
      { at: NOW, units: 40 },
    ]
    expect(unitsPerBlock(buys, NOW)).toEqual([30, 0, 70])
  })

  it("is the 30 days' average pace, rounded up, with the quickest and the slowest 10 days as its range", () => {
    // 300 Units in 30 days: 10 a day. Blocks of 150, 100 and 50 Units: 15, 10 and 5 a day.
    const estimate = estimateFill({ unitsAhead: 80, remaining: 20, blocks: [150, 100, 50] })
    expect(estimate).toEqual({ kind: "estimate", days: 10, earliestDays: 7, latestDays: 20 })
    expect(fillEstimateText(estimate)).toBe(
      "About 10 days (range 7 to 20 days), at the pace of the last 30 days' buys.",
    )
  })

  it("has no upper bound when a 10-day block had no buy", () => {
    const estimate = estimateFill({ unitsAhead: 0, remaining: 5, blocks: [0, 0, 30] })
    expect(estimate).toEqual({ kind: "estimate", days: 5, earliestDays: 2 })
    expect(fillEstimateText(estimate)).toBe(
      "About 5 days (range 2 days or more), at the pace of the last 30 days' buys.",
    )
  })

  it("is monotone in Units ahead: more Units ahead never means an earlier estimate", () => {
    fc.assert(
      fc.property(
        arbitraryBuys,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (buys, a, b, remaining) => {
          const blocks = unitsPerBlock(buys, NOW)
          const [fewer, more] = a <= b ? [a, b] : [b, a]
          const x = estimateFill({ unitsAhead: fewer, remaining, blocks })
          const y = estimateFill({ unitsAhead: more, remaining, blocks })
          expect(x.kind).toBe(y.kind)
          if (x.kind === "estimate" && y.kind === "estimate") {
            expect(x.days).toBeLessThanOrEqual(y.days)
            expect(x.earliestDays).toBeLessThanOrEqual(y.earliestDays)
            if (x.latestDays !== undefined) expect(x.latestDays).toBeLessThanOrEqual(y.latestDays!)
          }
        },
      ),
    )
  })

  it("always lies within its range, and is an estimate exactly when Units were bought in the 30 days", () => {
    fc.assert(
      fc.property(arbitraryBuys, fc.integer({ min: 0, max: 100_000 }), (buys, unitsAhead) => {
        const blocks = unitsPerBlock(buys, NOW)
        const recent = buys.filter((b) => b.at > NOW - 30 * DAY).reduce((s, b) => s + b.units, 0)
        expect(blocks.reduce((s, b) => s + b, 0)).toBe(recent)
        const estimate = estimateFill({ unitsAhead, remaining: 1, blocks })
        expect(estimate.kind).toBe(recent > 0 ? "estimate" : "notEnoughHistory")
        if (estimate.kind === "estimate") {
          expect(estimate.earliestDays).toBeLessThanOrEqual(estimate.days)
          if (estimate.latestDays !== undefined)
            expect(estimate.days).toBeLessThanOrEqual(estimate.latestDays)
        }
      }),
    )
  })

  it("gives an order's standing: its place and the estimate for the Units ahead and its own", () => {
    const queue = [queued(1, 60), queued(2, 40)]
    const buys = [
      { at: NOW - 2 * DAY, units: 10 },
      { at: NOW - 12 * DAY, units: 10 },
      { at: NOW - 22 * DAY, units: 10 },
    ]
    expect(saleQueueStanding({ queue, orderId: OrderId.make("sell-2"), buys, now: NOW })).toEqual({
      position: 2,
      ordersAhead: 1,
      unitsAhead: 60,
      remaining: 40,
      unitsBoughtLast30Days: 30,
      // 100 Units at 1 a day.
      estimate: { kind: "estimate", days: 100, earliestDays: 100, latestDays: 100 },
    })
  })
})

describe("where a sale placed now would stand (the sell review)", () => {
  it("behind every queued sell with Units left, with the estimate for them and its own", () => {
    const queue = [queued(1, 60), queued(2, 0), queued(3, 40)]
    const buys = [
      { at: NOW - 2 * DAY, units: 10 },
      { at: NOW - 12 * DAY, units: 10 },
      { at: NOW - 22 * DAY, units: 10 },
    ]
    expect(newSaleStanding({ queue, remaining: 5, buys, now: NOW })).toEqual({
      position: 3,
      ordersAhead: 2,
      unitsAhead: 100,
      remaining: 5,
      unitsBoughtLast30Days: 30,
      // 105 Units at 1 a day.
      estimate: { kind: "estimate", days: 105, earliestDays: 105, latestDays: 105 },
    })
  })

  it("is the standing the sale has once placed at the end of the queue", () => {
    fc.assert(
      fc.property(
        arbitraryQueue,
        fc.integer({ min: 1, max: 500 }),
        arbitraryBuys,
        (queue, remaining, buys) => {
          const placed = queued(queue.length + 1, remaining)
          expect(newSaleStanding({ queue, remaining, buys, now: NOW })).toEqual(
            saleQueueStanding({ queue: [...queue, placed], orderId: placed.orderId, buys, now: NOW }),
          )
        },
      ),
    )
  })

  it("with nothing bought in 30 days it gives no guess", () => {
    expect(newSaleStanding({ queue: [], remaining: 5, buys: [], now: NOW }).estimate).toEqual({
      kind: "notEnoughHistory",
    })
  })
})
