import { describe, expect, it } from "vitest"
import { formatExactMoney, invoiceDocument, invoiceNumberText } from "../../src/invoices/InvoiceDocument.ts"
import { invoiceKindLabel } from "../../src/invoices/InvoiceKindLabel.ts"
import { creditNoteOf } from "../../src/invoices/Invoices.ts"
import { reverseCharge, sampleDraft, samplePayoutStatement } from "../support/InvoiceSample.ts"

const rowsOf = (table: { rows: () => Iterable<ReadonlyArray<string>> }) => [...table.rows()]

describe("the invoice as a document", () => {
  const invoice = { ...sampleDraft({ discount: { isPercent: true, amount: 10 } }), number: 42 }

  it("names the document, both parties with their ids and the purchase-order reference", () => {
    const document = invoiceDocument(invoice)
    expect(document.title).toBe("Invoice")
    expect(document.number).toBe("landunits-000042")
    expect(document.fileBase).toBe("invoice-landunits-000042")
    expect(document.facts.map((f) => `${f.label}: ${f.text}`)).toEqual([
      "Invoice number: landunits-000042",
      "Issue date: 01/11/2026",
      "From: Landunits B.V., Keizersgracht 1, 1015 CC Amsterdam, Netherlands (registration KvK 12345678, VAT NL123456789B01)",
      "To: Acme Farming GmbH, Hauptstraße 5, 10115 Berlin, Germany (registration HRB 98765, VAT DE123456789)",
      "Order: order-1",
      "Purchase order reference: PO-2026-117",
    ])
  })

  it("lists the lines and the totals, with the tax's words and its rounding shown", () => {
    const [lines, totals] = invoiceDocument(invoice).tables
    expect(rowsOf(lines!)).toEqual([
      ["Land Units, Unit (€)", "100", "€1.234", "€123.40"],
      ["Buy fee", "1", "", "€1.00"],
      ["Payment method fee", "1", "", "€2.17"],
      ["Discount", "1", "", "-€12.66"],
    ])
    expect(rowsOf(totals!)).toEqual([
      ["Net", "€113.91"],
      ["VAT 21%", "€23.92"],
      ["Total", "€137.83"],
    ])
    expect(totals!.notes).toEqual([
      "VAT 21%",
      "Tax at 21% of €113.91 is €23.9211, rounded half-up to €23.92 (rounding -€0.0011).",
    ])
  })

  it("prints a reverse charge's words and no rate; a credit note names the invoice it cancels", () => {
    const charged = { ...sampleDraft({}, { treatment: reverseCharge }), number: 3 }
    const note = { ...creditNoteOf(charged, "2026-11-05T00:00:00.000Z"), number: 4 }
    const document = invoiceDocument(note)
    expect(document.title).toBe("Credit note")
    expect(document.fileBase).toBe("credit-note-landunits-000004")
    expect(document.facts.map((f) => `${f.label}: ${f.text}`)).toContain("Cancels invoice: landunits-000003")
    expect(document.tables[1]!.notes).toEqual([reverseCharge.words])
  })

  it("formats exact amounts in millionths of the currency, and numbers zero-padded", () => {
    expect(formatExactMoney(23_921_100, "EUR")).toBe("€23.9211")
    expect(formatExactMoney(5_000, "GBP")).toBe("£0.005")
    expect(formatExactMoney(-1_000_000, "USD")).toBe("-$1.00")
    expect(invoiceNumberText({ issuer: invoice.issuer, number: 7 })).toBe("landunits-000007")
  })

  it("a payout statement names Landunits as issuer and the seller paid, the sale, the payout, the fee in Units and the total paid", () => {
    const statement = { ...samplePayoutStatement(), number: 7 }
    const document = invoiceDocument(statement)
    expect(document.title).toBe("Payout statement")
    expect(document.fileBase).toBe("payout-statement-landunits-000007")
    expect(document.facts.map((f) => `${f.label}: ${f.text}`)).toEqual([
      "Payout statement number: landunits-000007",
      "Issue date: 03/11/2026",
      "Issued by (self-billing): Landunits B.V., Keizersgracht 1, 1015 CC Amsterdam, Netherlands (registration KvK 12345678, VAT NL123456789B01)",
      "Seller paid: Acme Farming GmbH, Hauptstraße 5, 10115 Berlin, Germany (registration HRB 98765, VAT DE123456789)",
      "Sale: sell-1",
      "Payout: payout-1",
      "Sell fee: 10 Units, taken in Units when the sale was placed; nothing is deducted from this payout",
    ])
    const [lines, totals] = document.tables
    expect(rowsOf(lines!)).toEqual([["Land Units sold, Unit (€)", "40", "€1.234", "€49.36"]])
    expect(rowsOf(totals!)).toEqual([
      ["Net", "€49.36"],
      ["Tax", "€0.00"],
      ["Total paid", "€49.36"],
    ])
    expect(totals!.notes).toEqual([reverseCharge.words])
  })

  it("a credit note prints the admin's reason; each kind is titled by its label", () => {
    const invoice = { ...sampleDraft(), number: 1 }
    const note = { ...creditNoteOf(invoice, "2026-11-05T00:00:00.000Z", "Wrong buyer named"), number: 2 }
    expect(invoiceDocument(note).facts.at(-1)).toMatchObject({ label: "Reason", text: "Wrong buyer named" })
    expect(["invoice", "creditNote", "payoutStatement"].map((k) => invoiceKindLabel(k as never))).toEqual([
      "Invoice",
      "Credit note",
      "Payout statement",
    ])
  })
})
