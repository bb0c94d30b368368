/**
 * The member's own documents (issue 46): the invoices and credit notes issued to them and the payout statements of
 * their sales, listed (all of them, or one order's) and fetched one by one for the PDF. A member only ever reaches their own: another member's document
 * answers InvoiceNotFound and another member's order OrderNotFound, in the same words as a missing one, so no
 * answer tells that it exists.
 */
import { Effect, Option, Schema } from "effect"
import { OrderNotFound } from "../orders/OrderErrors.ts"
import { OrderRepository } from "../orders/ports/OrderRepository.ts"
import { CurrencyType } from "../shared/Enums.ts"
import { type MemberId, OrderId } from "../shared/Ids.ts"
import { invoiceNumberText } from "./InvoiceDocument.ts"
import { InvoiceNotFound } from "./InvoiceErrors.ts"
import { invoiceKindLabel } from "./InvoiceKindLabel.ts"
import { InvoiceKind, type IssuedInvoice } from "./InvoiceModel.ts"
import { InvoiceStore } from "./ports/InvoiceStore.ts"

/** One of the member's documents as their lists show it (GET /api/invoices). */
export const MemberInvoice = Schema.Struct({
  issuerId: Schema.String,
  number: Schema.Int,
  /** The number as printed on the document ("landunits-000042"). */
  numberText: Schema.String,
  kind: InvoiceKind,
  /** The kind in words ("Invoice", "Credit note", "Payout statement"): InvoiceKindLabel.ts. */
  kindLabel: Schema.String,
  orderId: OrderId,
  /** ISO-8601 instant. */
  issuedAt: Schema.String,
  currency: CurrencyType,
  /** In minor units; negative on a credit note. */
  total: Schema.Int,
  /** The tax treatment's words as the document prints them (a rate, reverse charge, out of scope). */
  taxWords: Schema.String,
  /** A credit note: the printed number of the invoice it cancels. */
  credits: Schema.optionalKey(Schema.String),
  /** Where the PDF is downloaded: GET, signed in as the member. */
  downloadPath: Schema.String,
})
export type MemberInvoice = typeof MemberInvoice.Type

/** `?orderId=`: one order's documents; without it, all of the member's. */
export const MemberInvoicesQuery = Schema.Struct({ orderId: Schema.optionalKey(OrderId) })
export type MemberInvoicesQuery = typeof MemberInvoicesQuery.Type

/** The PDF's path parameters: the issuer's id and the document's number in its sequence. */
export const InvoicePdfParams = { issuerId: Schema.String, number: Schema.String }

/** The PDF's path: the issuer's id and the number, each URL-encoded. */
export const invoicePdfPath = (invoice: Pick<IssuedInvoice, "issuer" | "number">): string =>
  `/api/invoices/${encodeURIComponent(invoice.issuer.issuerId)}/${invoice.number}/pdf`

/** The file a member saves: landunits-invoice-<issuer>-<number>.pdf, or landunits-credit-note-…. */
export const invoiceFileName = (invoice: Pick<IssuedInvoice, "kind" | "issuer" | "number">): string => {
  const kind = invoiceKindLabel(invoice.kind)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
  const issuer = invoice.issuer.issuerId.replace(/[^A-Za-z0-9._-]+/g, "_")
  return `landunits-${kind}-${issuer}-${String(invoice.number).padStart(6, "0")}.pdf`
}

/** An issued document as the member's list shows it. */
export const memberInvoiceOf = (invoice: IssuedInvoice): MemberInvoice => ({
  issuerId: invoice.issuer.issuerId,
  number: invoice.number,
  numberText: invoiceNumberText(invoice),
  kind: invoice.kind,
  kindLabel: invoiceKindLabel(invoice.kind),
  orderId: invoice.orderId,
  issuedAt: invoice.issuedAt,
  currency: invoice.currency,
  total: invoice.total,
  taxWords: invoice.tax.treatment.words,
  ...(invoice.credits === undefined
    ? {}
    : { credits: invoiceNumberText({ issuer: invoice.issuer, number: invoice.credits }) }),
  downloadPath: invoicePdfPath(invoice),
})

/**
 * The member's documents, newest first; with an order, that order's only (its invoice and any credit note), and
 * OrderNotFound for an order the member cannot read (another's, or none), as the order's own page answers.
 */
export const viewInvoices = Effect.fn("MemberInvoices.view")(function* (
  memberId: MemberId,
  query: MemberInvoicesQuery = {},
) {
  const { orderId } = query
  if (orderId !== undefined) {
    const notFound = new OrderNotFound({ message: `Order ${orderId} was not found`, orderId })
    const order = yield* (yield* OrderRepository).get(orderId).pipe(Effect.mapError(() => notFound))
    if (order.memberId !== memberId && order.recipientMemberId !== memberId) return yield* notFound
  }
  const documents = yield* (yield* InvoiceStore).listForMember(memberId)
  return documents
    .filter((d) => d.buyer.memberId === memberId && (orderId === undefined || d.orderId === orderId))
    .map(memberInvoiceOf)
})

/**
 * One of the member's documents by its issuer and number (as the path gives them: text), for its PDF.
 * InvoiceNotFound for another member's, a missing one or a number that is not one, in the same words.
 */
export const memberInvoice = Effect.fn("MemberInvoices.one")(function* (
  memberId: MemberId,
  issuerId: string,
  number: string,
) {
  const n = /^\d{1,15}$/.test(number) ? Number(number) : 0
  const notFound = new InvoiceNotFound({
    message: `No document ${number} of ${issuerId} was found`,
    issuerId,
    number: Number.isSafeInteger(n) ? n : 0,
  })
  if (n < 1) return yield* notFound
  const found = yield* (yield* InvoiceStore).find(issuerId, n)
  if (Option.isNone(found) || found.value.buyer.memberId !== memberId) return yield* notFound
  return found.value
})
