/**
 * A member's statement for a period: every order they placed or received in it, and their holdings at the
 * end, with the money in integer cents and formatted once here. Rendered as CSV here (pure text) and as
 * PDF by the adapters, from the same rows, so both always say the same thing.
 */
import { formatDate, formatMoney, formatNumber0 } from "../format/Format.ts"
import type { UnitHolding } from "../ledger/LedgerModel.ts"
import type { OrderRecord } from "../orders/OrderModel.ts"
import { CurrencyOfUnitType, type CurrencyType, unitDisplayName } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"

export interface StatementPeriod {
  /** First day, yyyy-mm-dd (UTC), included. */
  readonly from: string
  /** Last day, yyyy-mm-dd (UTC), included. */
  readonly to: string
}

export interface StatementLine {
  readonly date: string
  readonly orderId: string
  readonly type: string
  readonly direction: "" | "Sent" | "Received"
  readonly unit: string
  readonly units: string
  readonly status: string
  readonly paymentMethod: string
  readonly amount: string
}

export interface StatementHolding {
  readonly unit: string
  readonly owned: string
  readonly pending: string
  readonly locked: string
  readonly valueBought: string
  readonly valueToday: string
}

export interface Statement {
  readonly title: string
  readonly memberName: string
  readonly memberEmail: string
  readonly period: StatementPeriod
  readonly generatedAt: string
  readonly lines: ReadonlyArray<StatementLine>
  readonly holdings: ReadonlyArray<StatementHolding>
  /** Money paid for buys in the period, per currency. */
  readonly totalsPaid: ReadonlyArray<{ readonly currency: CurrencyType; readonly amount: string }>
}

const DAY = 86_400_000

/** The period's bounds as epoch milliseconds: [start of `from`, end of `to`). */
export const periodBounds = (period: StatementPeriod): { readonly start: number; readonly end: number } => ({
  start: Date.parse(`${period.from}T00:00:00Z`),
  end: Date.parse(`${period.to}T00:00:00Z`) + DAY,
})

const inPeriod = (order: OrderRecord, period: StatementPeriod) => {
  const { start, end } = periodBounds(period)
  const at = Date.parse(order.createdAt)
  return at >= start && at < end
}

export interface StatementInput {
  readonly memberId: MemberId
  readonly memberName: string
  readonly memberEmail: string
  readonly period: StatementPeriod
  /** The member's orders and the transfers they received; any period (filtered here). */
  readonly orders: ReadonlyArray<OrderRecord>
  readonly holdings: ReadonlyArray<UnitHolding>
  readonly generatedAt: number
}

const lineOf = (memberId: MemberId, order: OrderRecord): StatementLine => {
  const unitType = order.currencyUnit.unitType
  const payment = order.paymentDetails
  return {
    date: formatDate(order.createdAt),
    orderId: order.orderId,
    type: order.orderType,
    direction: order.orderType !== "TRANSFER" ? "" : order.memberId === memberId ? "Sent" : "Received",
    unit: unitDisplayName(unitType),
    units: formatNumber0(order.currencyUnit.numberOfUnits),
    status: order.orderStatus,
    paymentMethod: payment?.paymentMethod ?? "",
    amount: payment === undefined ? "" : formatMoney(payment.paymentAmount, payment.currency),
  }
}

export const buildStatement = (input: StatementInput): Statement => {
  const orders = input.orders
    .filter((o) => inPeriod(o, input.period))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.sequence - b.sequence)
  const paid = new Map<CurrencyType, number>()
  for (const order of orders) {
    const payment = order.paymentDetails
    const counts = ["Approved", "Completed"].includes(order.orderStatus)
    if (order.orderType === "BUY" && order.memberId === input.memberId && payment !== undefined && counts) {
      paid.set(payment.currency, (paid.get(payment.currency) ?? 0) + payment.paymentAmount)
    }
  }
  return {
    title: "Landunits statement",
    memberName: input.memberName,
    memberEmail: input.memberEmail,
    period: input.period,
    generatedAt: formatDate(new Date(input.generatedAt)),
    lines: orders.map((o) => lineOf(input.memberId, o)),
    holdings: input.holdings.map((h) => ({
      unit: unitDisplayName(h.unitType),
      owned: formatNumber0(h.owned + h.owned_DOUBLE_LAND),
      pending: formatNumber0(h.pendingBuy + h.pendingSell),
      locked: formatNumber0(h.convertLocked),
      valueBought: formatMoney(h.total_value_bought, CurrencyOfUnitType[h.unitType]),
      valueToday: formatMoney(h.total_value_today, CurrencyOfUnitType[h.unitType]),
    })),
    totalsPaid: [...paid].map(([currency, cents]) => ({ currency, amount: formatMoney(cents, currency) })),
  }
}
