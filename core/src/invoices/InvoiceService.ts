/**
 * Issuing a paid buy's invoice: the admin's issuer details and the tax treatment of the order's currency
 * (InvoiceSettings), the invoice made from the order (Invoices.ts makeInvoice) and numbered by InvoiceStore. Run it
 * inside the transaction that marks the buy paid, so a rolled-back confirmation takes its number back; issuing again
 * for the same order answers the invoice already issued. A sale's payout statement is issued the same way, inside
 * the transaction that records the payout paid (Invoices.ts makePayoutStatement), once per payout.
 */
import { Clock, Context, Effect, Layer, Option } from "effect"
import type { Order, OrderRecord, Payout } from "../orders/OrderModel.ts"
import { InvoiceIssuerMissing, OrderNotInvoiceable } from "./InvoiceErrors.ts"
import type { InvoiceBuyer, IssuedInvoice } from "./InvoiceModel.ts"
import { makeInvoice, makePayoutStatement, treatmentFor } from "./Invoices.ts"
import { InvoiceBuyers } from "./ports/InvoiceBuyers.ts"
import { InvoiceSettings } from "./ports/InvoiceSettings.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

/** A paid buy and its buyer; the invoice prints the order's purchase-order reference when the buyer gave one. */
export interface PaidBuy {
  readonly order: Order
  readonly buyer: InvoiceBuyer
}

/** The issuer set, or InvoiceIssuerMissing. */
const issuerSet = Effect.gen(function* () {
  const issuer = yield* (yield* InvoiceSettings).issuer
  if (Option.isNone(issuer)) {
    return yield* new InvoiceIssuerMissing({
      message: "Set the issuer's details (landunits invoices set-issuer) before invoices are issued",
    })
  }
  return issuer.value
})

export const issueForPaidBuy = Effect.fn("InvoiceService.issueForPaidBuy")(function* (paid: PaidBuy) {
  const store = yield* InvoiceStore
  const existing = yield* store.findForOrder(paid.order.orderId)
  if (Option.isSome(existing)) return existing.value
  const settings = yield* InvoiceSettings
  const issuer = yield* issuerSet
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
      issuer,
      treatment,
      issuedAt,
      purchaseOrderReference: paid.order.buy?.purchaseOrderReference,
    }),
  )
  return yield* store.issue(draft)
})

/** A sale's paid payout, the sale it pays (for its fee in Units) and the seller as documents name them. */
export interface PaidPayout {
  readonly payout: Payout
  readonly sell: OrderRecord
  readonly seller: InvoiceBuyer
}

export const issueForPaidPayout = Effect.fn("InvoiceService.issueForPaidPayout")(function* (
  paid: PaidPayout,
) {
  const store = yield* InvoiceStore
  const existing = yield* store.findForPayout(paid.payout.payoutId)
  if (Option.isSome(existing)) return existing.value
  const settings = yield* InvoiceSettings
  const issuer = yield* issuerSet
  const treatment = yield* Effect.fromResult(
    treatmentFor(yield* settings.taxTreatments, paid.payout.currency),
  )
  const draft = yield* Effect.fromResult(
    makePayoutStatement({
      payout: paid.payout,
      sellFeeUnits: paid.sell.sell?.feeUnits ?? paid.sell.currencyUnit.sellOrderTransactionFeeInUnits,
      seller: paid.seller,
      issuer,
      treatment,
      issuedAt: new Date(yield* Clock.currentTimeMillis).toISOString(),
    }),
  )
  return yield* store.issue(draft)
})

/**
 * What the order engine calls inside a command's unit of work: when a buy's payment is confirmed
 * (BuyPaymentConfirmation.ts `confirmPayment`), the buy's invoice; when a sale's payout is recorded paid
 * (PayoutCommands.ts `markPayoutPaid`), its payout statement; each issued once. The engine reads it as an optional
 * service: an installation whose composition provides none issues no documents. Until the admin sets the issuer,
 * invoicing is off (a debug line); after, a member without a name (none: registration asks for it) or a currency
 * without a tax treatment leave the order (payout) without its document and a warning in the log (`landunits invoices issue-missing` issues a
 * buy's later). The payment (payout) is recorded all the same.
 */
export class InvoiceIssuer extends Context.Service<
  InvoiceIssuer,
  {
    readonly issuePaid: (order: OrderRecord) => Effect.Effect<Option.Option<IssuedInvoice>>
    readonly issuePaidPayout: (
      payout: Payout,
      sell: OrderRecord,
    ) => Effect.Effect<Option.Option<IssuedInvoice>>
  }
>()("@landunits/core/invoices/InvoiceService/InvoiceIssuer") {
  static readonly layer = Layer.effect(InvoiceIssuer)(
    Effect.gen(function* () {
      const context = yield* Effect.context<InvoiceStore | InvoiceSettings | InvoiceBuyers>()
      /** The member named, then `issue` for them; none (and a log line) when invoicing is off or it fails. */
      const documenting = <E extends { readonly message: string }>(
        what: string,
        memberId: OrderRecord["memberId"],
        issue: (member: InvoiceBuyer) => Effect.Effect<IssuedInvoice, E, InvoiceStore | InvoiceSettings>,
      ) =>
        Effect.gen(function* () {
          // No issuer set: invoicing is not switched on (a debug line); after, a gap is a warning an admin sees.
          if (Option.isNone(yield* (yield* InvoiceSettings).issuer)) {
            yield* Effect.logDebug(`No document for ${what}: no issuer is set`)
            return Option.none<IssuedInvoice>()
          }
          const member = yield* (yield* InvoiceBuyers).buyerOf(memberId)
          if (Option.isNone(member)) {
            yield* Effect.logWarning(`No document for ${what}: the member has no name to print`)
            return Option.none<IssuedInvoice>()
          }
          return yield* issue(member.value).pipe(
            Effect.map(Option.some),
            Effect.catch((error) =>
              Effect.as(Effect.logWarning(`No document for ${what}: ${error.message}`), Option.none()),
            ),
          )
        }).pipe(Effect.provideContext(context))
      return InvoiceIssuer.of({
        issuePaid: (order) =>
          documenting(`order ${order.orderId}`, order.memberId, (buyer) => issueForPaidBuy({ order, buyer })),
        issuePaidPayout: (payout, sell) =>
          documenting(`payout ${payout.payoutId}`, payout.memberId, (seller) =>
            issueForPaidPayout({ payout, sell, seller }),
          ),
      })
    }),
  )
}
