/**
 * A member's statement for a period, in numbers: the holdings at the period's start and end per unit type,
 * the movements between them (reconciled), the period's orders and the money totals per currency. Money is
 * integer cents, Units whole numbers; StatementDocument.ts turns it into text once, and the PDF (adapters)
 * and the CSV (StatementCsv.ts) render that same text, so both always say the same thing.
 */
import { subtotalCents } from "../fees/Fees.ts"
import { formatIsoDate } from "../format/Format.ts"
import type { Transfer } from "../ledger/LedgerModel.ts"
import type { OrderRecord, Payout, PayoutStatus } from "../orders/OrderModel.ts"
import {
  CurrencyOfUnitType,
  type CurrencyType,
  CurrencyTypes,
  type UnitType,
  UnitTypes,
} from "../shared/Enums.ts"
import type { MemberId, OrderId } from "../shared/Ids.ts"
import {
  addBuckets,
  balancesAt,
  columnsOf,
  MOVEMENT_KINDS,
  type MovementKind,
  movementsBetween,
  type StatementBuckets,
  sameBuckets,
  valuedUnits,
} from "./StatementHoldings.ts"

export interface StatementPeriod {
  /** First day, yyyy-mm-dd (UTC), included. */
  readonly from: string
  /** Last day, yyyy-mm-dd (UTC), included. */
  readonly to: string
}

const DAY = 86_400_000

/** The period's bounds as epoch milliseconds: [start of `from`, end of `to`). */
export const periodBounds = (period: StatementPeriod): { readonly start: number; readonly end: number } => ({
  start: Date.parse(`${period.from}T00:00:00Z`),
  end: Date.parse(`${period.to}T00:00:00Z`) + DAY,
})

/** The buy statuses whose payment the platform has received: what a statement counts as paid. */
export const PAID_BUY_STATUSES: ReadonlyArray<OrderRecord["orderStatus"]> = ["Approved", "Completed"]

/** A business member's statement names the business (memberName) and these (issue 46, members/MemberName.ts). */
export interface StatementBusiness {
  /** The person behind the business. */
  readonly contact?: string
  readonly registrationNumber?: string
  readonly vatNumber?: string
}

export interface StatementInput {
  readonly memberId: MemberId
  /** How the member is named (members/MemberName.ts): the business for a business member. */
  readonly memberName: string
  readonly memberEmail: string
  /** A business member's contact and numbers; absent for an individual. */
  readonly business?: StatementBusiness | undefined
  readonly period: StatementPeriod
  /** The member's orders and the transfers they received, of any period (filtered here). */
  readonly orders: ReadonlyArray<OrderRecord>
  /** The member's ledger transfers, of any time, in ledger order. */
  readonly transfers: ReadonlyArray<Transfer>
  /** The payouts owed to the member for their sales, of any time. */
  readonly payouts: ReadonlyArray<Payout>
  /** A unit type's pricePerUnit on a UTC day (yyyy-mm-dd); undefined when the type has no price. */
  readonly priceOn: (unitType: UnitType, day: string) => number | undefined
  /** Epoch milliseconds. */
  readonly generatedAt: number
  /** The ledger's latest signed checkpoint when the statement is made (none before the first). */
  readonly checkpoint?: StatementCheckpoint | undefined
}

/** The signed ledger checkpoint a statement was made against (docs/ledger.md §10): enough to find and check it. */
export interface StatementCheckpoint {
  readonly number: number
  /** Epoch milliseconds. */
  readonly at: number
  /** How many transfers the ledger held: the statement's transfers up to then are among them. */
  readonly treeSize: number
  readonly merkleRoot: string
}

/** A unit type's holding at one instant, in the statement's columns, valued at the statement's price day. */
export interface StatementHolding {
  readonly unitType: UnitType
  readonly columns: StatementBuckets
  /** Owned, queued for sale and locked Units (not unpaid buys): the Units the value is for. */
  readonly valuedUnits: number
  readonly pricePerUnit: number | undefined
  /** valuedUnits × pricePerUnit, in cents of the unit type's currency; undefined without a price. */
  readonly valueCents: number | undefined
}

export interface StatementMovement {
  readonly kind: MovementKind
  readonly change: StatementBuckets
}

/** Opening + movements = closing for one unit type; `balanced` says whether it holds (it always should). */
export interface UnitReconciliation {
  readonly unitType: UnitType
  readonly opening: StatementBuckets
  readonly movements: ReadonlyArray<StatementMovement>
  readonly closing: StatementBuckets
  readonly balanced: boolean
}

export interface CurrencyTotals {
  readonly currency: CurrencyType
  /** Payment amounts of the member's buys of the period that the platform was paid for (PAID_BUY_STATUSES). */
  readonly paidCents: number
  /** The fees inside paidCents. */
  readonly feesCents: number
  /** Payouts owed to the member for Units of theirs sold in the period. */
  readonly receivedFromSalesCents: number
  /** Payouts paid to the member in the period. */
  readonly payoutsCents: number
}

/** One order of the period as a statement shows it: money in cents, fees in cents or Units. */
export interface ActivityLine {
  readonly order: OrderRecord
  /** Transfers only: sent by the member, or received. */
  readonly direction: "" | "out" | "in"
  readonly currency: CurrencyType
  readonly amountCents: number | undefined
  readonly feeCents: number | undefined
  readonly feeUnits: number | undefined
}

/**
 * One payout as the statement shows it: a payout of the member's owed before the period's end and not paid
 * before its start (so every payout owed, made ready or paid in the period, and every one still owed during it),
 * with its state at the period's end.
 */
export interface StatementPayout {
  readonly payout: Payout
  /** Its status at the end of the period (a later move is not on this statement). */
  readonly status: PayoutStatus
  /** Epoch milliseconds, when made ready within or before the period. */
  readonly readyAt: number | undefined
  /** Epoch milliseconds, when paid within the period. */
  readonly paidAt: number | undefined
}

export interface Statement {
  /** ST-<from>-<to>-<member>-<generated>: names the member, the period and the instant it was made. */
  readonly number: string
  readonly memberId: MemberId
  readonly memberName: string
  readonly memberEmail: string
  readonly business: StatementBusiness | undefined
  readonly period: StatementPeriod
  readonly generatedAt: number
  /** The ledger's latest signed checkpoint when it was made; undefined before the first. */
  readonly checkpoint: StatementCheckpoint | undefined
  /** The UTC day whose prices value both holdings: the period's last day, or today if that is later. */
  readonly priceDay: string
  readonly opening: ReadonlyArray<StatementHolding>
  readonly closing: ReadonlyArray<StatementHolding>
  readonly reconciliation: ReadonlyArray<UnitReconciliation>
  /** The orders created in the period, oldest first (not copied: a statement of 10,000 orders stays small). */
  readonly activity: ReadonlyArray<OrderRecord>
  /** Per sell order of the period: the payouts owed for it up to the period's end, in cents. */
  readonly salesOf: ReadonlyMap<OrderId, number>
  readonly totals: ReadonlyArray<CurrencyTotals>
  /** The member's payouts owed, ready or paid in the period, or still owed during it, oldest first. */
  readonly payouts: ReadonlyArray<StatementPayout>
}

const compactDay = (day: string) => day.replaceAll("-", "")

/** ST-20260301-20260331-MEM_DEMO-20260402T101500Z: the period, the member's id's last 8 characters, the instant. */
export const statementNumber = (memberId: MemberId, period: StatementPeriod, generatedAt: number): string => {
  const instant = new Date(generatedAt)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")
  return `ST-${compactDay(period.from)}-${compactDay(period.to)}-${memberId.slice(-8).toUpperCase()}-${instant}`
}

const inRange = (at: number, start: number, end: number) => at >= start && at < end

export const activityLine = (statement: Statement, order: OrderRecord): ActivityLine => {
  const unit = order.currencyUnit
  const currency = order.paymentDetails?.currency ?? CurrencyOfUnitType[unit.unitType]
  const none = { amountCents: undefined, feeCents: undefined, feeUnits: undefined }
  switch (order.orderType) {
    case "BUY":
      return {
        order,
        direction: "",
        currency,
        ...none,
        amountCents: order.paymentDetails?.paymentAmount,
        feeCents: order.paymentDetails?.transactionFee,
      }
    case "SELL":
      return {
        order,
        direction: "",
        currency,
        ...none,
        amountCents: statement.salesOf.get(order.orderId) ?? 0,
        feeUnits: unit.sellOrderTransactionFeeInUnits ?? order.sell?.feeUnits,
      }
    case "TRANSFER":
      return { order, direction: order.memberId === statement.memberId ? "out" : "in", currency, ...none }
    case "CONVERT":
      return {
        order,
        direction: "",
        currency,
        ...none,
        amountCents: subtotalCents(unit.numberOfUnits, unit.pricePerUnit, false),
        feeUnits: unit.convertOrderTransactionFeeInUnits ?? 0,
      }
  }
}

export const buildStatement = (input: StatementInput): Statement => {
  const { memberId, period } = input
  const { start, end } = periodBounds(period)
  const today = formatIsoDate(input.generatedAt)
  const priceDay = period.to < today ? period.to : today

  const activity = input.orders
    .filter((o) => inRange(Date.parse(o.createdAt), start, end))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.sequence - b.sequence)

  // The type of every order of the member's; a transfer of theirs whose order is not here is a sale fill.
  const typeOf = new Map<OrderId, OrderRecord["orderType"]>()
  for (const order of input.orders) typeOf.set(order.orderId, order.orderType)

  const openingBalances = balancesAt(memberId, input.transfers, start)
  const closingBalances = balancesAt(memberId, input.transfers, end)
  const movements = movementsBetween(memberId, input.transfers, start, end, (id) => typeOf.get(id))

  const unitTypes = UnitTypes.filter(
    (u) =>
      closingBalances.has(u) ||
      activity.some((o) => o.currencyUnit.unitType === u || o.convert?.unitType === u),
  )
  const holding = (balances: ReturnType<typeof balancesAt>, unitType: UnitType): StatementHolding => {
    const units = valuedUnits(balances.get(unitType))
    const pricePerUnit = input.priceOn(unitType, priceDay)
    return {
      unitType,
      columns: columnsOf(balances.get(unitType)),
      valuedUnits: units,
      pricePerUnit,
      valueCents: pricePerUnit === undefined ? undefined : subtotalCents(units, pricePerUnit, false),
    }
  }
  const opening = unitTypes.map((u) => holding(openingBalances, u))
  const closing = unitTypes.map((u) => holding(closingBalances, u))
  const reconciliation = unitTypes.map((unitType, i): UnitReconciliation => {
    const byKind = movements.get(unitType)
    const moves = MOVEMENT_KINDS.flatMap((kind) => {
      const change = byKind?.get(kind)
      return change === undefined ? [] : [{ kind, change }]
    })
    const open = opening[i]!.columns
    const close = closing[i]!.columns
    const sum = moves.reduce((acc, m) => addBuckets(acc, m.change), open)
    return { unitType, opening: open, movements: moves, closing: close, balanced: sameBuckets(sum, close) }
  })

  const salesOf = new Map<OrderId, number>()
  const totals = new Map<CurrencyType, { -readonly [K in keyof CurrencyTotals]: CurrencyTotals[K] }>()
  const totalOf = (currency: CurrencyType) => {
    const found = totals.get(currency)
    if (found !== undefined) return found
    const fresh = { currency, paidCents: 0, feesCents: 0, receivedFromSalesCents: 0, payoutsCents: 0 }
    totals.set(currency, fresh)
    return fresh
  }
  for (const order of activity) {
    const payment = order.paymentDetails
    const paid = PAID_BUY_STATUSES.includes(order.orderStatus)
    if (order.orderType === "BUY" && order.memberId === memberId && payment !== undefined && paid) {
      const total = totalOf(payment.currency)
      total.paidCents += payment.paymentAmount
      total.feesCents += payment.transactionFee
    }
  }
  for (const payout of input.payouts) {
    if (payout.memberId !== memberId) continue
    // A convert's remainder is owed for no sale: it counts only once paid ("Payouts paid").
    const ofSale = payout.kind !== "convertRemainder"
    if (ofSale && payout.createdAt < end) {
      salesOf.set(payout.sellOrderId, (salesOf.get(payout.sellOrderId) ?? 0) + payout.amountCents)
    }
    if (ofSale && inRange(payout.createdAt, start, end))
      totalOf(payout.currency).receivedFromSalesCents += payout.amountCents
    const paidOut = payout.statusHistory.find((s) => s.status === "Completed")
    if (paidOut !== undefined && inRange(paidOut.at, start, end)) {
      totalOf(payout.currency).payoutsCents += payout.amountCents
    }
  }

  const payouts = input.payouts
    .filter((p) => p.memberId === memberId && p.createdAt < end)
    .flatMap((payout): ReadonlyArray<StatementPayout> => {
      const moves = payout.statusHistory.filter((s) => s.at < end)
      const paidAt = moves.find((s) => s.status === "Completed")?.at
      if (paidAt !== undefined && paidAt < start) return []
      return [
        {
          payout,
          status: moves.at(-1)?.status ?? "Initiated",
          readyAt: moves.find((s) => s.status === "AUDReadyToSendBetweenAccounts")?.at,
          paidAt,
        },
      ]
    })
    .sort((a, b) => a.payout.createdAt - b.payout.createdAt)

  return {
    number: statementNumber(memberId, period, input.generatedAt),
    memberId,
    memberName: input.memberName,
    memberEmail: input.memberEmail,
    business: input.business,
    period,
    generatedAt: input.generatedAt,
    checkpoint: input.checkpoint,
    priceDay,
    opening,
    closing,
    reconciliation,
    activity,
    salesOf,
    totals: CurrencyTypes.flatMap((c) => {
      const total = totals.get(c)
      return total === undefined ? [] : [total]
    }),
    payouts,
  }
}
