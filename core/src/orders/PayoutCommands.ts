/**
 * The payout commands of admins: an AUD payout ready for the transfer, a payout paid (which may complete its orders).
 * A sale's proceeds and a convert's remainder (OrderModel.ts PayoutKind) take the same steps; only a sale's
 * payouts complete orders (a convert's status follows its Units' lock). A sale's payout recorded paid gets its payout
 * statement in the same unit of work (InvoiceService.ts `InvoiceIssuer`, when the composition provides it), issued
 * last so the issuer's number sequence is held for as short a time as possible (decision 0067).
 */

import { Effect, Option } from "effect"
import { InvoiceIssuer } from "../invoices/InvoiceService.ts"
import type { OrderId } from "../shared/Ids.ts"
import { OrderCommandRunner } from "./OrderCommandRunner.ts"
import { PayoutNotPayable } from "./OrderErrors.ts"
import { OrderLocks } from "./OrderLocks.ts"
import type { OrderRecord, Payout } from "./OrderModel.ts"
import { OrderRecords } from "./OrderRecords.ts"
import type { PayoutRequest } from "./OrderRequests.ts"
import type { StatusCause } from "./OrderTimeline.ts"
import { movePayout } from "./OrderTransitions.ts"
import { MemberStanding } from "./ports/MemberStanding.ts"
import { OrderRepository } from "./ports/OrderRepository.ts"
import { PayoutRepository } from "./ports/PayoutRepository.ts"

export const makePayoutCommands = Effect.gen(function* () {
  const members = yield* MemberStanding
  const orders = yield* OrderRepository
  const payoutRepo = yield* PayoutRepository
  const { command } = yield* OrderCommandRunner
  const { lockedPayout } = yield* OrderLocks
  const { now, transition } = yield* OrderRecords
  // Optional: a composition without invoicing pays out without issuing payout statements (InvoiceService.ts).
  const invoicing = yield* Effect.serviceOption(InvoiceIssuer)

  const markPayoutReady = (request: PayoutRequest) =>
    command(
      "admin",
      "markPayoutReady",
      request,
      Effect.gen(function* () {
        const payout = yield* lockedPayout(request.payoutId)
        const ready = yield* Effect.fromResult(
          movePayout(payout, "AUDReadyToSendBetweenAccounts", yield* now),
        )
        yield* payoutRepo.update(ready)
        return ready
      }),
    )

  /** An order whose payouts are all paid completes (a buy from Approved, a sell from AllUnitSold). */
  const completeIfSettled = Effect.fnUntraced(function* (
    orderId: OrderId,
    from: OrderRecord["orderStatus"],
    payouts: ReadonlyArray<Payout>,
    at: number,
    cause: StatusCause,
  ) {
    const order = yield* orders.get(orderId)
    if (order.orderStatus !== from || !payouts.every((p) => p.status === "Completed")) return
    yield* orders.update(yield* transition(order, "Completed", at, cause))
  })

  const markPayoutPaid = (request: PayoutRequest) =>
    command(
      "admin",
      "markPayoutPaid",
      request,
      Effect.gen(function* () {
        const payout = yield* lockedPayout(request.payoutId)
        const seller = yield* members.standing(payout.memberId)
        if (seller.kycStatus !== "Verified") {
          return yield* new PayoutNotPayable({
            message: "A payout is paid only to a seller whose identity (KYC) is verified",
            payoutId: payout.payoutId,
          })
        }
        const at = yield* now
        const paid = yield* Effect.fromResult(movePayout(payout, "Completed", at))
        yield* payoutRepo.update(paid)
        if (payout.kind === "convertRemainder") return paid
        const withPaid = (list: ReadonlyArray<Payout>) =>
          list.map((p) => (p.payoutId === paid.payoutId ? paid : p))
        const ofSell = withPaid(yield* payoutRepo.find({ sellOrderId: payout.sellOrderId }))
        const ofBuy = withPaid(yield* payoutRepo.find({ buyOrderId: payout.buyOrderId }))
        yield* completeIfSettled(payout.sellOrderId, "AllUnitSold", ofSell, at, {
          actor: request.actor,
          reason: "Every Unit sold is paid out",
        })
        yield* completeIfSettled(payout.buyOrderId, "Approved", ofBuy, at, {
          actor: request.actor,
          reason: "The sellers of its Units are paid",
        })
        // The sale's payout statement, numbered in this unit of work: a payout that rolls back takes its number back.
        if (Option.isSome(invoicing)) {
          yield* invoicing.value.issuePaidPayout(paid, yield* orders.get(payout.sellOrderId))
        }
        return paid
      }),
    )

  return { markPayoutReady, markPayoutPaid }
})
