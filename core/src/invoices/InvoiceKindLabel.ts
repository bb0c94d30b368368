/**
 * A document's kind in words, the one place every reader names it (the member's documents list, the order page,
 * the PDF's title, the accountant's CSV, the admin CLI): "Invoice", "Credit note", "Payout statement". A kind added to InvoiceModel.ts `InvoiceKind` does not compile until
 * it has its words here.
 */
import type { InvoiceKind } from "./InvoiceModel.ts"

const LABELS: Readonly<Record<InvoiceKind, string>> = {
  invoice: "Invoice",
  creditNote: "Credit note",
  payoutStatement: "Payout statement",
}

export const invoiceKindLabel = (kind: InvoiceKind): string => LABELS[kind]
