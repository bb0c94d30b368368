import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { accountingAmount, INVOICE_CSV_COLUMNS, invoicesCsv } from "../../src/invoices/InvoiceCsv.ts"
import { creditNoteOf } from "../../src/invoices/Invoices.ts"
import { sampleDraft, samplePayoutStatement } from "../support/InvoiceSample.ts"

describe("the accountant's CSV of invoices", () => {
  it("writes a row per document with both parties' ids, the amounts, the tax wording, what a credit note cancels and why, and a statement's payout", () => {
    const invoice = { ...sampleDraft(), number: 1 }
    const note = { ...creditNoteOf(invoice, "2026-11-02T00:00:00.000Z", "Wrong buyer named"), number: 2 }
    const statement = { ...samplePayoutStatement(), number: 3 }
    const lines = invoicesCsv([invoice, note, statement]).split("\r\n")
    expect(lines[0]).toBe(INVOICE_CSV_COLUMNS.join(","))
    expect(lines[1]).toBe(
      "landunits-000001,Invoice,,2026-11-01T10:05:00.000Z,order-1,PO-2026-117,Landunits B.V.,NL123456789B01,Acme Farming GmbH,HRB 98765,DE123456789,EUR,126.57,VAT 21%,2100,26.58,153.15,,",
    )
    expect(lines[2]).toBe(
      "landunits-000002,Credit note,landunits-000001,2026-11-02T00:00:00.000Z,order-1,PO-2026-117,Landunits B.V.,NL123456789B01,Acme Farming GmbH,HRB 98765,DE123456789,EUR,(126.57),VAT 21%,2100,(26.58),(153.15),,Wrong buyer named",
    )
    expect(lines[3]).toBe(
      "landunits-000003,Payout statement,,2026-11-03T09:00:00.000Z,sell-1,,Landunits B.V.,NL123456789B01,Acme Farming GmbH,HRB 98765,DE123456789,EUR,49.36,Reverse charge: VAT to be accounted for by the recipient (Article 196 Directive 2006/112/EC),0,0.00,49.36,payout-1,",
    )
    expect(lines[4]).toBe("")
  })

  it("property: an amount is written exactly, a negative one in parentheses", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const text = accountingAmount(cents)
        const negative = text.startsWith("(")
        const digits = negative ? text.slice(1, -1) : text
        expect(negative).toBe(cents < 0)
        expect(BigInt(digits.replace(".", ""))).toBe(BigInt(Math.abs(cents)))
        expect(digits).toMatch(/^\d+\.\d{2}$/)
      }),
    )
  })
})
