/**
 * A member's payouts in words and sums (issue 38), the same on the order page, the history and the success pages:
 * each payout's state ("Owed", "Ready to send", "Paid"), the totals per currency, and an order's timeline with
 * every payout step in it, so the timeline goes on past the first partial sale (each filled slice of a sale is a
 * payout, owed from the moment a buy took it). Plain values, types only from the schema's module, so a page loads
 * no schema for it.
 */
import type { MemberPayout } from "../orders/MemberPayouts.ts"
import type { MemberTimelineEntry } from "../orders/OrderTimeline.ts"
import { type CurrencyType, CurrencyTypes, type OrderType, unitDisplayName } from "../shared/EnumValues.ts"
import { formatMoney, formatNumber0 } from "./Format.ts"

export const PAYOUT_STATUS_LABELS: Readonly<Record<MemberPayout["status"], string>> = {
  Initiated: "Owed",
  AUDReadyToSendBetweenAccounts: "Ready to send",
  Completed: "Paid",
}

/** A currency's payouts: what is still owed (ready to send included), the part ready to send, and what is paid. */
export interface PayoutTotals {
  readonly currency: CurrencyType
  readonly owedCents: number
  readonly readyCents: number
  readonly paidCents: number
  readonly count: number
}

/** The totals per currency, in the currencies' usual order (EUR, USD, AUD, GBP); none for a currency not paid in. */
export const payoutTotals = (payouts: ReadonlyArray<MemberPayout>): ReadonlyArray<PayoutTotals> =>
  CurrencyTypes.flatMap((currency) => {
    const of = payouts.filter((p) => p.currency === currency)
    if (of.length === 0) return []
    const sum = (keep: (p: MemberPayout) => boolean) =>
      of.filter(keep).reduce((total, p) => total + p.amountCents, 0)
    return [
      {
        currency,
        owedCents: sum((p) => p.status !== "Completed"),
        readyCents: sum((p) => p.status === "AUDReadyToSendBetweenAccounts"),
        paidCents: sum((p) => p.status === "Completed"),
        count: of.length,
      },
    ]
  })

/** "£1,049.04 paid, £530.42 owed" (the owed part only when something is owed, "nothing yet" for no payouts). */
export const payoutTotalsText = (totals: PayoutTotals): string => {
  const parts = [
    ...(totals.paidCents > 0 || totals.owedCents === 0
      ? [`${formatMoney(totals.paidCents, totals.currency)} paid`]
      : []),
    ...(totals.owedCents > 0 ? [`${formatMoney(totals.owedCents, totals.currency)} owed`] : []),
  ]
  return totals.readyCents > 0
    ? `${parts.join(", ")} (${formatMoney(totals.readyCents, totals.currency)} ready to send)`
    : parts.join(", ")
}

/** A step of a payout: owed (a buy took the Units), ready to send (AUD), paid. */
export type PayoutStep = "owed" | "ready" | "paid"

/** One line of an order's timeline: a status change, or a step of one of its payouts. */
export type OrderEvent =
  | { readonly kind: "status"; readonly at: string; readonly entry: MemberTimelineEntry }
  | { readonly kind: "payout"; readonly at: string; readonly step: PayoutStep; readonly payout: MemberPayout }

const payoutSteps = (payout: MemberPayout): ReadonlyArray<OrderEvent> => [
  { kind: "payout", at: payout.owedAt, step: "owed", payout },
  ...(payout.readyAt === undefined
    ? []
    : [{ kind: "payout" as const, at: payout.readyAt, step: "ready" as const, payout }]),
  ...(payout.paidAt === undefined
    ? []
    : [{ kind: "payout" as const, at: payout.paidAt, step: "paid" as const, payout }]),
]

/**
 * The order's status changes and its payouts' steps in one list, oldest first. At the same instant a status
 * change comes before the payout that caused it (a buy moves a sale to partly sold and owes its slice at once),
 * and a payout's steps keep their order.
 */
export const orderEvents = (
  timeline: ReadonlyArray<MemberTimelineEntry>,
  payouts: ReadonlyArray<MemberPayout>,
): ReadonlyArray<OrderEvent> => {
  const events: ReadonlyArray<OrderEvent> = [
    ...timeline.map((entry): OrderEvent => ({ kind: "status", at: entry.at, entry })),
    ...payouts.flatMap(payoutSteps),
  ]
  // Array.prototype.sort is stable: equal instants keep the order above (status changes first).
  return [...events].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
}

/**
 * A payout step in words: "5 Unit (£) sold: £44.84 owed to you" (a sale's slice; another order's payout is
 * "£9.00 owed to you"), "£44.84 ready to send to your bank account", "£44.84 paid to your bank account".
 */
export const payoutStepWords = (
  step: PayoutStep,
  payout: MemberPayout,
  orderType: OrderType = "SELL",
): string => {
  const money = formatMoney(payout.amountCents, payout.currency)
  switch (step) {
    case "owed":
      return orderType === "SELL"
        ? `${formatNumber0(payout.units)} ${unitDisplayName(payout.unitType)} sold: ${money} owed to you`
        : `${money} owed to you`
    case "ready":
      return `${money} ready to send to your bank account`
    case "paid":
      return `${money} paid to your bank account`
  }
}

/** Who or what made a payout step, as the timeline says it: a buyer's purchase, or an administrator. */
export const payoutStepActorWords = (step: PayoutStep, orderType: OrderType): string =>
  step !== "owed" ? "by an administrator" : orderType === "SELL" ? "a buyer bought them" : "owed at once"
