/**
 * The sales queue (decisions.md): sales are first-in-first-out. A confirmed buy is filled from the oldest
 * queued sell orders first (lowest sequence), then from new issuance.
 */
import type { MemberId, OrderId } from "../shared/Ids.ts"
import type { SellProgress } from "./OrderModel.ts"

export interface QueuedSell {
  readonly orderId: OrderId
  readonly memberId: MemberId
  readonly sequence: number
  /** Units of the order still in the queue. */
  readonly remaining: number
}

export interface QueueSlice {
  readonly sell: QueuedSell
  readonly units: number
}

export interface QueueFill {
  /** Slices taken from queued sells, oldest first. */
  readonly slices: ReadonlyArray<QueueSlice>
  /** What the queue could not give: new Units from issuance. */
  readonly fromIssuance: number
}

/** The Units of a sell order still waiting in the queue. */
export const remainingInQueue = (sell: SellProgress): number =>
  sell.queuedUnits - sell.soldUnits - sell.cancelledUnits

/** Fills `units` from the queue, oldest sells first, the rest from issuance. */
export const fillFromQueue = (queue: ReadonlyArray<QueuedSell>, units: number): QueueFill => {
  const slices: Array<QueueSlice> = []
  let wanted = units
  for (const sell of [...queue].sort((a, b) => a.sequence - b.sequence)) {
    if (wanted === 0) break
    if (sell.remaining <= 0) continue
    const taken = Math.min(sell.remaining, wanted)
    slices.push({ sell, units: taken })
    wanted -= taken
  }
  return { slices, fromIssuance: wanted }
}
