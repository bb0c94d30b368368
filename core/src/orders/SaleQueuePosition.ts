/**
 * Where a sell order stands in its unit type's sales queue (issue 24) and when it may be filled: the Units
 * ahead of it, its position, and an estimate from the last 30 days' confirmed buys of that unit type.
 *
 * The queue is first in, first out (SalesQueue.ts): every confirmed buy that is not LU2X takes the oldest
 * queued Units first, so the Units ahead of an order must all be bought before its own go. The estimate is
 * the time those Units and the order's own would take at the pace buyers bought in the last 30 days, with a
 * range from the slowest and the quickest of its three 10-day blocks (docs/decisions.md, "The seller's queue").
 * Integer arithmetic only; no estimate is invented when nothing was bought.
 */
import { Schema } from "effect"
import { Durations } from "../shared/Constants.ts"
import type { OrderId } from "../shared/Ids.ts"
import type { QueuedSell } from "./SalesQueue.ts"

/** The days of confirmed buys the estimate reads. */
export const QUEUE_HISTORY_DAYS = 30
/** The history is cut into this many equal blocks; the slowest and the quickest give the range. */
export const QUEUE_HISTORY_BLOCKS = 3
const BLOCK_DAYS = QUEUE_HISTORY_DAYS / QUEUE_HISTORY_BLOCKS

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const PositiveInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))

/** A confirmed buy that took Units from the queue (not LU2X): when it was confirmed and how many Units. */
export interface ConfirmedBuy {
  /** Epoch milliseconds of its confirmation (Approved). */
  readonly at: number
  readonly units: number
}

export const FillEstimate = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("estimate"),
    /** Days until the order is all sold at the 30 days' average pace (rounded up). */
    days: PositiveInt,
    /** At the quickest 10-day block's pace. */
    earliestDays: PositiveInt,
    /** At the slowest 10-day block's pace; absent when a block had no buy (no upper bound). */
    latestDays: Schema.optionalKey(PositiveInt),
  }),
  Schema.Struct({ kind: Schema.Literal("notEnoughHistory") }),
])
export type FillEstimate = typeof FillEstimate.Type

/** A sell order's standing in the queue, as its page, the API and the CLI show it. */
export const SaleQueueStanding = Schema.Struct({
  /** 1 for the next order to be filled. */
  position: PositiveInt,
  /** Queued sells of the same unit type ahead of this one. */
  ordersAhead: NonNegativeInt,
  /** Their unsold Units: all are bought before this order's first Unit. */
  unitsAhead: NonNegativeInt,
  /** This order's own Units still in the queue. */
  remaining: NonNegativeInt,
  /** Units of this unit type bought from the queue's side (not LU2X) in the last 30 days. */
  unitsBoughtLast30Days: NonNegativeInt,
  estimate: FillEstimate,
})
export type SaleQueueStanding = typeof SaleQueueStanding.Type

export interface QueuePlace {
  readonly position: number
  readonly ordersAhead: number
  readonly unitsAhead: number
  readonly remaining: number
}

/**
 * The place of `orderId` in `queue` (one unit type's queued sells): the sells with a lower sequence and Units
 * left are ahead of it. undefined when the order is not in the queue or has nothing left in it.
 */
export const queuePlace = (queue: ReadonlyArray<QueuedSell>, orderId: OrderId): QueuePlace | undefined => {
  const own = queue.find((s) => s.orderId === orderId)
  if (own === undefined || own.remaining <= 0) return undefined
  const ahead = queue.filter((s) => s.sequence < own.sequence && s.remaining > 0)
  return {
    position: ahead.length + 1,
    ordersAhead: ahead.length,
    unitsAhead: ahead.reduce((sum, s) => sum + s.remaining, 0),
    remaining: own.remaining,
  }
}

/** ⌈a / b⌉ for whole a ≥ 0 and b > 0. */
const ceilDiv = (a: number, b: number): number => Math.floor((a + b - 1) / b)

/**
 * The Units bought in each 10-day block of the 30 days up to `now`, oldest block first. A buy at exactly
 * `now − 30 days` is outside; a buy after `now` (a clock skew) counts in the last block.
 */
export const unitsPerBlock = (buys: ReadonlyArray<ConfirmedBuy>, now: number): ReadonlyArray<number> => {
  const blocks = Array.from({ length: QUEUE_HISTORY_BLOCKS }, () => 0)
  const start = now - QUEUE_HISTORY_DAYS * Durations.DAY
  for (const buy of buys) {
    if (buy.at <= start || buy.units <= 0) continue
    const index = Math.min(
      QUEUE_HISTORY_BLOCKS - 1,
      Math.floor((buy.at - start - 1) / (BLOCK_DAYS * Durations.DAY)),
    )
    blocks[index]! += buy.units
  }
  return blocks
}

/**
 * The days until `unitsAhead + remaining` Units are bought at the pace of `blocks` (unitsPerBlock): the
 * 30 days' average, and the range from the quickest and the slowest block. notEnoughHistory when nothing
 * was bought in the 30 days.
 */
export const estimateFill = (input: {
  readonly unitsAhead: number
  readonly remaining: number
  readonly blocks: ReadonlyArray<number>
}): FillEstimate => {
  const total = input.blocks.reduce((sum, b) => sum + b, 0)
  if (total === 0) return { kind: "notEnoughHistory" }
  const need = Math.max(1, input.unitsAhead + input.remaining)
  const quickest = Math.max(...input.blocks)
  const slowest = Math.min(...input.blocks)
  return {
    kind: "estimate",
    days: ceilDiv(need * QUEUE_HISTORY_DAYS, total),
    earliestDays: ceilDiv(need * BLOCK_DAYS, quickest),
    ...(slowest === 0 ? {} : { latestDays: ceilDiv(need * BLOCK_DAYS, slowest) }),
  }
}

/** The standing of `orderId` in `queue` at `now`, from the unit type's confirmed buys; undefined when not queued. */
export const saleQueueStanding = (input: {
  readonly queue: ReadonlyArray<QueuedSell>
  readonly orderId: OrderId
  readonly buys: ReadonlyArray<ConfirmedBuy>
  readonly now: number
}): SaleQueueStanding | undefined => {
  const place = queuePlace(input.queue, input.orderId)
  if (place === undefined) return undefined
  const blocks = unitsPerBlock(input.buys, input.now)
  return {
    ...place,
    unitsBoughtLast30Days: blocks.reduce((sum, b) => sum + b, 0),
    estimate: estimateFill({ unitsAhead: place.unitsAhead, remaining: place.remaining, blocks }),
  }
}

/**
 * Where a sale placed now would stand (the sell review, before anything is created): behind every queued sell of
 * its unit type that has Units left, with `remaining` Units of its own, and when it may be all sold at the last
 * 30 days' pace. The same standing `saleQueueStanding` gives the sale once it is placed, as long as the queue and
 * the buys have not moved since.
 */
export const newSaleStanding = (input: {
  readonly queue: ReadonlyArray<QueuedSell>
  /** The Units the sale would put in the queue (N − the sale fee). */
  readonly remaining: number
  readonly buys: ReadonlyArray<ConfirmedBuy>
  readonly now: number
}): SaleQueueStanding => {
  const ahead = input.queue.filter((s) => s.remaining > 0)
  const unitsAhead = ahead.reduce((sum, s) => sum + s.remaining, 0)
  const blocks = unitsPerBlock(input.buys, input.now)
  return {
    position: ahead.length + 1,
    ordersAhead: ahead.length,
    unitsAhead,
    remaining: input.remaining,
    unitsBoughtLast30Days: blocks.reduce((sum, b) => sum + b, 0),
    estimate: estimateFill({ unitsAhead, remaining: input.remaining, blocks }),
  }
}
