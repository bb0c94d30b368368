/**
 * The reconciliation rules, pure: given the providers' payments and the platform's buy orders, what does not
 * add up. A provider payment that succeeded must belong to an existing order, for that order's payment
 * amount and currency; a card buy the platform holds as paid (Approved or Completed) must have a succeeded
 * provider payment. Bank and crypto are confirmed by admins, not providers, so only card buys need one.
 */
import type { OrderRecord } from "../orders/OrderModel.ts"
import { CurrencyOfUnitType } from "../shared/Enums.ts"
import type { Mismatch, ProviderPayment } from "./ReconcileModel.ts"

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
