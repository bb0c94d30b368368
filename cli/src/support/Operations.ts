/**
 * The use case of every admin operation that may become a request, by name (core/src/access/AdminOperations.ts):
 * what `runOperation` (cli/src/Admin.ts) runs at once or files, and what approving a request applies
 * (core/src/access/AdminOperationRunner.ts `approve`). The record must name every such operation: a new one
 * without its use case is a type error.
 *
 * The pricing ones are core's (core/src/pricing/PricingAdmin.ts). The others still live in their command's file
 * and reach ports from the CLI (docs/decisions.md, "One declared policy for admin operations": what is left).
 */

import { adminActor } from "@landunits/core/access/AccessModel.ts"
import type {
  ActingAdmin,
  OperationHandler,
  OperationHandlers,
  OperationParams,
} from "@landunits/core/access/AdminOperationRunner.ts"
import type { FourEyesOperation } from "@landunits/core/access/AdminOperations.ts"
import { fourEyesOperations } from "@landunits/core/access/AdminOperations.ts"
import { ApprovalService } from "@landunits/core/approvals/ApprovalService.ts"
import { orderAmount, parseThreshold } from "@landunits/core/approvals/FourEyes.ts"
import { byAdmin } from "@landunits/core/orders/OrderTimeline.ts"
import { OrderRepository } from "@landunits/core/orders/ports/OrderRepository.ts"
import { PayoutRepository } from "@landunits/core/orders/ports/PayoutRepository.ts"
import { PricingAdminOperations } from "@landunits/core/pricing/PricingAdmin.ts"
import { CurrencyType, CurrencyTypes } from "@landunits/core/shared/Enums.ts"
import { OrderId, PayoutId } from "@landunits/core/shared/Ids.ts"
import { Effect } from "effect"
import { optionValue } from "./Lookup.ts"
import { type AdminOperator, AdminRefused, audit } from "./Operator.ts"

// biome-ignore lint/suspicious/noExplicitAny: each operation's result is its own
type AnyHandler = OperationHandler<any>

/** The admin acting, as core's runner names them. */
export const actingOf = (operator: AdminOperator): ActingAdmin => ({
  admin: {
    adminId: operator.orderActor.adminId,
    name: operator.orderActor.name,
    email: operator.orderActor.email,
  },
  via: "cli",
  osUser: operator.osUser,
})

/** An acting admin as the CLI's own effects take them. */
const operatorOf = (acting: ActingAdmin): AdminOperator => ({
  actor: adminActor(acting.admin.adminId),
  email: acting.admin.email,
  osUser: acting.osUser,
  orderActor: byAdmin(acting.admin),
})

const param = (params: OperationParams, name: string) => {
  const value = params[name]
  return value === undefined
    ? Effect.fail(new AdminRefused({ message: `${name} is required` }))
    : Effect.succeed(value)
}

const thresholdOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const currency = yield* optionValue(
      CurrencyType,
      "currency",
      yield* param(params, "currency"),
      CurrencyTypes.join(", "),
    )
    const minorUnits = parseThreshold(yield* param(params, "minorUnits"))
    if (minorUnits._tag === "Failure") return yield* new AdminRefused({ message: minorUnits.failure })
    return { currency, minorUnits: minorUnits.success }
  })

export const thresholdLine = (t: { currency: string; minorUnits: number }) =>
  `${t.currency}: a second admin approves money moves above ${t.minorUnits} minor units`

/** The operations whose use case is still at the edge: the command's own effect, imported when it runs. */
const edge: Record<Exclude<FourEyesOperation, keyof typeof PricingAdminOperations>, AnyHandler> = {
  "orders.confirmPayment": {
    prepare: (params) =>
      Effect.gen(function* () {
        const orderId = yield* param(params, "orderId")
        const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
        const { isConfirmed } = yield* Effect.promise(() => import("../commands/orders/confirm-payment.ts"))
        const summary = `Confirm the payment of ${order.orderId} (${order.paymentDetails?.paymentAmount ?? 0} cents, ${order.currencyUnit.numberOfUnits} ${order.currencyUnit.unitType})`
        // A repeat answers the first confirmation (its idempotency key) and needs nobody's approval.
        return {
          params: { orderId },
          summary,
          amount: orderAmount(order),
          confirm: summary,
          repeat: isConfirmed(order),
        }
      }),
    recheck: (params) =>
      Effect.gen(function* () {
        const orderId = yield* param(params, "orderId")
        const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
        const { isConfirmed } = yield* Effect.promise(() => import("../commands/orders/confirm-payment.ts"))
        if (isConfirmed(order)) {
          return yield* new AdminRefused({
            message: `Order ${orderId} is already confirmed (${order.orderStatus})`,
          })
        }
      }),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { confirmPayment } = yield* Effect.promise(
          () => import("../commands/orders/confirm-payment.ts"),
        )
        return yield* confirmPayment(operatorOf(acting), yield* param(params, "orderId"), facts)
      }),
    outcome: (c: { order: { orderId: string; orderStatus: string }; payouts: ReadonlyArray<unknown> }) =>
      `${c.order.orderId}: ${c.order.orderStatus}; ${c.payouts.length} payout(s) created`,
  } as AnyHandler,
  "orders.cancel": {
    prepare: (params) =>
      Effect.gen(function* () {
        const reason = (params.reason ?? "").trim()
        if (reason === "")
          return yield* new AdminRefused({ message: "A reason is required to cancel an order" })
        const orderId = yield* param(params, "orderId")
        const order = yield* (yield* OrderRepository).get(OrderId.make(orderId))
        if (order.orderType !== "BUY" && order.orderType !== "SELL") {
          return yield* new AdminRefused({ message: `A ${order.orderType} order cannot be cancelled` })
        }
        const summary = `Cancel ${order.orderType} ${order.orderId} (${order.orderStatus}) of ${order.memberId}`
        return {
          params: { orderId, reason },
          summary: `${summary}: ${reason}`,
          amount: orderAmount(order),
          confirm: summary,
        }
      }),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { cancelOrder } = yield* Effect.promise(() => import("../commands/orders/cancel.ts"))
        return yield* cancelOrder(
          operatorOf(acting),
          yield* param(params, "orderId"),
          yield* param(params, "reason"),
          facts,
        )
      }),
    outcome: (c: { orderId: string; orderStatus: string }) => `${c.orderId}: ${c.orderStatus}`,
  } as AnyHandler,
  "payouts.markPaid": {
    prepare: (params) =>
      Effect.gen(function* () {
        const before = yield* (yield* PayoutRepository).get(PayoutId.make(yield* param(params, "payoutId")))
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
        const payoutId = yield* param(params, "payoutId")
        const payout = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
        if (payout.status === "Completed") {
          return yield* new AdminRefused({ message: `Payout ${payoutId} is already paid` })
        }
      }),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const payoutId = yield* param(params, "payoutId")
        const before = yield* (yield* PayoutRepository).get(PayoutId.make(payoutId))
        if (before.status === "Completed") return before
        const { markPaid } = yield* Effect.promise(() => import("../commands/payouts/mark-paid.ts"))
        return yield* markPaid(operatorOf(acting), payoutId, facts)
      }),
    outcome: (p) => payoutLineOf(p),
  } as AnyHandler,
  "users.makeAdmin": {
    prepare: (params) =>
      Effect.gen(function* () {
        const { memberNamed } = yield* Effect.promise(() => import("./Lookup.ts"))
        const account = yield* memberNamed(yield* param(params, "member"))
        if (account.disabledAt !== undefined) {
          return yield* new AdminRefused({
            message: `${account.email} is disabled: a disabled member cannot be an admin`,
          })
        }
        return {
          params: { member: account.email },
          summary: `Give ${account.email} (${account.memberId}) the admin role`,
          confirm: `Give ${account.email} the admin role`,
          repeat: account.role === "admin",
        }
      }),
    recheck: (params) =>
      Effect.gen(function* () {
        const { memberNamed } = yield* Effect.promise(() => import("./Lookup.ts"))
        const account = yield* memberNamed(yield* param(params, "member"))
        if (account.role === "admin") {
          return yield* new AdminRefused({ message: `${account.email} is already an admin` })
        }
      }),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { makeAdmin } = yield* Effect.promise(() => import("../commands/users/make-admin.ts"))
        return yield* makeAdmin(operatorOf(acting), yield* param(params, "member"), facts)
      }),
    outcome: (a: { email: string }) => `${a.email} is now an admin.`,
  } as AnyHandler,
  "discountCodes.create": {
    prepare: (params) =>
      Effect.gen(function* () {
        const { termsOf } = yield* Effect.promise(() => import("../commands/discount-codes/create.ts"))
        const d = yield* termsOf(yield* param(params, "code"), {
          percent: params.percent,
          amountCents: params.amountCents,
          minPaymentCents: params.minPaymentCents ?? "0",
        })
        return {
          params: {
            code: d.code,
            ...(d.isPercent ? { percent: String(d.amount) } : { amountCents: String(d.amount) }),
            minPaymentCents: String(d.minPaymentAmountInCents),
          },
          summary: `Create the code ${d.code}: ${d.isPercent ? `${d.amount}%` : `${d.amount} cents`} off from ${d.minPaymentAmountInCents} cents`,
        }
      }),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { createCode } = yield* Effect.promise(() => import("../commands/discount-codes/create.ts"))
        return yield* createCode(
          operatorOf(acting),
          yield* param(params, "code"),
          {
            percent: params.percent,
            amountCents: params.amountCents,
            minPaymentCents: params.minPaymentCents ?? "0",
          },
          facts,
        )
      }),
    outcome: (d: { code: string; isPercent: boolean; amount: number; minPaymentAmountInCents: number }) =>
      `${d.code}: ${d.isPercent ? `${d.amount}%` : `${d.amount} cents`} off from ${d.minPaymentAmountInCents} cents, active`,
  } as AnyHandler,
  "approvals.setThreshold": {
    prepare: (params) =>
      Effect.map(thresholdOf(params), ({ currency, minorUnits }) => ({
        params: { currency, minorUnits: String(minorUnits) },
        summary: `Set the ${currency} threshold to ${minorUnits} minor units`,
        newThreshold: { amountMinor: minorUnits, currency },
      })),
    apply: (acting, params, facts) =>
      Effect.gen(function* () {
        const { currency, minorUnits } = yield* thresholdOf(params)
        const approvals = yield* ApprovalService
        const before = (yield* approvals.thresholds)[currency]
        yield* approvals.setThreshold(currency, minorUnits)
        yield* audit(operatorOf(acting), "approvals.setThreshold", `threshold:${currency}`, {
          from: String(before),
          to: String(minorUnits),
          ...facts,
        })
        return { currency, minorUnits }
      }),
    outcome: thresholdLine,
  } as AnyHandler,
}

const payoutLineOf = (p: {
  payoutId: string
  status: string
  amountCents: number
  currency: string
  memberId: string
}) => `${p.payoutId}: ${p.status} (${p.amountCents} cents ${p.currency} to ${p.memberId})`

export const operationHandlers: OperationHandlers = {
  ...PricingAdminOperations,
  ...edge,
}

export const isFourEyesOperation = (name: string): name is FourEyesOperation =>
  (fourEyesOperations as ReadonlyArray<string>).includes(name)
