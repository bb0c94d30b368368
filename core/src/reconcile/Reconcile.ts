/**
 * The reconciliation rules, pure: given the providers' payments and the platform's buy orders, what does not
 * add up. A provider payment that succeeded must belong to an existing order that the platform holds as paid,
 * for that order's payment amount and currency (money taken for a Cancelled, Expired or Failed order is the
 * admin's to confirm or refund); a card buy the platform holds as paid (Approved or Completed) must have a
 * succeeded provider payment. Bank and crypto are confirmed by admins, not providers, so only card buys need one.
 */
import type { OrderRecord } from "../orders/OrderModel.ts"
import type { PaymentProvider } from "../orders/PaymentProviders.ts"
import type { ProviderEventEntry } from "../orders/ports/ProviderEventLog.ts"
import { CurrencyOfUnitType, type PayingMethod } from "../shared/Enums.ts"
import { OrderId } from "../shared/Ids.ts"
import type { Mismatch, ProviderPayment, ProviderPaymentStatus } from "./ReconcileModel.ts"

const METHOD_OF_PROVIDER: Record<PaymentProvider, PayingMethod> = {
  stripe: "card-stripe",
  square: "card-square",
}

const STATUS_OF_KIND: Record<ProviderEventEntry["kind"], ProviderPaymentStatus> = {
  succeeded: "succeeded",
  failed: "failed",
  canceled: "failed",
  other: "pending",
}

/**
 * The providers' payments as their recorded webhook events tell them, one per (provider, payment id), in
 * the order they were first heard of. A payment that any event reported as succeeded counts as succeeded
 * (money was taken, whatever arrived after, in whatever order), with that event's amount and currency;
 * otherwise the latest event's status stands.
 */
export const providerPaymentsOf = (
  events: ReadonlyArray<ProviderEventEntry>,
): ReadonlyArray<ProviderPayment> => {
  const byPayment = new Map<string, ProviderPayment>()
  const sorted = [...events].sort((a, b) => a.receivedAt - b.receivedAt)
  for (const event of sorted) {
    const key = `${event.provider}\u0000${event.paymentId}`
    const known = byPayment.get(key)
    if (known?.status === "succeeded") continue
    const payment: ProviderPayment = {
      provider: METHOD_OF_PROVIDER[event.provider],
      providerPaymentId: event.paymentId,
      ...(event.orderId === undefined
        ? known?.orderId === undefined
          ? {}
          : { orderId: known.orderId }
        : { orderId: OrderId.make(event.orderId) }),
      amountCents: event.amountCents ?? known?.amountCents ?? 0,
      currency: event.currency ?? known?.currency ?? "",
      status: STATUS_OF_KIND[event.kind],
      receivedAt: known?.receivedAt ?? event.receivedAt,
    }
    byPayment.set(key, payment)
  }
  return [...byPayment.values()]
}

const CARD_METHODS: ReadonlyArray<string> = ["card-stripe", "card-square"]
const PAID_STATUSES: ReadonlyArray<string> = ["Approved", "Completed"]

export const reconcile = (
  payments: ReadonlyArray<ProviderPayment>,
  orders: ReadonlyArray<OrderRecord>,
): ReadonlyArray<Mismatch> => {
  const byId = new Map(orders.map((o) => [o.orderId as string, o]))
  const succeeded = payments.filter((p) => p.status === "succeeded")
  const mismatches: Array<Mismatch> = []
  for (const p of succeeded) {
    const order = p.orderId === undefined ? undefined : byId.get(p.orderId)
    if (order === undefined) {
      mismatches.push({
        kind: "PaymentWithoutOrder",
        provider: p.provider,
        providerPaymentId: p.providerPaymentId,
        ...(p.orderId === undefined ? {} : { orderId: p.orderId }),
        message: `${p.provider} payment ${p.providerPaymentId} of ${p.amountCents} ${p.currency} cents ${
          p.orderId === undefined ? "names no order" : `names order ${p.orderId}, which does not exist`
        }`,
      })
      continue
    }
    if (!PAID_STATUSES.includes(order.orderStatus)) {
      mismatches.push({
        kind: "PaymentForUnpaidOrder",
        orderId: order.orderId,
        provider: p.provider,
        providerPaymentId: p.providerPaymentId,
        message: `${p.provider} payment ${p.providerPaymentId} of ${p.amountCents} ${p.currency} cents was taken for order ${order.orderId}, which is ${order.orderStatus}: confirm the order or refund the payment`,
      })
      continue
    }
    const expected = order.paymentDetails?.paymentAmount ?? 0
    const currency = CurrencyOfUnitType[order.currencyUnit.unitType]
    if (p.amountCents !== expected || p.currency !== currency) {
      mismatches.push({
        kind: "AmountMismatch",
        orderId: order.orderId,
        provider: p.provider,
        providerPaymentId: p.providerPaymentId,
        message: `${p.provider} payment ${p.providerPaymentId} is ${p.amountCents} ${p.currency} cents; order ${order.orderId} asks ${expected} ${currency} cents`,
      })
    }
  }
  const paidByProvider = new Set(
    succeeded.flatMap((p) => (p.orderId === undefined ? [] : [p.orderId as string])),
  )
  for (const o of orders) {
    const method = o.paymentDetails?.paymentMethod
    if (
      o.orderType === "BUY" &&
      method !== undefined &&
      CARD_METHODS.includes(method) &&
      PAID_STATUSES.includes(o.orderStatus) &&
      !paidByProvider.has(o.orderId)
    ) {
      mismatches.push({
        kind: "PaidOrderWithoutPayment",
        orderId: o.orderId,
        message: `Order ${o.orderId} is ${o.orderStatus} (${method}) but no provider reported a payment for it`,
      })
    }
  }
  return mismatches
}
