/**
 * The status transition tables: the only moves an order's or a payout's status can make
 * (decisions.md, Orders). Every status change in the engine goes through `canTransition`; any other move
 * is refused with InvalidTransition.
 */
import { Result } from "effect"
import type { OrderStatus, OrderType } from "../shared/Enums.ts"
import { InvalidPayoutTransition, InvalidTransition } from "./OrderErrors.ts"
import type { OrderRecord, Payout, PayoutStatus } from "./OrderModel.ts"
import { type StatusCause, timelineEntry } from "./OrderTimeline.ts"

type Table<S extends string> = Readonly<Partial<Record<S, ReadonlyArray<S>>>>

/** Statuses from which an admin (or the card provider's webhook) may confirm a buy's payment. */
export const CONFIRMABLE_BUY_STATUSES = [
  "Initiated",
  "InProcess",
  "PaymentSent",
  "PaymentSent_FromUserCrypto",
  "FundsWaitingApproval",
  "Expired",
] as const satisfies ReadonlyArray<OrderStatus>

/** Statuses in which a buy holds its Units in pendingBuy. */
export const RESERVING_BUY_STATUSES = [
  "Initiated",
  "InProcess",
  "PaymentSent",
  "PaymentSent_FromUserCrypto",
  "FundsWaitingApproval",
] as const satisfies ReadonlyArray<OrderStatus>

/** Statuses in which a buy is still unpaid and expires after its window. */
export const EXPIRING_BUY_STATUSES = ["Initiated", "InProcess"] as const satisfies ReadonlyArray<OrderStatus>

/** Statuses of a sell order whose unsold rest is still in the sales queue. */
export const QUEUED_SELL_STATUSES = [
  "InProcess",
  "PartialComplete",
] as const satisfies ReadonlyArray<OrderStatus>

export const ORDER_TRANSITIONS: Readonly<Record<OrderType, Table<OrderStatus>>> = {
  BUY: {
    // Initiated: Units reserved in pendingBuy.
    Initiated: ["InProcess", "Approved", "Cancelled", "Expired"],
    // InProcess: payment started with the provider. A declined card goes back to Initiated: the order waits
    // for another card, its Units still reserved until its expiry (PaymentRules.ts, afterDecline).
    InProcess: [
      "Initiated",
      "PaymentSent",
      "PaymentSent_FromUserCrypto",
      "FundsWaitingApproval",
      "Approved",
      "Failed",
      "Cancelled",
      "Expired",
    ],
    // Bank: the member says the transfer is made; the admin sees the funds.
    PaymentSent: ["FundsWaitingApproval", "Approved"],
    // Crypto: the member gave the transaction hash.
    PaymentSent_FromUserCrypto: ["Approved"],
    FundsWaitingApproval: ["Approved"],
    // A late payment of an expired order, confirmed by an admin after a fresh availability check.
    Expired: ["Approved"],
    // Completed once every payout of the Units it took from the sales queue is paid.
    Approved: ["Completed"],
  },
  SELL: {
    Initiated: ["InProcess"],
    InProcess: ["PartialComplete", "AllUnitSold", "Cancelled"],
    // Cancelling the unsold rest of a partly sold order leaves nothing in the queue: AllUnitSold, or
    // Completed at once when its payouts are already paid.
    PartialComplete: ["AllUnitSold", "Completed"],
    AllUnitSold: ["Completed"],
  },
  TRANSFER: {
    Initiated: ["Completed"],
  },
  CONVERT: {
    Initiated: ["Locked"],
    Locked: ["Completed"],
  },
}

export const PAYOUT_TRANSITIONS: Table<PayoutStatus> = {
  Initiated: ["AUDReadyToSendBetweenAccounts", "Completed"],
  AUDReadyToSendBetweenAccounts: ["Completed"],
}

export const canTransition = (orderType: OrderType, from: OrderStatus, to: OrderStatus): boolean =>
  ORDER_TRANSITIONS[orderType][from]?.includes(to) ?? false

/** AUD payouts must pass AUDReadyToSendBetweenAccounts; other currencies go straight to Completed. */
export const canPayoutTransition = (isAud: boolean, from: PayoutStatus, to: PayoutStatus): boolean =>
  (PAYOUT_TRANSITIONS[from]?.includes(to) ?? false) &&
  !(isAud && from === "Initiated" && to === "Completed") &&
  !(!isAud && to === "AUDReadyToSendBetweenAccounts")

export const isTerminal = (orderType: OrderType, status: OrderStatus): boolean =>
  (ORDER_TRANSITIONS[orderType][status]?.length ?? 0) === 0

/**
 * The order in status `to` at `at` (epoch ms), moved by `cause.actor` for `cause.reason`: orderStatus, updatedAt
 * and the timeline (one entry, from → to) change together. Refused with InvalidTransition when the table has
 * no such move.
 */
export const moveTo = (
  order: OrderRecord,
  to: OrderStatus,
  at: number,
  cause: StatusCause,
): Result.Result<OrderRecord, InvalidTransition> =>
  canTransition(order.orderType, order.orderStatus, to)
    ? Result.succeed({
        ...order,
        orderStatus: to,
        timeline: [...order.timeline, timelineEntry(order.orderStatus, to, at, cause)],
        updatedAt: new Date(at).toISOString(),
      })
    : Result.fail(
        new InvalidTransition({
          message: `A ${order.orderType} order cannot go from ${order.orderStatus} to ${to}`,
          orderId: order.orderId,
          orderType: order.orderType,
          from: order.orderStatus,
          to,
        }),
      )

/** The payout in status `to` at `at`, or InvalidPayoutTransition. */
export const movePayout = (
  payout: Payout,
  to: PayoutStatus,
  at: number,
): Result.Result<Payout, InvalidPayoutTransition> => {
  const isAud = payout.currency === "AUD"
  if (canPayoutTransition(isAud, payout.status, to)) {
    return Result.succeed({
      ...payout,
      status: to,
      statusHistory: [...payout.statusHistory, { status: to, at }],
    })
  }
  const message =
    isAud && to === "Completed" && payout.status === "Initiated"
      ? "An AUD payout must be marked AUDReadyToSendBetweenAccounts before it is paid"
      : !isAud && to === "AUDReadyToSendBetweenAccounts"
        ? "Only an AUD payout is marked AUDReadyToSendBetweenAccounts"
        : `A payout cannot go from ${payout.status} to ${to}`
  return Result.fail(
    new InvalidPayoutTransition({ message, payoutId: payout.payoutId, from: payout.status, to }),
  )
}
