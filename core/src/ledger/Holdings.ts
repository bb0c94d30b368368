/**
 * The holdings view of spec §3 and the project totals, computed from the ledger.
 *
 * Balances (owned, owned_DOUBLE_LAND, pendingBuy, pendingSell, convertLocked) are sums of transfers.
 *
 * total_value_bought is the average-cost basis, in cents, of the Units the member holds (owned,
 * owned_DOUBLE_LAND, pendingSell, convertLocked; pendingBuy is not paid yet and not counted). Walking the
 * member's transfers in ledger order:
 * - Units arriving in a held account from outside it add their cost: the order's subtotal for those Units,
 *   subtotalCents(units, pricePerUnit, isDoubleLand) — a buy at its price (half for LU2X), a transfer received
 *   at the day's price of the transfer, a convert at the target type's price of the day. Arrivals of one
 *   order that follow each other are costed together, so a buy filled in slices costs its subTotal exactly.
 * - Units leaving the held accounts (sold, sent, converted away, paid as a fee) take their share of the
 *   basis: basis × units / held, rounded half-up once (divRoundHalfUp).
 * - Moves between held accounts (queueing for sale, unlocking, a cancelled sell's rest) change nothing.
 * total_value_today = held × today's pricePerUnit / 10; profit = today − bought;
 * profit_percentage = profit × 100 / bought, rounded half-up to two decimals (0 when bought is 0).
 */
import { subtotalCents } from "../fees/Fees.ts"
import type { ProjectTotals } from "../pricing/PricingModel.ts"
import type { LandLimits } from "../pricing/ports/PriceBook.ts"
import { CurrencyOfUnitType, type UnitType } from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import { divRoundHalfUp } from "../shared/Money.ts"
import type { Account, MemberBucket, Transfer, UnitHolding } from "./LedgerModel.ts"
import type { LedgerTotals } from "./ports/LedgerStore.ts"

/** The buckets whose Units a member holds and values. */
export const HELD_BUCKETS: ReadonlyArray<MemberBucket> = [
  "owned",
  "owned_DOUBLE_LAND",
  "pendingSell",
  "convertLocked",
]

/** The price at which an order brought Units of a type to the member. */
export interface OrderCost {
  readonly pricePerUnit: number
  readonly isDoubleLand: boolean
}

export interface HoldingInput {
  readonly memberId: MemberId
  readonly unitType: UnitType
  /** The member's transfers (any unit type) in ledger order. */
  readonly transfers: ReadonlyArray<Transfer>
  readonly costOf: (orderId: OrderId, unitType: UnitType) => OrderCost
  readonly pricePerUnitToday: number
}

export const holdingOf = (input: HoldingInput): UnitHolding => {
  const balances: Record<MemberBucket, number> = {
    owned: 0,
    owned_DOUBLE_LAND: 0,
    pendingBuy: 0,
    pendingSell: 0,
    convertLocked: 0,
  }
  const mine = (account: Account): MemberBucket | undefined =>
    account._tag === "MemberAccount" && account.memberId === input.memberId ? account.bucket : undefined
  const isHeld = (bucket: MemberBucket | undefined) => bucket !== undefined && HELD_BUCKETS.includes(bucket)
  const held = () => HELD_BUCKETS.reduce((sum, b) => sum + balances[b], 0)

  let basis = 0n
  let arriving: { orderId: OrderId; units: number } | undefined
  const settleArrivals = () => {
    if (arriving === undefined) return
    const cost = input.costOf(arriving.orderId, input.unitType)
    basis += BigInt(subtotalCents(arriving.units, cost.pricePerUnit, cost.isDoubleLand))
    arriving = undefined
  }

  for (const t of input.transfers) {
    if (t.unitType !== input.unitType) continue
    const from = mine(t.from)
    const to = mine(t.to)
    const arrives = isHeld(to) && !isHeld(from)
    const leaves = isHeld(from) && !isHeld(to)
    if (!arrives || arriving?.orderId !== t.orderId) settleArrivals()
    if (arrives) arriving = { orderId: t.orderId, units: (arriving?.units ?? 0) + t.units }
    if (leaves) {
      const before = held()
      basis = before === 0 ? 0n : basis - divRoundHalfUp(basis * BigInt(t.units), BigInt(before))
    }
    if (from !== undefined) balances[from] -= t.units
    if (to !== undefined) balances[to] += t.units
  }
  settleArrivals()

  const totalValueBought = Number(basis)
  const totalValueToday = subtotalCents(held(), input.pricePerUnitToday, false)
  const profit = totalValueToday - totalValueBought
  const profitPercentage =
    totalValueBought === 0 ? 0 : Number(divRoundHalfUp(BigInt(profit) * 10_000n, basis)) / 100
  return {
    unitType: input.unitType,
    ...balances,
    total_value_bought: totalValueBought,
    total_value_today: totalValueToday,
    profit,
    profit_percentage: profitPercentage,
    currencyType: CurrencyOfUnitType[input.unitType],
  }
}

/**
 * Project totals of one unit type (spec §3), in Units except the values in cents:
 * - totalPurchase: Units bought and not waiting for payment: all Units issued (−issuance) − pendingBuy
 *   (it includes pendingSell and the fee account, which the availability formula adds back or keeps);
 * - totalPendingPurchase: Σ pendingBuy; totalPendingSell: Σ pendingSell;
 * - the land value and LU2X cap from the price book; the LU2X value bought from the LU2X buys.
 */
export const projectTotalsOf = (
  totals: LedgerTotals,
  land: LandLimits,
  doubleLandBoughtValueCents: number,
): ProjectTotals => ({
  totalPurchase: -totals.issuance - totals.pendingBuy,
  totalPendingPurchase: totals.pendingBuy,
  totalPendingSell: totals.pendingSell,
  totalProjectLandValueInCents: land.totalProjectLandValueInCents,
  maxDoubleLandUnitsBoughtValueInCents: land.maxDoubleLandUnitsBoughtValueInCents,
  totalDoubleLandUnitsBoughtValueInCents: doubleLandBoughtValueCents,
})
