/**
 * The statement as a PDF (A4, Helvetica), from the same rows as the CSV: a header with the member and the
 * period, the orders table (continued over as many pages as it needs), the holdings and the totals paid.
 * pdf-lib writes the document in memory; a statement of ten years of orders stays a few hundred kB.
 */
import type { Statement } from "@landunits/core/statements/Statement.ts"
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib"

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 40
const LINE = 14

/** Helvetica (WinAnsi) cannot draw every character; anything else becomes "?" instead of failing. */
const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, "?")

const ORDER_COLUMNS = [
  { title: "Date", x: 0, key: "date" },
  { title: "Order", x: 62, key: "orderId" },
  { title: "Type", x: 210, key: "type" },
  { title: "Unit", x: 268, key: "unit" },
  { title: "Units", x: 350, key: "units" },
  { title: "Status", x: 392, key: "status" },
  { title: "Amount", x: 468, key: "amount" },
] as const

const HOLDING_COLUMNS = [
  { title: "Unit", x: 0, key: "unit" },
  { title: "Owned", x: 110, key: "owned" },
  { title: "Pending", x: 170, key: "pending" },
  { title: "Locked", x: 230, key: "locked" },
  { title: "Value bought", x: 290, key: "valueBought" },
  { title: "Value today", x: 400, key: "valueToday" },
] as const

export const statementPdf = async (statement: Statement): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${statement.title} ${statement.period.from} to ${statement.period.to}`)
  pdf.setAuthor("Landunits")
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page: PDFPage = pdf.addPage(A4)
  let y = A4[1] - MARGIN

  const text = (value: string, x: number, font: PDFFont = regular, size = 9) => {
    page.drawText(printable(value), {
      x: MARGIN + x,
      y,
      size,
      font,
      color: rgb(0.1, 0.1, 0.1),
      maxWidth: 200,
    })
  }
  const nextLine = (height = LINE) => {
    y -= height
    if (y < MARGIN) {
      page = pdf.addPage(A4)
      y = A4[1] - MARGIN
    }
  }

  text(statement.title, 0, bold, 16)
  nextLine(22)
  text(`${statement.memberName} <${statement.memberEmail}>`, 0)
  nextLine()
  text(`Period: ${statement.period.from} to ${statement.period.to}    Generated: ${statement.generatedAt}`, 0)
  nextLine(24)

  text("Orders", 0, bold, 12)
  nextLine(18)
  for (const c of ORDER_COLUMNS) text(c.title, c.x, bold)
  nextLine()
  if (statement.lines.length === 0) {
    text("No orders in this period.", 0)
    nextLine()
  }
  for (const line of statement.lines) {
    for (const c of ORDER_COLUMNS) {
      const value =
        c.key === "type" && line.direction !== "" ? `${line.type} (${line.direction})` : line[c.key]
      text(value, c.x)
    }
    nextLine()
  }

  nextLine(10)
  text(`Holdings on ${statement.generatedAt}`, 0, bold, 12)
  nextLine(18)
  for (const c of HOLDING_COLUMNS) text(c.title, c.x, bold)
  nextLine()
  for (const holding of statement.holdings) {
    for (const c of HOLDING_COLUMNS) text(holding[c.key], c.x)
    nextLine()
  }

  nextLine(10)
  text("Paid for Units in the period", 0, bold, 12)
  nextLine(18)
  if (statement.totalsPaid.length === 0) text("Nothing.", 0)
  for (const total of statement.totalsPaid) {
    text(`${total.currency}  ${total.amount}`, 0)
    nextLine()
  }
  return pdf.save()
}
