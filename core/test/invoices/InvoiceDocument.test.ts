import { describe, expect, it } from "vitest"
import { formatExactMoney, invoiceDocument, invoiceNumberText } from "../../src/invoices/InvoiceDocument.ts"
import { creditNoteOf } from "../../src/invoices/Invoices.ts"
import { reverseCharge, sampleDraft } from "../support/InvoiceSample.ts"

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
})
