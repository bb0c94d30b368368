/**
 * A member's payouts as the member reads them (issue 38): the money owed to them for an order of theirs, each
 * payout with its amount, currency and dates (owed since, ready, paid). A payout is found by the member's order
 * it pays (`payoutOrderId`): a sale's slices today, and any other order paid back through the same payout steps.
 *
 * The member's view names no other member and no other member's order: the buy that filled a slice (the
 * payout's `buyOrderId`) is left out, as the timeline leaves out who bought (docs/decisions.md, "Each order's
 * timeline").
 */
import { Schema } from "effect"
import { CurrencyType, UnitType } from "../shared/Enums.ts"
import { type MemberId, OrderId, PayoutId } from "../shared/Ids.ts"
import { type Payout, PayoutKind, PayoutStatus } from "./OrderModel.ts"
import type { PayoutFilter } from "./ports/PayoutRepository.ts"

const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The member's order a payout pays: the sale whose queued Units a buy took. */
export const payoutOrderId = (payout: Payout): OrderId => payout.sellOrderId

/** The payouts of one of the member's orders, found as `payoutOrderId` names it (PayoutRepository's filter). */
export const payoutsOfOrder = (memberId: MemberId, orderId: OrderId): PayoutFilter => ({
  memberId,
  sellOrderId: orderId,
})

export const MemberPayout = Schema.Struct({
  payoutId: PayoutId,
  /** What it pays: a slice of a sale, or a convert's remainder. */
  kind: PayoutKind,
  /** The member's order it pays (a sale, or a convert). */
  orderId: OrderId,
  unitType: UnitType,
  /** The whole Units it pays for; 0 for a convert's remainder (a part of one Unit). */
  units: NonNegativeInt,
  /** The price they were paid at (the buyer's; a convert's remainder: the source's that day), in 1/1000 of a currency unit. */
  pricePerUnit: NonNegativeInt,
  amountCents: NonNegativeInt,
  currency: CurrencyType,
  /** Initiated: owed; AUDReadyToSendBetweenAccounts: ready to send (AUD); Completed: paid. */
  status: PayoutStatus,
  /** When it became owed (ISO 8601, UTC). */
  owedAt: Schema.String,
  /** When an AUD payout was made ready for the transfer between accounts. */
  readyAt: Schema.optionalKey(Schema.String),
  /** When it was paid to the member's bank account. */
  paidAt: Schema.optionalKey(Schema.String),
})
export type MemberPayout = typeof MemberPayout.Type

const iso = (at: number) => new Date(at).toISOString()

/** The member's view of one of their payouts. */
export const memberPayout = (payout: Payout): MemberPayout => {
  const at = (status: Payout["status"]) => payout.statusHistory.find((s) => s.status === status)?.at
  const readyAt = at("AUDReadyToSendBetweenAccounts")
  const paidAt = at("Completed")
  return {
    payoutId: payout.payoutId,
    kind: payout.kind ?? "sale",
    orderId: payoutOrderId(payout),
    unitType: payout.unitType,
    units: payout.units,
    pricePerUnit: payout.pricePerUnit,
    amountCents: payout.amountCents,
    currency: payout.currency,
    status: payout.status,
    owedAt: iso(payout.createdAt),
    ...(readyAt === undefined ? {} : { readyAt: iso(readyAt) }),
    ...(paidAt === undefined ? {} : { paidAt: iso(paidAt) }),
  }
}
