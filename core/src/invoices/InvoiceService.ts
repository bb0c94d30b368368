/**
 * Issuing a paid buy's invoice: the admin's issuer details and the tax treatment of the order's currency
 * (InvoiceSettings), the invoice made from the order (Invoices.ts makeInvoice) and numbered by InvoiceStore. Run it
 * inside the transaction that marks the buy paid, so a rolled-back confirmation takes its number back; issuing again
 * for the same order answers the invoice already issued.
 */
import { Clock, Effect, Option } from "effect"
import type { Order } from "../orders/OrderModel.ts"
import { InvoiceIssuerMissing, OrderNotInvoiceable } from "./InvoiceErrors.ts"
import type { InvoiceBuyer } from "./InvoiceModel.ts"
import { makeInvoice, treatmentFor } from "./Invoices.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

export interface PaidBuy {
  readonly order: Order
  readonly buyer: InvoiceBuyer
  /** The order's purchase-order reference, when the buyer gave one. */
  readonly purchaseOrderReference?: string | undefined
}

export const issueForPaidBuy = Effect.fn("InvoiceService.issueForPaidBuy")(function* (paid: PaidBuy) {
  const store = yield* InvoiceStore
  const existing = yield* store.findForOrder(paid.order.orderId)
  if (Option.isSome(existing)) return existing.value
  const settings = yield* InvoiceSettings
  const issuer = yield* settings.issuer
  if (Option.isNone(issuer)) {
    return yield* new InvoiceIssuerMissing({
      message: "Set the issuer's details (landunits invoices issuer) before invoices are issued",
    })
  }
  const details = paid.order.paymentDetails
  if (details === undefined) {
    return yield* new OrderNotInvoiceable({
      message: "Only a priced buy order has an invoice",
      orderId: paid.order.orderId,
    })
  }
  const treatment = yield* Effect.fromResult(treatmentFor(yield* settings.taxTreatments, details.currency))
  const issuedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
  const draft = yield* Effect.fromResult(
    makeInvoice({
      order: paid.order,
      buyer: paid.buyer,
      issuer: issuer.value,
      treatment,
      issuedAt,
      purchaseOrderReference: paid.purchaseOrderReference,
    }),
  )
  return yield* store.issue(draft)
})
