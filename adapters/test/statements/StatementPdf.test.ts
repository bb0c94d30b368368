import type { Statement } from "@landunits/core/statements/Statement.ts"
import { PDFDocument } from "pdf-lib"
import { describe, expect, it } from "vitest"
import { statementPdf } from "../../src/statements/StatementPdf.ts"

const statement = (lines: number): Statement => ({
  title: "Landunits statement",
  memberName: "Zoë Ünal 漢字",
  memberEmail: "zoe@example.com",
  period: { from: "2026-03-01", to: "2026-03-31" },
  generatedAt: "02/04/2026",
  lines: Array.from({ length: lines }, (_, i) => ({
    date: "01/03/2026",
    orderId: `ord_${i}`,
    type: i % 2 === 0 ? "BUY" : "TRANSFER",
    direction: i % 2 === 0 ? "" : "Received",
    unit: "Unit ($)",
    units: "12",
    status: "Completed",
    paymentMethod: "bank",
    amount: "$123.45",
  })),
  holdings: [
    {
      unit: "Unit (€)",
      owned: "12",
      pending: "4",
      locked: "0",
      valueBought: "€1,200.00",
      valueToday: "€1,300.50",
    },
  ],
  totalsPaid: [{ currency: "EUR", amount: "€246.90" }],
})

describe("statement PDF", () => {
  it("is a PDF whose pages hold every order, over as many pages as needed", async () => {
    const short = await statementPdf(statement(3))
    expect(Buffer.from(short.slice(0, 5)).toString("latin1")).toBe("%PDF-")
    const shortDoc = await PDFDocument.load(short)
    expect(shortDoc.getPageCount()).toBe(1)
    expect(shortDoc.getTitle()).toContain("2026-03-01 to 2026-03-31")

    const long = await PDFDocument.load(await statementPdf(statement(300)))
    expect(long.getPageCount()).toBeGreaterThanOrEqual(6)
  })

  it("draws names in characters the font lacks instead of failing", async () => {
    await expect(statementPdf(statement(1))).resolves.toBeInstanceOf(Uint8Array)
  })
})
