/**
 * A member's holdings at an instant and the period's movements between two instants, from the member's
 * ledger transfers alone (each carries `at`, epoch ms): the opening, activity and closing of a statement.
 *
 * A statement shows three columns per unit type: Owned (owned + owned_DOUBLE_LAND), Pending (pendingBuy +
 * pendingSell) and Locked (convertLocked). The opening is every transfer before the period's start, the
 * closing every transfer before its end, and the activity every transfer in between, grouped by what caused
 * it, so opening + activity = closing per unit type and column (StatementHoldings.test.ts proves it on
 * random histories).
 */
import { HELD_BUCKETS } from "../ledger/Holdings.ts"
import type { MemberBucket, Transfer } from "../ledger/LedgerModel.ts"
import type { OrderType, UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"

/** The three columns of a statement's holdings, in Units. */
export interface StatementBuckets {
  readonly owned: number
  readonly pending: number
  readonly locked: number
}

export const ZERO_BUCKETS: StatementBuckets = { owned: 0, pending: 0, locked: 0 }

/** The column each of the member's ledger buckets is shown in. */
export const COLUMN_OF_BUCKET: Readonly<Record<MemberBucket, keyof StatementBuckets>> = {
  owned: "owned",
  owned_DOUBLE_LAND: "owned",
  pendingBuy: "pending",
  pendingSell: "pending",
  convertLocked: "locked",
}

/**
 * What caused a movement: the type of the member's own order (or of a transfer they received), or
 * SALE_FILL when another member's buy took the member's queued Units (that transfer carries the buy's id).
 */
export type MovementKind = OrderType | "SALE_FILL"

export const MOVEMENT_KINDS: ReadonlyArray<MovementKind> = ["BUY", "SELL", "SALE_FILL", "TRANSFER", "CONVERT"]

export const addBuckets = (a: StatementBuckets, b: StatementBuckets): StatementBuckets => ({
  owned: a.owned + b.owned,
  pending: a.pending + b.pending,
  locked: a.locked + b.locked,
})

export const sameBuckets = (a: StatementBuckets, b: StatementBuckets): boolean =>
  a.owned === b.owned && a.pending === b.pending && a.locked === b.locked

const touches = (memberId: MemberId, t: Transfer) =>
  (t.from._tag === "MemberAccount" && t.from.memberId === memberId) ||
  (t.to._tag === "MemberAccount" && t.to.memberId === memberId)

/** The change one transfer makes to the member's columns of its unit type (zero when it is not theirs). */
const changeOf = (memberId: MemberId, t: Transfer): StatementBuckets => {
  const change = { owned: 0, pending: 0, locked: 0 }
  if (t.from._tag === "MemberAccount" && t.from.memberId === memberId) {
    change[COLUMN_OF_BUCKET[t.from.bucket]] -= t.units
  }
  if (t.to._tag === "MemberAccount" && t.to.memberId === memberId) {
    change[COLUMN_OF_BUCKET[t.to.bucket]] += t.units
  }
  return change
}

export type MemberBalances = Readonly<Record<MemberBucket, number>>

const ZERO_BALANCES: MemberBalances = {
  owned: 0,
  owned_DOUBLE_LAND: 0,
  pendingBuy: 0,
  pendingSell: 0,
  convertLocked: 0,
}

/** The member's balance of each bucket per unit type from every transfer before `before` (epoch ms, excluded). */
export const balancesAt = (
  memberId: MemberId,
  transfers: ReadonlyArray<Transfer>,
  before: number,
): ReadonlyMap<UnitType, MemberBalances> => {
  const result = new Map<UnitType, Record<MemberBucket, number>>()
  const of = (unitType: UnitType) => {
    const found = result.get(unitType)
    if (found !== undefined) return found
    const fresh = { ...ZERO_BALANCES }
    result.set(unitType, fresh)
    return fresh
  }
  for (const t of transfers) {
    if (t.at >= before) continue
    const balances = of(t.unitType)
    if (t.from._tag === "MemberAccount" && t.from.memberId === memberId) balances[t.from.bucket] -= t.units
    if (t.to._tag === "MemberAccount" && t.to.memberId === memberId) balances[t.to.bucket] += t.units
  }
  return result
}

/** The statement's columns of a member's balances. */
export const columnsOf = (balances: MemberBalances | undefined): StatementBuckets => {
  const columns = { owned: 0, pending: 0, locked: 0 }
  if (balances === undefined) return columns
  for (const bucket of Object.keys(balances) as Array<MemberBucket>) {
    columns[COLUMN_OF_BUCKET[bucket]] += balances[bucket]
  }
  return columns
}

/** The Units a statement values: those the member holds and has paid for (Holdings.ts's HELD_BUCKETS). */
export const valuedUnits = (balances: MemberBalances | undefined): number =>
  balances === undefined ? 0 : HELD_BUCKETS.reduce((sum, bucket) => sum + balances[bucket], 0)

/**
 * The member's movements per unit type and kind from the transfers in [start, end). `kindOf` names the
 * type of an order of the member's (their own, or a transfer they received); any other order is a sale
 * filled from their queue.
 */
export const movementsBetween = (
  memberId: MemberId,
  transfers: ReadonlyArray<Transfer>,
  start: number,
  end: number,
  kindOf: (orderId: OrderId) => OrderType | undefined,
): ReadonlyMap<UnitType, ReadonlyMap<MovementKind, StatementBuckets>> => {
  const result = new Map<UnitType, Map<MovementKind, StatementBuckets>>()
  for (const t of transfers) {
    if (t.at < start || t.at >= end || !touches(memberId, t)) continue
    const kind: MovementKind = kindOf(t.orderId) ?? "SALE_FILL"
    const byKind = result.get(t.unitType) ?? new Map<MovementKind, StatementBuckets>()
    byKind.set(kind, addBuckets(byKind.get(kind) ?? ZERO_BUCKETS, changeOf(memberId, t)))
    result.set(t.unitType, byKind)
  }
  return result
}
