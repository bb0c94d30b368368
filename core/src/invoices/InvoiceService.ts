/**
 * Issuing a paid buy's invoice: the admin's issuer details and the tax treatment of the order's currency
 * (InvoiceSettings), the invoice made from the order (Invoices.ts makeInvoice) and numbered by InvoiceStore. Run it
 * inside the transaction that marks the buy paid, so a rolled-back confirmation takes its number back; issuing again
 * for the same order answers the invoice already issued.
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { Order, OrderRecord } from "../orders/OrderModel.ts"
import { InvoiceIssuerMissing, OrderNotInvoiceable } from "./InvoiceErrors.ts"
import type { InvoiceBuyer, IssuedInvoice } from "./InvoiceModel.ts"
import { makeInvoice, treatmentFor } from "./Invoices.ts"
import { InvoiceBuyers } from "./ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

/** A paid buy and its buyer; the invoice prints the order's purchase-order reference when the buyer gave one. */
export interface PaidBuy {
  readonly order: Order
  readonly buyer: InvoiceBuyer
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
      purchaseOrderReference: paid.order.buy?.purchaseOrderReference,
    }),
  )
  return yield* store.issue(draft)
})

/**
 * What the order engine calls when a buy's payment is confirmed (BuyPaymentConfirmation.ts `confirmPayment`), inside
 * the confirmation's unit of work: the buy's invoice, issued once. The engine reads it as an optional service: an
 * installation whose composition provides none issues no invoice. Until the admin sets the issuer, invoicing is off
 * (a debug line); after, a buyer without an address or a currency without a tax treatment leave the order without
 * an invoice and a warning in the log. The payment is confirmed all the same.
 */
export class InvoiceIssuer extends Context.Service<
  InvoiceIssuer,
  { readonly issuePaid: (order: OrderRecord) => Effect.Effect<Option.Option<IssuedInvoice>> }
>()("@landunits/core/invoices/InvoiceService/InvoiceIssuer") {
  static readonly layer = Layer.effect(InvoiceIssuer)(
    Effect.gen(function* () {
      const context = yield* Effect.context<InvoiceStore | InvoiceSettings | InvoiceBuyers>()
      return InvoiceIssuer.of({
        issuePaid: (order) =>
          Effect.gen(function* () {
            // No issuer set: invoicing is not switched on (a debug line); after, a gap is a warning an admin sees.
            if (Option.isNone(yield* (yield* InvoiceSettings).issuer)) {
              yield* Effect.logDebug(`No invoice for ${order.orderId}: no issuer is set`)
              return Option.none<IssuedInvoice>()
            }
            const buyer = yield* (yield* InvoiceBuyers).buyerOf(order.memberId)
            if (Option.isNone(buyer)) {
              yield* Effect.logWarning(`No invoice for ${order.orderId}: the buyer has no address`)
              return Option.none<IssuedInvoice>()
            }
            return yield* issueForPaidBuy({ order, buyer: buyer.value }).pipe(
              Effect.map(Option.some),
              Effect.catch((error) =>
                Effect.as(
                  Effect.logWarning(`No invoice for ${order.orderId}: ${error.message}`),
                  Option.none(),
                ),
              ),
            )
          }).pipe(Effect.provideContext(context)),
      })
    }),
  )
}
