/**
 * The admins' fee replay (`landunits audit fees [--from day] [--to day]`, issue 42): every stored order created in
 * the days given (all of them by default), replayed by FeeReplay.ts against the terms in force when it was made
 * (FeeHistoryRead.ts), a page at a time by ascending sequence (StoredOrders: one read a page, nothing held open
 * between them), the next page read while one is replayed. Read-only. Answers every difference, with the order, the field, the stored value and the
 * recomputed one, and how many orders it read of each type.
 */
import { Effect, Fiber } from "effect"
import { DAY_MS, dayStart, refuse } from "../access/AdminUseCase.ts"
import type { OrderType } from "../shared/Enums.ts"
import { OrderTypes } from "../shared/EnumValues.ts"
import { readFeeHistory } from "./FeeHistoryRead.ts"
import { type FeeDifference, replayOrder, type Unchecked } from "./FeeReplay.ts"
import { StoredOrders } from "./ports/StoredOrders.ts"

/** Orders read a page: one statement each, small enough to hold, large enough that the round trips do not count. */
export const FEE_REPLAY_PAGE = 5_000

export interface FeeReplayReport {
  /** The days replayed, as given (UTC, both included); absent: from the first order, to the last. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly orders: number
  readonly byType: Readonly<Record<OrderType, number>>
  /** Orders a term of which the history does not reach (the stored term was used), by term. */
  readonly unchecked: Readonly<Record<Unchecked, number>>
  readonly ordersWithDifferences: number
  readonly differences: ReadonlyArray<FeeDifference>
}

export const replayFees = Effect.fn("FeeReplayAdmin.replay")(function* (range: {
  readonly from?: string | undefined
  readonly to?: string | undefined
}) {
  const createdFrom = range.from === undefined ? undefined : yield* dayStart("--from", range.from)
  const createdBefore = range.to === undefined ? undefined : (yield* dayStart("--to", range.to)) + DAY_MS
  if (createdFrom !== undefined && createdBefore !== undefined && createdBefore <= createdFrom) {
    return yield* refuse(`--to ${range.to} is before --from ${range.from}`)
  }
  const history = yield* readFeeHistory
  const stored = yield* StoredOrders
  const byType = Object.fromEntries(OrderTypes.map((t) => [t, 0])) as Record<OrderType, number>
  const unchecked: Record<Unchecked, number> = { price: 0, exchangeRate: 0 }
  const differences: Array<FeeDifference> = []
  let orders = 0
  let ordersWithDifferences = 0
  const fetch = (afterSequence: number) =>
    stored.page({ afterSequence, limit: FEE_REPLAY_PAGE, createdFrom, createdBefore })
  // The next page is read while this one is replayed: the database's work and the replay's overlap.
  let next = yield* Effect.forkChild(fetch(0))
  for (;;) {
    const page = yield* Fiber.join(next)
    const full = page.length === FEE_REPLAY_PAGE
    if (full) next = yield* Effect.forkChild(fetch(page[page.length - 1]!.sequence))
    for (const order of page) {
      const replayed = replayOrder(order, history)
      orders += 1
      if (Object.hasOwn(byType, order.orderType)) byType[order.orderType] += 1
      for (const term of new Set(replayed.unchecked)) unchecked[term] += 1
      if (replayed.differences.length > 0) {
        ordersWithDifferences += 1
        differences.push(...replayed.differences)
      }
    }
    if (!full) break
  }
  const report: FeeReplayReport = {
    ...(range.from === undefined ? {} : { from: range.from }),
    ...(range.to === undefined ? {} : { to: range.to }),
    orders,
    byType,
    unchecked,
    ordersWithDifferences,
    differences,
  }
  return report
})
