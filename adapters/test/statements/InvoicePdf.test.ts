/**
 * An invoice's, a credit note's and a payout statement's PDF: core's invoice document (invoices/InvoiceDocument.ts) drawn by the statement's renderer, read
 * back with pdftotext (poppler-utils) and rendered with pdftoppm.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { invoiceDocument } from "@landunits/core/invoices/InvoiceDocument.ts"
import { creditNoteOf } from "@landunits/core/invoices/Invoices.ts"
import { sampleDraft, samplePayoutStatement } from "@landunits/core/test-support/InvoiceSample.ts"
import { describe, expect, it } from "vitest"
import { statementPdf } from "../../src/statements/StatementPdf.ts"

const invoice = { ...sampleDraft({ discount: { isPercent: true, amount: 10 } }), number: 42 }

/** The PDF's text (pdftotext -layout), and whether pdftoppm rendered its first page. */
const readBack = async (bytes: Uint8Array) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"))
  try {
    const file = path.join(dir, "invoice.pdf")
    fs.writeFileSync(file, bytes)
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(dir, "page")])
    const png = fs.readdirSync(dir).find((f) => f.endsWith(".png"))
    const rendered = png !== undefined && fs.statSync(path.join(dir, png)).size > 5_000
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
    return { text, rendered }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe("an invoice's PDF", () => {
  it("names both parties with their ids, the lines, the tax wording with its rounding, the totals and the PO reference", async () => {
    const { text, rendered } = await readBack(await statementPdf(invoiceDocument(invoice)))
    expect(rendered).toBe(true)
    for (const expected of [
      "Invoice",
      "landunits-000042",
      "Landunits B.V.",
      "KvK 12345678",
      "NL123456789B01",
      "Acme Farming GmbH",
      "Hauptstraße 5",
      "HRB 98765",
      "DE123456789",
      "PO-2026-117",
      "Land Units, Unit (€)",
      "€123.40",
      "Buy fee",
      "Payment method fee",
      "-€12.66",
      "€113.91",
      "€23.92",
      "€137.83",
      "rounding -€0.0011",
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).toMatch(/VAT 21%/)
  })

  it("a credit note's PDF names the invoice it cancels and why, its amounts negated", async () => {
    const note = {
      ...creditNoteOf(invoice, "2026-11-05T00:00:00.000Z", "Issued to the wrong company"),
      number: 43,
    }
    const { text } = await readBack(await statementPdf(invoiceDocument(note)))
    expect(text).toContain("Credit note")
    expect(text).toMatch(/Cancels invoice:\s+landunits-000042/)
    expect(text).toMatch(/Reason:\s+Issued to the wrong company/)
    expect(text).toContain("-€137.83")
  })

  it("a payout statement's PDF names Landunits (self-billing) and the seller paid, the Units sold × price, the fee, the tax wording and the total paid", async () => {
    const statement = { ...samplePayoutStatement({ payoutId: "pay_77" }), number: 44 }
    const { text, rendered } = await readBack(await statementPdf(invoiceDocument(statement)))
    expect(rendered).toBe(true)
    for (const expected of [
      "Payout statement",
      "landunits-000044",
      "Issued by (self-billing)",
      "Landunits B.V.",
      "NL123456789B01",
      "Seller paid",
      "Acme Farming GmbH",
      "HRB 98765",
      "DE123456789",
      "sell-1",
      "pay_77",
      "10 Units, taken in Units when the sale was placed",
      "Land Units sold, Unit (€)",
      "€1.234",
      "Reverse charge",
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).toMatch(/Total paid\s+€49\.36/)
  })
})
