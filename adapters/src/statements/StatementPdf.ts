/**
 * The statement as a PDF: A4 landscape, Helvetica, made with pdf-lib from core's StatementDocument (the
 * same text the CSV carries). Every table is laid out by PdfTable.ts (columns sized from their content,
 * cells wrapped within their own column), every row on its own line, long tables continue on the next page
 * under their title and header again, and every page ends with the spec's footer statement and
 * "Page X of Y" (drawn once the page count is known).
 *
 * Each page's text is written as one content stream of PDF operators (PageText below) rather than through
 * pdf-lib's drawText, which builds several objects per word: a statement of 10,000 orders took 6 s that
 * way, mostly in the garbage collector (docs/benchmarks.md, "Statements").
 */
import { deflateSync } from "node:zlib"
import type { StatementDocument, StatementTable } from "@landunits/core/statements/StatementDocument.ts"
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib"
import { columnWidths, wrapText } from "./PdfTable.ts"

/** A4 landscape, in points. */
const PAGE_WIDTH = 841.89
const PAGE_HEIGHT = 595.28
const MARGIN = 36
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN
/** The band at the bottom of every page that holds the footer. */
const FOOTER_BAND = 30
const BOTTOM = MARGIN + FOOTER_BAND

const SIZE = 8
const LINE = 11
const PADDING = 4
/** Dark grey text, mid grey rules of half a point. */
const INK = "0.1 0.1 0.1 rg 0.6 0.6 0.6 RG 0.5 w"

/** Helvetica (WinAnsi) cannot draw every character; anything else becomes "?" instead of failing. */
export const printable = (text: string) => text.replace(/[^\x20-\x7E\u00A0-\u00FF€]/g, "?")

/**
 * A PDF string of printable text in the standard fonts' WinAnsi encoding: ASCII as it is, Latin-1 and € as
 * octal escapes, so the content stream stays ASCII.
 */
export const pdfString = (text: string): string => {
  let out = "("
  for (const ch of text) {
    if (ch === "(" || ch === ")" || ch === "\\") out += `\\${ch}`
    else {
      const code = ch === "€" ? 0x80 : ch.charCodeAt(0)
      out += code < 0x80 ? ch : `\\${code.toString(8).padStart(3, "0")}`
    }
  }
  return `${out})`
}

interface PageText {
  /** `text` with its baseline at y. */
  readonly text: (text: string, x: number, y: number, font: PDFFont, size: number) => void
  readonly line: (x1: number, x2: number, y: number) => void
  /** Adds what was drawn to the page as one content stream. */
  readonly flush: () => void
}

/** One page's drawing as PDF operators. */
const pageText = (pdf: PDFDocument, page: PDFPage, fonts: ReadonlyArray<PDFFont>): PageText => {
  const ops: Array<string> = [INK]
  const keys = new Map(fonts.map((f) => [f, page.node.newFontDictionary(f.name, f.ref).toString()]))
  return {
    text: (text, x, y, font, size) => {
      ops.push(`BT ${keys.get(font)} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(text)} Tj ET`)
    },
    line: (x1, x2, y) => {
      ops.push(`${x1.toFixed(2)} ${y.toFixed(2)} m ${x2.toFixed(2)} ${y.toFixed(2)} l S`)
    },
    flush: () => {
      // node's zlib, not pdf-lib's pako: setting up pako's deflate for each page cost a second per 10,000 orders.
      const bytes = deflateSync(Buffer.from(ops.join("\n"), "latin1"), { level: 1 })
      page.node.addContentStream(pdf.context.register(pdf.context.stream(bytes, { Filter: "FlateDecode" })))
    },
  }
}

/** Text widths from one cached width per character: fast over 10,000 rows, and exact for unkerned text. */
const widthMeasure = (font: PDFFont, size: number) => {
  const cache = new Map<string, number>()
  return (text: string) => {
    let width = 0
    for (const ch of text) {
      let w = cache.get(ch)
      if (w === undefined) {
        w = font.widthOfTextAtSize(ch, size)
        cache.set(ch, w)
      }
      width += w
    }
    return width
  }
}

export const statementPdf = async (document: StatementDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${document.title} ${document.number}`)
  pdf.setAuthor("Landunits")
  const regular = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const measure = { regular: widthMeasure(regular, SIZE), bold: widthMeasure(bold, SIZE) }

  const fonts = [regular, bold]
  const texts: Array<PageText> = [pageText(pdf, pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), fonts)]
  let page = texts[0]!
  /** The top of the next line to draw. */
  let y = PAGE_HEIGHT - MARGIN

  const draw = (text: string, x: number, options: { font?: PDFFont; size?: number } = {}) => {
    const size = options.size ?? SIZE
    page.text(text, x, y - size, options.font ?? regular, size)
  }
  const newPage = () => {
    page = pageText(pdf, pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), fonts)
    texts.push(page)
    y = PAGE_HEIGHT - MARGIN
  }
  const rule = () => page.line(MARGIN, PAGE_WIDTH - MARGIN, y)

  // The title and the facts.
  draw(printable(document.title), MARGIN, { font: bold, size: 16 })
  y -= 26
  const labelWidth = Math.max(...document.facts.map((f) => measure.bold(`${f.label}:`))) + 8
  for (const fact of document.facts) {
    draw(printable(`${fact.label}:`), MARGIN, { font: bold })
    draw(printable(fact.text), MARGIN + labelWidth)
    y -= LINE
  }
  y -= 14

  const notesOf = (table: StatementTable) =>
    table.notes.flatMap((note) => wrapText(printable(note), CONTENT_WIDTH, measure.regular))

  const drawTable = (table: StatementTable) => {
    const columns = table.columns.map((c) => ({ ...c, title: printable(c.title) }))
    const printableRows = function* () {
      for (const row of table.rows()) yield row.map(printable)
    }
    const widths = columnWidths({
      columns,
      rows: printableRows(),
      measure: { cell: measure.regular, title: measure.bold },
      maxWidth: CONTENT_WIDTH,
      padding: PADDING,
    })
    const lefts = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0))
    const linesOf = (cells: ReadonlyArray<string>, width: (t: string) => number) =>
      cells.map((cell, i) =>
        columns[i]!.wrappable ? wrapText(cell, widths[i]! - 2 * PADDING, width) : [cell],
      )
    const drawRow = (
      cells: ReadonlyArray<ReadonlyArray<string>>,
      font: PDFFont,
      width: (t: string) => number,
    ) => {
      const height = Math.max(...cells.map((c) => c.length)) * LINE
      cells.forEach((lines, i) => {
        const top = y
        for (const line of lines) {
          const x =
            columns[i]!.align === "right"
              ? lefts[i]! + widths[i]! - PADDING - width(line)
              : lefts[i]! + PADDING
          draw(line, x, { font })
          y -= LINE
        }
        y = top
      })
      y -= height
    }
    const header = linesOf(
      columns.map((c) => c.title),
      measure.bold,
    )
    const headerHeight = Math.max(...header.map((c) => c.length)) * LINE + 3
    const title = printable(table.title)
    const drawHeading = (continued: boolean) => {
      draw(continued ? `${title} (continued)` : title, MARGIN, { font: bold, size: 11 })
      y -= 17
      drawRow(header, bold, measure.bold)
      y -= 1
      rule()
      y -= 2
    }

    // A table starts on a new page unless its title, header and first row fit on this one.
    if (y - 17 - headerHeight - 2 * LINE < BOTTOM) newPage()
    drawHeading(false)
    if (table.rowCount === 0) {
      draw(printable(table.empty), MARGIN + PADDING)
      y -= LINE
    }
    for (const row of printableRows()) {
      const cells = linesOf(row, measure.regular)
      const height = Math.max(...cells.map((c) => c.length)) * LINE
      if (y - height < BOTTOM) {
        newPage()
        drawHeading(true)
      }
      drawRow(cells, regular, measure.regular)
    }
    y -= 3
    for (const note of notesOf(table)) {
      if (y - LINE < BOTTOM) newPage()
      draw(note, MARGIN, { size: 7 })
      y -= 9
    }
    y -= 14
  }

  for (const table of document.tables) drawTable(table)

  // The footer of every page, now that the page count is known.
  const footer = printable(document.footer)
  const footerY = MARGIN - 12
  texts.forEach((text, i) => {
    const numbering = `Page ${i + 1} of ${texts.length}`
    text.line(MARGIN, PAGE_WIDTH - MARGIN, BOTTOM - 8)
    text.text(footer, MARGIN, footerY, regular, 7)
    text.text(numbering, PAGE_WIDTH - MARGIN - regular.widthOfTextAtSize(numbering, 7), footerY, regular, 7)
    text.flush()
  })
  return pdf.save()
}
