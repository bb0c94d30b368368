/**
 * "Your invoices" on the statement page (issue 46): every invoice and credit note issued to the member, newest
 * first, each with its number, kind (core's invoiceKindLabel), order, issue date and total, and its PDF to
 * download; in words when there is none yet.
 */
import { formatDate, formatMoney } from "@landunits/core/format/Format.ts"
import { invoiceKindLabel } from "@landunits/core/invoices/InvoiceKindLabel.ts"
import { Link } from "@tanstack/react-router"
import type { StatementPageData } from "../../api/home.ts"
import { ScrollRegion } from "../layout/ScrollRegion.tsx"
import { InvoiceDownload } from "./InvoiceDownload.tsx"

export function YourInvoices({ invoices }: { readonly invoices: StatementPageData["invoices"] }) {
  return (
    <section className="stack-s" aria-labelledby="your-invoices">
      <h2 id="your-invoices">Your invoices</h2>
      {!invoices.ok ? (
        <p className="form-error" role="alert">
          Your invoices could not be loaded: {invoices.message}
        </p>
      ) : invoices.value.invoices.length === 0 ? (
        <p className="muted">
          You have no invoices yet. Each buy gets an invoice once its payment is confirmed; it is listed here
          and on the order's page.
        </p>
      ) : (
        <ScrollRegion label="Your invoices">
          <table className="data-table">
            <caption className="visually-hidden">Your invoices and credit notes</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Kind</th>
                <th scope="col">Order</th>
                <th scope="col">Issued</th>
                <th scope="col">Total</th>
                <th scope="col">PDF</th>
              </tr>
            </thead>
            <tbody>
              {invoices.value.invoices.map((d) => (
                <tr key={`${d.issuerId}-${d.number}`}>
                  <td className="mono">{d.numberText}</td>
                  <td>
                    {invoiceKindLabel(d.kind)}
                    {d.credits === undefined ? null : <span className="muted"> (cancels {d.credits})</span>}
                  </td>
                  <td>
                    <Link
                      to="/dashboard/transaction/$orderId"
                      params={{ orderId: d.orderId }}
                      className="mono order-link"
                    >
                      {d.orderId}
                    </Link>
                  </td>
                  <td>{formatDate(d.issuedAt)}</td>
                  <td>{formatMoney(d.total, d.currency)}</td>
                  <td>
                    <InvoiceDownload document={d} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}
