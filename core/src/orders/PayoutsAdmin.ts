/**
 * The admins' use cases on payouts (`landunits payouts …`, issue 37): list the payouts owed to members (sales' proceeds, converts' remainders); an AUD
 * payout ready for the transfer between accounts (an operation); a payout recorded as paid, which moves money
 * (core/src/access/AdminOperations.ts: a second admin above the currency's threshold), as a handler for core's
 * runner (AdminOperationRunner.ts). Each move is audited with the payout's amount.
 */
import { Effect } from "effect"
import type { ActingAdmin, ApprovalFacts, OperationHandler } from "../access/AdminOperationRunner.ts"
import {
  type Auditor,
  adminCommandKey,
  auditAdmin,
  optionValue,
  orderActorOf,
  param,
  refuse,
} from "../access/AdminUseCase.ts"
import { memberNamed } from "../accounts/MembersAdmin.ts"
import { PayoutId } from "../shared/Ids.ts"
import { type Payout, PayoutStatus } from "./OrderModel.ts"
import { OrderService } from "./OrderService.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"

/** One payout on one line: its id, status, amount and member. */
export const payoutLine = (p: Payout) =>
  `${p.payoutId}: ${p.status} (${p.amountCents} cents ${p.currency} to ${p.memberId})`

/** Payouts, oldest first: by default the ones still owed (Initiated, AUDReadyToSendBetweenAccounts); `all`. */
export const listPayouts = Effect.fn("PayoutsAdmin.list")(function* (filter: {
  readonly status?: string | undefined
  readonly member?: string | undefined
}) {
  const statuses =
    filter.status === "all"
      ? undefined
      : filter.status === undefined
        ? (["Initiated", "AUDReadyToSendBetweenAccounts"] as const)
        : [
            yield* optionValue(
              PayoutStatus,
              "--status",
              filter.status,
              "Initiated, AUDReadyToSendBetweenAccounts, Completed, all",
            ),
          ]
  const member = filter.member === undefined ? undefined : yield* memberNamed(filter.member)
  return yield* (yield* PayoutRepository).find({
    ...(statuses === undefined ? {} : { statuses }),
    ...(member === undefined ? {} : { memberId: member.memberId }),
  })
})

/** Audits a payout's move from `before` to `after` under `action` (payouts.ready, payouts.paid). */
const auditPayoutMove = (
  acting: ActingAdmin | Auditor,
  action: string,
  before: Payout,
  after: Payout,
  facts: ApprovalFacts = {},
) =>
  auditAdmin(
    acting,
    action,
    `payout:${after.payoutId}`,
    {
      from: before.status,
      to: after.status,
      amountCents: String(after.amountCents),
      currency: after.currency,
    },
    facts,
  )

/** An AUD payout is ready for the transfer between accounts (before it is paid). Audited `payouts.ready`. */
export const markPayoutReady = Effect.fn("PayoutsAdmin.markReady")(function* (
  acting: ActingAdmin,
  payoutId: string,
) {
  const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
  const payout = yield* (yield* OrderService).markPayoutReady({
    idempotencyKey: adminCommandKey("payout-ready", payoutId),
    payoutId: before.payoutId,
    actor: orderActorOf(acting),
  })
  yield* auditPayoutMove(acting, "payouts.ready", before, payout)
  return payout
})

const payoutOf = (params: Readonly<Record<string, string>>) =>
  Effect.flatMap(param(params, "payoutId"), (payoutId) =>
    Effect.flatMap(PayoutRepository, (payouts) => payouts.get(PayoutId.make(payoutId))),
  )

/**
 * `payouts.markPaid`: the seller has been paid (AUD: ready first). A paid payout answers as it is (a repeat),
 * needing nobody's approval; an approved request for one paid meanwhile is refused.
 */
export const markPayoutPaid: OperationHandler<Payout> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const before = yield* payoutOf(params)
      const summary = `Record ${before.amountCents} cents ${before.currency} as paid to ${before.memberId}`
      return {
        params: { payoutId: before.payoutId },
        summary: `${summary} (payout ${before.payoutId})`,
        amount: { amountMinor: before.amountCents, currency: before.currency },
        confirm: summary,
        repeat: before.status === "Completed",
      }
    }),
  recheck: (params) =>
    Effect.gen(function* () {
      const payout = yield* payoutOf(params)
      if (payout.status === "Completed") return yield* refuse(`Payout ${payout.payoutId} is already paid`)
    }),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const before = yield* payoutOf(params)
      if (before.status === "Completed") return before
      const payout = yield* (yield* OrderService).markPayoutPaid({
        idempotencyKey: adminCommandKey("payout-paid", before.payoutId),
        payoutId: before.payoutId,
        actor: orderActorOf(acting),
      })
      yield* auditPayoutMove(acting, "payouts.paid", before, payout, facts)
      return payout
    }),
  outcome: payoutLine,
}

/** The payouts' money-or-power operations, by name. */
export const PayoutsAdminOperations = { "payouts.markPaid": markPayoutPaid } as const
