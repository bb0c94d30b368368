/**
 * What approving a request runs: each gated command's own effect (its `apply`, exported by the command's file),
 * with the parameters recorded at request time, as the approving admin, re-validated first: a move that
 * happened meanwhile (a payout paid, an order confirmed, a member made admin) is refused with a clear message,
 * and core marks the request failed with it. The command's audit entry carries both admins and both times.
 */
import type { ApprovalRequest } from "@landunits/core/approvals/ApprovalModel.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { parseThreshold } from "@landunits/core/approvals/FourEyes.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { CurrencyType } from "@landunits/core/shared/Enums.ts"
import { OrderId, PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect, Schema } from "effect"
import { AdminRefused } from "../../Admin.ts"
import type { ApprovalFacts } from "../../support/FourEyes.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { type AdminOperator, audit } from "../../support/Operator.ts"
import { createCode } from "../discount-codes/create.ts"
import { cancelOrder } from "../orders/cancel.ts"
import { confirmPayment, isConfirmed } from "../orders/confirm-payment.ts"
import { markPaid } from "../payouts/mark-paid.ts"
import { payoutLine } from "../payouts/payoutMove.ts"
import { setPrice } from "../pricing/set-price.ts"
import { parsed } from "../pricing/settings.ts"
import { makeAdmin } from "../users/make-admin.ts"

const param = (request: ApprovalRequest, name: string) => {
  const value = request.params[name]
  return value === undefined
    ? Effect.fail(new AdminRefused({ message: `Request ${request.requestId} has no ${name}` }))
    : Effect.succeed(value)
}

/** Both admins and both times, beside the command's own audit details. */
export const approvalFacts = (
  request: ApprovalRequest,
  approver: AdminOperator,
  at: number,
): ApprovalFacts => ({
  approvalRequest: request.requestId,
  requestedBy: request.requestedBy.email,
  requestedAt: new Date(request.requestedAt).toISOString(),
  approvedBy: approver.orderActor.email,
  approvedAt: new Date(at).toISOString(),
})

/** Sets a currency's threshold as `operator`, audited. */
export const setThreshold = (
  operator: AdminOperator,
  currency: CurrencyType,
  minorUnits: number,
  approval: ApprovalFacts = {},
) =>
  Effect.gen(function* () {
    const approvals = yield* ApprovalService
    const before = (yield* approvals.thresholds)[currency]
    yield* approvals.setThreshold(currency, minorUnits)
    yield* audit(operator, "approvals.setThreshold", `threshold:${currency}`, {
      from: String(before),
      to: String(minorUnits),
      ...approval,
    })
    return { currency, minorUnits }
  })

export const thresholdLine = (t: { currency: string; minorUnits: number }) =>
  `${t.currency}: a second admin approves money moves above ${t.minorUnits} minor units`

/** Runs `request`'s command as `approver`; answers the line the command would have printed. */
export const execute = (request: ApprovalRequest, approver: AdminOperator, at: number) =>
  Effect.gen(function* () {
    const facts = approvalFacts(request, approver, at)
    switch (request.command) {
      case "orders.confirmPayment": {
        const orderId = yield* param(request, "orderId")
        const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
        if (isConfirmed(order)) {
          return yield* new AdminRefused({
            message: `Order ${orderId} is already confirmed (${order.orderStatus})`,
          })
        }
        const c = yield* confirmPayment(approver, orderId, facts)
        return `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`
      }
      case "orders.cancel": {
        const c = yield* cancelOrder(
          approver,
          yield* param(request, "orderId"),
          yield* param(request, "reason"),
          facts,
        )
        return `${c.orderId}: ${c.orderStatus}`
      }
      case "payouts.markPaid": {
        const payoutId = yield* param(request, "payoutId")
        const payout = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
        if (payout.status === "Completed") {
          return yield* new AdminRefused({ message: `Payout ${payoutId} is already paid` })
        }
        return payoutLine(yield* markPaid(approver, payoutId, facts))
      }
      case "users.makeAdmin": {
        const account = yield* memberNamed(yield* param(request, "member"))
        if (account.role === "admin") {
          return yield* new AdminRefused({ message: `${account.email} is already an admin` })
        }
        const made = yield* makeAdmin(approver, account.email, facts)
        return `${made.email} is now an admin.`
      }
      case "pricing.setPrice": {
        const s = yield* setPrice(
          approver,
          yield* param(request, "unitType"),
          {
            basePrice: yield* param(request, "basePrice"),
            growth: yield* param(request, "growth"),
            baseDate: yield* param(request, "baseDate"),
          },
          facts,
        )
        return `${s.unitType}: base ${s.basePrice} thousandths on ${s.baseDate}, growing ${s.growthPerYearPercent}% a year`
      }
      case "discountCodes.create": {
        const d = yield* createCode(
          approver,
          yield* param(request, "code"),
          {
            percent: request.params.percent,
            amountCents: request.params.amountCents,
            minPaymentCents: yield* param(request, "minPaymentCents"),
          },
          facts,
        )
        return `${d.code}: ${d.isPercent ? `${d.amount}%` : `${d.amount} cents`} off from ${d.minPaymentAmountInCents} cents, active`
      }
      case "approvals.setThreshold": {
        const currency = yield* Schema.decodeUnknownEffect(CurrencyType)(
          yield* param(request, "currency"),
        ).pipe(Effect.mapError(() => new AdminRefused({ message: "Unknown currency" })))
        const minorUnits = yield* parsed(parseThreshold(yield* param(request, "minorUnits")))
        return thresholdLine(yield* setThreshold(approver, currency, minorUnits, facts))
      }
    }
  })
