/**
 * The member's documents (issue 46): a document's download link and its line ("Invoice landunits-000001, issued
 * 29/11/2026, €10.00"), each kind named by core's invoiceKindLabel (a kind added in core is named everywhere at
 * once). The link is a plain download of GET /api/invoices/:issuerId/:number/pdf, signed in as the member; the
 * server names the file.
 */
import { formatDate, formatMoney } from "@landunits/core/format/Format.ts"
import { invoiceKindLabel } from "@landunits/core/invoices/InvoiceKindLabel.ts"
import type { InvoiceKind } from "@landunits/core/invoices/InvoiceModel.ts"
import type { MemberInvoice } from "@landunits/core/invoices/MemberInvoices.ts"

/** "Download invoice (PDF)", "Download credit note (PDF)". */
export const downloadLabel = (kind: InvoiceKind): string =>
  `Download ${invoiceKindLabel(kind).toLowerCase()} (PDF)`

/** "Invoice landunits-000001", "Credit note landunits-000002 (cancels landunits-000001)". */
export const documentTitle = (document: MemberInvoice): string =>
  `${invoiceKindLabel(document.kind)} ${document.numberText}${document.credits === undefined ? "" : ` (cancels ${document.credits})`}`

export function InvoiceDownload({ document }: { readonly document: MemberInvoice }) {
  return (
    <a className="btn btn--ghost btn--small" href={document.downloadPath} download>
      {downloadLabel(document.kind)}
    </a>
  )
}

/** One document as the order page lists it: its title, issue date and total, and its download. */
export function InvoiceLine({ document }: { readonly document: MemberInvoice }) {
  return (
    <li className="order-documents__item">
      <span>
        <strong>{documentTitle(document)}</strong>, issued {formatDate(document.issuedAt)},{" "}
        {formatMoney(document.total, document.currency)}
      </span>{" "}
      <InvoiceDownload document={document} />
    </li>
  )
}
