/**
 * The four-eyes rules (issue 23, docs/decisions.md "Four eyes on admin money moves"), as plain functions:
 * which command needs a second admin, who may decide a request, and the request's moves.
 *
 * - A money move (`MoneyCommands`) needs a second admin when its amount is above the threshold of its
 *   currency (strictly: an amount equal to the threshold runs at once). Below it nothing changes.
 * - `AlwaysCommands` (make an admin, set a price, create a discount code) need one whatever the amount.
 * - Raising a threshold needs one (it would let bigger moves through alone); lowering it only tightens.
 * - Four eyes need two admins: on an installation with fewer than two admin accounts (disabled ones count)
 *   there is nobody to approve, so the sole admin acts alone, and that admin's first promotion of a second
 *   admin runs at once (the bootstrap). From the second admin account on, the rules apply for good: the
 *   role is never taken back, and a disabled admin still counts, so disabling the other admin does not
 *   switch four eyes off.
 * - Nobody approves their own request (the requester may withdraw it: a rejection); a request is decided
 *   once, while pending and before it expires.
 */
import { Result } from "effect"
import { fourEyesRuleOf } from "../access/AdminOperations.ts"
import type { Order } from "../orders/OrderModel.ts"
import { PRICE_SCALE } from "../shared/Constants.ts"
import { CurrencyOfUnitType, type CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import type { MemberId } from "../shared/Ids.ts"
import { divRoundHalfUp } from "../shared/Money.ts"
import {
  AlwaysCommands,
  type ApprovalAdmin,
  type ApprovalAmount,
  type ApprovalRequest,
  type ApprovalStatus,
  type GatedCommand,
  MoneyCommands,
} from "./ApprovalModel.ts"

/** The default threshold of every currency: 10,000.00 (1,000,000 minor units). */
export const DEFAULT_THRESHOLD_MINOR_UNITS = 1_000_000

/** How long a request waits for a second admin: 7 days (a Friday's request survives the weekend). */
export const APPROVAL_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000

/** The thresholds an admin set, per currency; a currency without one has the default. */
export type SetThresholds = Readonly<Partial<Record<CurrencyType, number>>>
export type Thresholds = Readonly<Record<CurrencyType, number>>

export const thresholdsWithDefaults = (set: SetThresholds): Thresholds =>
  Object.fromEntries(CurrencyTypes.map((c) => [c, set[c] ?? DEFAULT_THRESHOLD_MINOR_UNITS])) as Record<
    CurrencyType,
    number
  >

/** What a command asks the gate. */
export interface GateInput {
  readonly command: GatedCommand
  /** The money a money move moves. */
  readonly amount?: ApprovalAmount
  /** For `approvals.setThreshold`: the threshold asked for. */
  readonly newThreshold?: ApprovalAmount
  /** How many accounts have the admin role, disabled ones included. */
  readonly adminAccounts: number
  readonly thresholds: Thresholds
}

export type GateDecision =
  | { readonly _tag: "Direct"; readonly why: string }
  | { readonly _tag: "SecondAdmin"; readonly why: string }

const direct = (why: string): GateDecision => ({ _tag: "Direct", why })
const secondAdmin = (why: string): GateDecision => ({ _tag: "SecondAdmin", why })

/** Whether the command runs at once or becomes a request a second admin approves, and why. */
export const gate = (input: GateInput): GateDecision => {
  if (input.adminAccounts < 2) return direct("the only admin: no second admin exists to approve")
  if (MoneyCommands.includes(input.command)) {
    if (input.amount === undefined) return secondAdmin("a money move without a known amount")
    const threshold = input.thresholds[input.amount.currency]
    return input.amount.amountMinor > threshold
      ? secondAdmin(`above the ${input.amount.currency} threshold of ${threshold} minor units`)
      : direct(`at or below the ${input.amount.currency} threshold of ${threshold} minor units`)
  }
  if (AlwaysCommands.includes(input.command)) return secondAdmin("always approved by a second admin")
  if (fourEyesRuleOf(input.command) === "when-raised") {
    if (input.newThreshold === undefined) return secondAdmin("a threshold change without its amount")
    const current = input.thresholds[input.newThreshold.currency]
    return input.newThreshold.amountMinor > current
      ? secondAdmin("raising a threshold lets larger moves run alone")
      : direct("lowering a threshold only asks for more approvals")
  }
  return secondAdmin("an unknown command")
}

/** A pending request whose time ran out is expired, whatever its stored status says. */
export const isExpired = (request: ApprovalRequest, now: number): boolean =>
  request.status === "pending" && now >= request.expiresAt

/** The request as it stands at `now`: a pending one past its time is expired (at its expiry time). */
export const asOf = (request: ApprovalRequest, now: number): ApprovalRequest =>
  isExpired(request, now) ? { ...request, status: "expired", decidedAt: request.expiresAt } : request

export type Decision = "approve" | "reject"

/** Whether `admin` may take `decision` on `request` at `now`; the refusal's message otherwise. */
export const mayDecide = (
  request: ApprovalRequest,
  admin: { readonly adminId: MemberId },
  decision: Decision,
  now: number,
): Result.Result<void, string> => {
  const current = asOf(request, now)
  if (current.status !== "pending") {
    return Result.fail(
      `Request ${request.requestId} is ${current.status}: it can be decided only while pending`,
    )
  }
  if (decision === "approve" && admin.adminId === request.requestedBy.adminId) {
    return Result.fail(`Nobody approves their own request: another admin must approve ${request.requestId}`)
  }
  return Result.succeed(undefined)
}

/** The moves a request may make: only out of pending, each to a final status. */
export const canMove = (from: ApprovalStatus, to: ApprovalStatus): boolean =>
  from === "pending" && to !== "pending"

/** A request decided: its new status, who and when, and the reason or the outcome. */
export const decided = (
  request: ApprovalRequest,
  to: Exclude<ApprovalStatus, "pending">,
  at: number,
  facts: { readonly by?: ApprovalAdmin; readonly reason?: string; readonly outcome?: string } = {},
): ApprovalRequest => {
  if (!canMove(request.status, to)) {
    throw new Error(`A ${request.status} request cannot become ${to}`)
  }
  return {
    ...request,
    status: to,
    decidedAt: at,
    ...(facts.by === undefined ? {} : { decidedBy: facts.by }),
    ...(facts.reason === undefined ? {} : { reason: facts.reason }),
    ...(facts.outcome === undefined ? {} : { outcome: facts.outcome }),
  }
}

/**
 * The money an order's confirmation or cancellation moves: a payment's amount in its currency; an order without
 * one (a sell) its Units at the order's price, in cents of the unit type's currency (rounded half-up).
 */
export const orderAmount = (order: Order): ApprovalAmount =>
  order.paymentDetails !== undefined
    ? { amountMinor: order.paymentDetails.paymentAmount, currency: order.paymentDetails.currency }
    : {
        amountMinor: Number(
          divRoundHalfUp(
            BigInt(order.currencyUnit.numberOfUnits) * BigInt(order.currencyUnit.pricePerUnit) * 100n,
            BigInt(PRICE_SCALE),
          ),
        ),
        currency: CurrencyOfUnitType[order.currencyUnit.unitType],
      }

/** A threshold as typed by an admin: a whole number of minor units, 0 or more (0: every amount needs two). */
export const parseThreshold = (text: string): Result.Result<number, string> => {
  const trimmed = text.trim()
  if (!/^\d{1,15}$/.test(trimmed)) {
    return Result.fail(`A threshold is a whole number of minor units, 0 or more (got ${text})`)
  }
  return Result.succeed(Number(trimmed))
}
