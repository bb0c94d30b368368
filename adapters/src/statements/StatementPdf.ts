/**
 * The statement as a PDF: A4 landscape, made with pdf-lib from core's StatementDocument (the same text the CSV
 * carries), in Noto Sans with Noto Sans SC for the characters it lacks (StatementFonts.ts), so a member's name in
 * any of Latin with accents, Greek, Cyrillic or Chinese prints as written; each font is subset when embedded. Every table is laid out by PdfTable.ts (columns sized from their content,
 * cells wrapped within their own column), every row on its own line, long tables continue on the next page
 * under their title and header again, and every page ends with the spec's footer statement and
 * "Page X of Y" (drawn once the page count is known).
 *
 * Each page's text is written as one content stream of PDF operators (PageText below) rather than through
 * pdf-lib's drawText, which builds several objects per word: a statement of 10,000 orders took 6 s that
 * way, mostly in the garbage collector (docs/benchmarks.md, "Statements"). Each character's glyph code and width
 * are looked up once per font (pdf-lib's own encodeText lays the whole string out with fontkit each call).
 */
import { deflateSync } from "node:zlib"
import type { StatementDocument, StatementTable } from "@landunits/core/statements/StatementDocument.ts"
import { PDFDocument, type PDFFont, type PDFPage } from "pdf-lib"
import { columnWidths, wrapText } from "./PdfTable.ts"
import { coverageOf, type FontFile, fontBytes, type fontkit, statementFontkit } from "./StatementFonts.ts"

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
/** The notes' 7-point lines: Noto Sans is 1.36 em from ascender to descender, so 10 points keep lines apart. */
const NOTE_LINE = 10
const PADDING = 4
/** Dark grey text, mid grey rules of half a point. */
const INK = "0.1 0.1 0.1 rg 0.6 0.6 0.6 RG 0.5 w"

/** A font of the statement, as drawn: regular or bold text, with Noto Sans SC for what Noto Sans cannot draw. */
type Face = "regular" | "bold"

/** One embedded font with its glyph codes and widths per character, each made once. */
interface EmbeddedFont {
  readonly pdfFont: PDFFont
  /** The character's glyph in the embedded subset, as 4 hex digits (Identity-H). */
  readonly code: (char: string) => string
  /** The character's width at `size`. */
  readonly width: (char: string, size: number) => number
}

const embedded = (pdfFont: PDFFont): EmbeddedFont => {
  const codes = new Map<string, string>()
  const widths = new Map<string, number>()
  return {
    pdfFont,
    code: (char) => {
      let code = codes.get(char)
      if (code === undefined) {
        // pdf-lib adds the glyph to the subset as it encodes it: only the glyphs used are embedded.
        code = pdfFont.encodeText(char).toString().slice(1, -1)
        codes.set(char, code)
      }
      return code
    },
    width: (char, size) => {
      let width = widths.get(char)
      if (width === undefined) {
        width = pdfFont.widthOfTextAtSize(char, 1000)
        widths.set(char, width)
      }
      return (width * size) / 1000
    },
  }
}

/** A stretch of text drawn in one font. */
interface Run {
  readonly font: EmbeddedFont
  readonly text: string
}

/** Whether a statement holds a character Noto Sans cannot draw (a CJK name): only then is Noto Sans SC loaded. */
const needsFallback = (document: StatementDocument): boolean => {
  const latin = coverageOf("regular")
  const missing = (text: string) => {
    if (/^[\x20-\x7E]*$/.test(text)) return false
    for (const char of text) if (!latin.has(char)) return true
    return false
  }
  const texts = [
    document.title,
    document.footer,
    ...document.facts.flatMap((f) => [f.label, f.text]),
    ...document.tables.flatMap((t) => [t.title, t.empty, ...t.notes, ...t.columns.map((c) => c.title)]),
  ]
  if (texts.some(missing)) return true
  for (const table of document.tables) for (const row of table.rows()) if (row.some(missing)) return true
  return false
}

/**
 * The statement's faces over its embedded fonts: each piece of text is cut into runs of the font that draws each
 * character (Noto Sans, else Noto Sans SC when embedded); a character neither can draw is printed "?".
 */
const faces = (fonts: {
  readonly regular: EmbeddedFont
  readonly bold: EmbeddedFont
  readonly fallback: EmbeddedFont | undefined
}) => {
  const latin = coverageOf("regular")
  const wide = fonts.fallback === undefined ? undefined : coverageOf("cjk")
  const runsCache = new Map<string, ReadonlyArray<Run>>()
  const runs = (text: string, face: Face): ReadonlyArray<Run> => {
    const key = `${face}\u0000${text}`
    const cached = runsCache.get(key)
    if (cached !== undefined) return cached
    const main = fonts[face]
    const out: Array<Run> = []
    let font = main
    let chars = ""
    for (const char of text) {
      const [next, drawn] = latin.has(char)
        ? [main, char]
        : fonts.fallback !== undefined && wide?.has(char) === true
          ? [fonts.fallback, char]
          : [main, "?"]
      if (next !== font && chars !== "") {
        out.push({ font, text: chars })
        chars = ""
      }
      font = next
      chars += drawn
    }
    if (chars !== "") out.push({ font, text: chars })
    // Table cells repeat (statuses, units, dates): their runs are made once. Long unique text is not kept.
    if (text.length <= 64 && runsCache.size < 50_000) runsCache.set(key, out)
    return out
  }
  const measure = (face: Face, size: number) => (text: string) => {
    let width = 0
    for (const run of runs(text, face)) for (const char of run.text) width += run.font.width(char, size)
    return width
  }
  return { runs, measure }
}

interface PageText {
  /** `runs` (one piece of text cut by font) with its baseline at y. */
  readonly text: (runs: ReadonlyArray<Run>, x: number, y: number, size: number) => void
  readonly line: (x1: number, x2: number, y: number) => void
  /** Adds what was drawn to the page as one content stream. */
  readonly flush: () => void
}

/** One page's drawing as PDF operators: each run its font and its glyphs as one hex string (Identity-H). */
const pageText = (pdf: PDFDocument, page: PDFPage, fonts: ReadonlyArray<PDFFont>): PageText => {
  const ops: Array<string> = [INK]
  const keys = new Map(fonts.map((f) => [f, page.node.newFontDictionary(f.name, f.ref).toString()]))
  return {
    text: (runs, x, y, size) => {
      let op = `BT ${x.toFixed(2)} ${y.toFixed(2)} Td`
      for (const run of runs) {
        let hex = ""
        for (const char of run.text) hex += run.font.code(char)
        op += ` ${keys.get(run.font.pdfFont)} ${size} Tf <${hex}> Tj`
      }
      ops.push(`${op} ET`)
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

export const statementPdf = async (document: StatementDocument): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${document.title} ${document.number}`)
  pdf.setAuthor("Landunits")
  pdf.registerFontkit(statementFontkit as typeof fontkit)
  const embed = async (file: FontFile) => embedded(await pdf.embedFont(fontBytes(file), { subset: true }))
  const fonts = {
    regular: await embed("regular"),
    bold: await embed("bold"),
    fallback: needsFallback(document) ? await embed("cjk") : undefined,
  }
  const { runs, measure: measureAt } = faces(fonts)
  const measure = { regular: measureAt("regular", SIZE), bold: measureAt("bold", SIZE) }
  const pageFonts = [
    fonts.regular,
    fonts.bold,
    ...(fonts.fallback === undefined ? [] : [fonts.fallback]),
  ].map((f) => f.pdfFont)
  const texts: Array<PageText> = [pageText(pdf, pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), pageFonts)]
  let page = texts[0]!
  /** The top of the next line to draw. */
  let y = PAGE_HEIGHT - MARGIN

  const draw = (text: string, x: number, options: { face?: Face; size?: number } = {}) => {
    const size = options.size ?? SIZE
    page.text(runs(text, options.face ?? "regular"), x, y - size, size)
  }
  const newPage = () => {
    page = pageText(pdf, pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]), pageFonts)
    texts.push(page)
    y = PAGE_HEIGHT - MARGIN
  }
  const rule = () => page.line(MARGIN, PAGE_WIDTH - MARGIN, y)

  // The title and the facts.
  draw(document.title, MARGIN, { face: "bold", size: 16 })
  y -= 26
  const labelWidth = Math.max(...document.facts.map((f) => measure.bold(`${f.label}:`))) + 8
  for (const fact of document.facts) {
    draw(`${fact.label}:`, MARGIN, { face: "bold" })
    draw(fact.text, MARGIN + labelWidth)
    y -= LINE
  }
  y -= 14

  const notesOf = (table: StatementTable) =>
    table.notes.flatMap((note) => wrapText(note, CONTENT_WIDTH, measure.regular))

  const drawTable = (table: StatementTable) => {
    const columns = table.columns
    const widths = columnWidths({
      columns,
      rows: table.rows(),
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
      face: Face,
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
          draw(line, x, { face })
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
    const title = table.title
    const drawHeading = (continued: boolean) => {
      draw(continued ? `${title} (continued)` : title, MARGIN, { face: "bold", size: 11 })
      y -= 17
      drawRow(header, "bold", measure.bold)
      y -= 1
      rule()
      y -= 2
    }

    // A table starts on a new page unless its title, header and first row fit on this one.
    if (y - 17 - headerHeight - 2 * LINE < BOTTOM) newPage()
    drawHeading(false)
    if (table.rowCount === 0) {
      draw(table.empty, MARGIN + PADDING)
      y -= LINE
    }
    for (const row of table.rows()) {
      const cells = linesOf(row, measure.regular)
      const height = Math.max(...cells.map((c) => c.length)) * LINE
      if (y - height < BOTTOM) {
        newPage()
        drawHeading(true)
      }
      drawRow(cells, "regular", measure.regular)
    }
    y -= 3
    for (const note of notesOf(table)) {
      if (y - NOTE_LINE < BOTTOM) newPage()
      draw(note, MARGIN, { size: 7 })
      y -= NOTE_LINE
    }
    y -= 14
  }

  for (const table of document.tables) drawTable(table)

  // The footer of every page, now that the page count is known.
  const footer = runs(document.footer, "regular")
  const footerY = MARGIN - 12
  const small = measureAt("regular", 7)
  texts.forEach((text, i) => {
    const numbering = `Page ${i + 1} of ${texts.length}`
    text.line(MARGIN, PAGE_WIDTH - MARGIN, BOTTOM - 8)
    text.text(footer, MARGIN, footerY, 7)
    text.text(runs(numbering, "regular"), PAGE_WIDTH - MARGIN - small(numbering), footerY, 7)
    text.flush()
  })
  return pdf.save()
}
