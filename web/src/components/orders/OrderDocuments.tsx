/**
 * An order's documents on its page (issue 46): a paid buy's invoice and, once corrected, its credit note; a sale's
 * payout statements, one per payout paid; each to download as a PDF. Nothing while the order has none (unpaid,
 * nothing paid out yet, or invoicing not switched on); a failed load says so without failing the page.
 */
import type { MemberInvoice } from "@landunits/core/invoices/MemberInvoices.ts"
import { Link } from "@tanstack/react-router"
import type { Settled } from "../../api/endpoints.ts"
import { InvoiceLine } from "./InvoiceDownload.tsx"

export type OrderDocumentsAnswer = Settled<{ readonly invoices: ReadonlyArray<MemberInvoice> }>

export function OrderDocuments({
  documents,
  sale = false,
}: {
  readonly documents: OrderDocumentsAnswer | undefined
  /** A sale's page: its payout statements. */
  readonly sale?: boolean
}) {
  if (documents === undefined || (documents.ok && documents.value.invoices.length === 0)) return null
  const title = sale ? "Payout statements" : "Invoice"
  return (
    <section className="payment-box order-documents" aria-labelledby="documents-title">
      <h2 id="documents-title">{title}</h2>
      {documents.ok ? (
        <>
          <ul className="order-documents__list">
            {documents.value.invoices.map((d) => (
              <InvoiceLine key={`${d.issuerId}-${d.number}`} document={d} />
            ))}
          </ul>
          <p className="muted">
            All your invoices, credit notes and payout statements are also listed on your{" "}
            <Link to="/dashboard/statement">statement page</Link>.
          </p>
        </>
      ) : (
        <p className="form-error" role="alert">
          Your {title.toLowerCase()} could not be loaded: {documents.message}
        </p>
      )}
    </section>
  )
}
