/**
 * A paid buy's documents on its page (issue 46): its invoice and, once corrected, its credit note, each to
 * download as a PDF. Nothing while the buy has none (unpaid, or invoicing not switched on); a failed load says so
 * without failing the page.
 */
import type { MemberInvoice } from "@landunits/core/invoices/MemberInvoices.ts"
import { Link } from "@tanstack/react-router"
import type { Settled } from "../../api/endpoints.ts"
import { InvoiceLine } from "./InvoiceDownload.tsx"

export type OrderDocumentsAnswer = Settled<{ readonly invoices: ReadonlyArray<MemberInvoice> }>

export function OrderDocuments({ documents }: { readonly documents: OrderDocumentsAnswer | undefined }) {
  if (documents === undefined || (documents.ok && documents.value.invoices.length === 0)) return null
  return (
    <section className="payment-box order-documents" aria-labelledby="documents-title">
      <h2 id="documents-title">Invoice</h2>
      {documents.ok ? (
        <>
          <ul className="order-documents__list">
            {documents.value.invoices.map((d) => (
              <InvoiceLine key={`${d.issuerId}-${d.number}`} document={d} />
            ))}
          </ul>
          <p className="muted">
            All your invoices and credit notes are also listed on your{" "}
            <Link to="/dashboard/statement">statement page</Link>.
          </p>
        </>
      ) : (
        <p className="form-error" role="alert">
          Your invoice could not be loaded: {documents.message}
        </p>
      )}
    </section>
  )
}
