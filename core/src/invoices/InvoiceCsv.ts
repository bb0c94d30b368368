/**
 * A period's invoices, credit notes and payout statements as one CSV for the accountant (`landunits invoices export --format csv`):
 * a row per document with both parties' ids, the amounts in the currency's units (exact decimals, never floats) and
 * the tax treatment's words; the kind as its label ("Invoice", "Credit note", "Payout statement"), a payout
 * statement's payout and a credit note's reason in the last two columns. Cells are escaped as the statement's CSV escapes them (a leading =, +, - or @ quoted
 * so a spreadsheet never runs it); a credit note's negative amounts are written in the accounting style, in
 * parentheses ("(137.83)"), which spreadsheets read as negative numbers.
 */
import { csvRow } from "../statements/StatementCsv.ts"
import { invoiceNumberText } from "./InvoiceDocument.ts"
import { invoiceKindLabel } from "./InvoiceKindLabel.ts"
import type { IssuedInvoice } from "./InvoiceModel.ts"

/** Minor units as a decimal of the currency, exactly; negative in parentheses. */
export const accountingAmount = (cents: number): string => {
  const abs = Math.abs(cents)
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
  return cents < 0 ? `(${text})` : text
}

export const INVOICE_CSV_COLUMNS = [
  "number",
  "kind",
  "credits",
  "issuedAt",
  "orderId",
  "purchaseOrderReference",
  "issuer",
  "issuerTaxId",
  "buyer",
  "buyerRegistrationId",
  "buyerTaxId",
  "currency",
  "net",
  "taxTreatment",
  "taxBasisPoints",
  "tax",
  "total",
  "payoutId",
  "reason",
] as const

export const invoicesCsv = (documents: ReadonlyArray<IssuedInvoice>): string =>
  csvRow(INVOICE_CSV_COLUMNS) +
  documents
    .map((d) =>
      csvRow([
        invoiceNumberText(d),
        invoiceKindLabel(d.kind),
        d.credits === undefined ? "" : invoiceNumberText({ issuer: d.issuer, number: d.credits }),
        d.issuedAt,
        d.orderId,
        d.purchaseOrderReference ?? "",
        d.issuer.legalName,
        d.issuer.taxId,
        d.buyer.name,
        d.buyer.registrationId ?? "",
        d.buyer.taxId ?? "",
        d.currency,
        accountingAmount(d.net),
        d.tax.treatment.words,
        String(d.tax.basisPoints),
        accountingAmount(d.tax.amount),
        accountingAmount(d.total),
        d.payoutId ?? "",
        d.reason ?? "",
      ]),
    )
    .join("")
