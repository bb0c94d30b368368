/**
 * Settling a confirmed buy, as a decision (issue 40): given the buy and the sales queue of its unit type, what
 * changes. The buy is filled from the oldest queued sells first, then from new issuance (SalesQueue.ts); each
 * slice moves its seller's sell on (PartialComplete, or AllUnitSold when nothing is left queued) and owes the
 * seller a payout at the buyer's price; the ledger transfers move the Units to the buyer; the buy is Approved, or
 * Completed at once when new Units filled it all (nothing is owed to anyone); the buyer and each seller get an email.
 *
 * Pure: no port, no clock, no id. `confirmPayment` (BuyPaymentConfirmation.ts) reads the queue, checks the limits
 * of a late payment, calls `settleBuy` and applies what it returns: the transfers, the payouts (with their new ids),
 * the sells and the buy, and the emails. Its properties (Units conserved, first in first out, no negative payout)
 * are in core/test/orders/BuySettlement.test.ts.
 */
import { Result } from "effect"
import { sellPayoutCents } from "../fees/Fees.ts"
import { ISSUANCE, member, type TransferDraft } from "../ledger/LedgerModel.ts"
import { CurrencyOfUnitType } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { type OrderNotice, paymentConfirmedNotice, saleFilledNotice } from "./OrderEmails.ts"
import type { InvalidTransition } from "./OrderErrors.ts"
import type { OrderRecord, Payout } from "./OrderModel.ts"
import type { ActorAdmin, ActorProvider } from "./OrderTimeline.ts"
import { moveTo } from "./OrderTransitions.ts"
import { fillFromQueue, remainingInQueue } from "./SalesQueue.ts"

/** A payout the settlement owes, before the command gives it its id. */
export type PayoutDraft = Omit<Payout, "payoutId">

/** One queued sell the buy took Units from: the sell as it was, and as it is after. */
export interface SellFill {
  readonly before: OrderRecord
  readonly after: OrderRecord
  /** The Units the buy took from it. */
  readonly units: number
}

/** An email to a member, as the settlement decides it. */
export interface SettlementNotice {
  readonly memberId: MemberId
  readonly notice: OrderNotice
}

export interface BuySettlement {
  /** The buy, settled: Approved (Completed when new Units filled it all), its expiry gone. */
  readonly order: OrderRecord
  /** The ledger transfers, in the order they are posted. */
  readonly transfers: ReadonlyArray<TransferDraft>
  /** The sells the buy took Units from, oldest first. */
  readonly fills: ReadonlyArray<SellFill>
  /** The Units that came from new issuance. */
  readonly fromIssuance: number
  /** What is owed to each seller, one per fill, in the same order. */
  readonly payouts: ReadonlyArray<PayoutDraft>
  /** The buyer's email, then each seller's. */
  readonly notices: ReadonlyArray<SettlementNotice>
}

export interface SettleBuyInput {
  /** The buy being confirmed (Expired for a late payment: its Units were released, and are reserved again). */
  readonly order: OrderRecord
  /** The queued sells of its unit type (any order; the oldest by sequence fill first). Ignored for an LU2X buy. */
  readonly queue: ReadonlyArray<OrderRecord>
  readonly at: number
  /** Who confirms: the admin, or the card provider's event. */
  readonly actor: ActorAdmin | ActorProvider
}

/**
 * What confirming the payment of `order` changes, or InvalidTransition when the buy (or a sell it takes from)
 * cannot move. LU2X Units come from issuance only; other buys take the oldest queued sells first.
 */
export const settleBuy = (input: SettleBuyInput): Result.Result<BuySettlement, InvalidTransition> =>
  Result.gen(function* () {
    const { order, at, actor } = input
    const late = order.orderStatus === "Expired"
    const approved = yield* moveTo(order, "Approved", at, {
      actor,
      reason: late
        ? "Paid after it expired: confirmed as a late payment, its Units checked and reserved again"
        : undefined,
    })
    const { unitType, numberOfUnits, isDoubleLand, pricePerUnit } = order.currencyUnit
    const buyer = order.memberId
    const sells = new Map(input.queue.map((sell) => [sell.orderId, sell]))
    const queue = isDoubleLand
      ? []
      : input.queue.map((sell) => ({
          orderId: sell.orderId,
          memberId: sell.memberId,
          sequence: sell.sequence,
          remaining: sell.sell === undefined ? 0 : remainingInQueue(sell.sell),
        }))
    const fill = fillFromQueue(queue, numberOfUnits)

    const transfers: Array<TransferDraft> = []
    // A late payment: the reservation was released, so the Units are reserved again.
    if (late)
      transfers.push({ unitType, from: ISSUANCE, to: member(buyer, "pendingBuy"), units: numberOfUnits })
    const target = member(buyer, isDoubleLand ? "owned_DOUBLE_LAND" : "owned")
    const fromQueue = numberOfUnits - fill.fromIssuance
    if (fromQueue > 0)
      transfers.push({ unitType, from: member(buyer, "pendingBuy"), to: ISSUANCE, units: fromQueue })
    for (const slice of fill.slices) {
      transfers.push({
        unitType,
        from: member(slice.sell.memberId, "pendingSell"),
        to: target,
        units: slice.units,
      })
    }
    if (fill.fromIssuance > 0) {
      transfers.push({ unitType, from: member(buyer, "pendingBuy"), to: target, units: fill.fromIssuance })
    }

    const fills: Array<SellFill> = []
    const payouts: Array<PayoutDraft> = []
    for (const slice of fill.slices) {
      const before = sells.get(slice.sell.orderId)!
      const progress = { ...before.sell!, soldUnits: before.sell!.soldUnits + slice.units }
      const status = remainingInQueue(progress) === 0 ? "AllUnitSold" : "PartialComplete"
      const moved =
        status === before.orderStatus
          ? before
          : yield* moveTo(before, status, at, {
              // The seller reads it: the buyer's order is not named.
              actor,
              reason: `${progress.soldUnits} of ${progress.queuedUnits} queued Units sold`,
            })
      fills.push({
        before,
        after: { ...moved, sell: progress, updatedAt: new Date(at).toISOString() },
        units: slice.units,
      })
      payouts.push({
        memberId: before.memberId,
        kind: "sale",
        sellOrderId: before.orderId,
        buyOrderId: order.orderId,
        unitType,
        units: slice.units,
        pricePerUnit,
        amountCents: sellPayoutCents(slice.units, pricePerUnit),
        currency: CurrencyOfUnitType[unitType],
        status: "Initiated",
        statusHistory: [{ status: "Initiated", at }],
        createdAt: at,
      })
    }

    // Filled wholly from issuance: nothing is owed to anyone, so the buy is Completed at once.
    const final =
      payouts.length === 0
        ? yield* moveTo(approved, "Completed", at, {
            actor,
            reason: "Filled from new Units: nothing is owed to sellers",
          })
        : approved
    const { expiresAt: _, ...settled } = final
    const notices: Array<SettlementNotice> = [
      { memberId: buyer, notice: paymentConfirmedNotice(settled) },
      // Each seller whose queued Units this buy took: partly filled, or all sold (issue 24).
      ...fills.map((f, i) => ({
        memberId: f.after.memberId,
        notice: saleFilledNotice(f.after, payouts[i]!),
      })),
    ]
    return { order: settled, transfers, fills, fromIssuance: fill.fromIssuance, payouts, notices }
  })
