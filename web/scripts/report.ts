/**
 * Renders the "Landunits 2025 report" PDF from its committed Markdown source (web/content/report-2025.md).
 * The Markdown is a small subset: "# " title, "## " headings, "- " bullets and paragraphs. Used by the Vite
 * build (vite.config.ts emits /reports/landunits-2025-report.pdf) and by the dev server.
 * Helvetica's WinAnsi encoding has no glyph for some characters: such a character fails the build rather
 * than print wrong text.
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib"

export const REPORT_PATH = "reports/landunits-2025-report.pdf"
export const REPORT_TITLE = "Landunits 2025 report"

type Block =
  | { readonly kind: "title" | "heading" | "paragraph"; readonly text: string }
  | { readonly kind: "bullet"; readonly text: string }

export const parseReport = (markdown: string): ReadonlyArray<Block> => {
  const blocks: Array<Block> = []
  let paragraph: Array<string> = []
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", text: paragraph.join(" ") })
    paragraph = []
  }
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim()
    if (line === "") flush()
    else if (line.startsWith("## ")) {
      flush()
      blocks.push({ kind: "heading", text: line.slice(3) })
    } else if (line.startsWith("# ")) {
      flush()
      blocks.push({ kind: "title", text: line.slice(2) })
    } else if (line.startsWith("- ")) {
      flush()
      blocks.push({ kind: "bullet", text: line.slice(2) })
    } else paragraph.push(line)
  }
  flush()
  return blocks
}

const wrap = (text: string, font: PDFFont, size: number, width: number): ReadonlyArray<string> => {
  const lines: Array<string> = []
  let line = ""
  for (const word of text.split(/\s+/)) {
    const next = line === "" ? word : `${line} ${word}`
    if (line !== "" && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line)
      line = word
    } else line = next
  }
  if (line !== "") lines.push(line)
  return lines
}

const A4 = [595.28, 841.89] as const
const MARGIN = 56
const GREEN = rgb(0.08, 0.33, 0.18)
const INK = rgb(0.08, 0.13, 0.1)

export const renderReport = async (markdown: string, createdAt = new Date("2026-01-15T00:00:00Z")) => {
  const blocks = parseReport(markdown)
  const doc = await PDFDocument.create()
  doc.setTitle(REPORT_TITLE)
  doc.setAuthor("Landunits Ltd")
  doc.setSubject("What Landunits is, how Units work, fees and land management")
  doc.setLanguage("en-GB")
  // Fixed dates keep the file identical from build to build.
  doc.setCreationDate(createdAt)
  doc.setModificationDate(createdAt)
  const regular = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const width = A4[0] - 2 * MARGIN
  let page = doc.addPage([...A4])
  let y = A4[1] - MARGIN
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage([...A4])
      y = A4[1] - MARGIN
    }
  }
  const write = (text: string, font: PDFFont, size: number, indent: number, color = INK, gap = 4) => {
    for (const line of wrap(text, font, size, width - indent)) {
      ensure(size + gap)
      y -= size + gap
      page.drawText(line, { x: MARGIN + indent, y, size, font, color })
    }
  }
  for (const block of blocks) {
    switch (block.kind) {
      case "title":
        page.drawRectangle({ x: 0, y: A4[1] - 12, width: A4[0], height: 12, color: GREEN })
        write(block.text, bold, 26, 0, GREEN, 8)
        y -= 10
        break
      case "heading":
        y -= 14
        ensure(40)
        write(block.text, bold, 15, 0, GREEN)
        y -= 4
        break
      case "paragraph":
        write(block.text, regular, 11, 0)
        y -= 8
        break
      case "bullet": {
        ensure(17)
        page.drawCircle({ x: MARGIN + 5, y: y - 11, size: 2, color: GREEN })
        write(block.text, regular, 11, 16)
        y -= 4
        break
      }
    }
  }
  const pages = doc.getPages()
  pages.forEach((p, i) => {
    p.drawText(`${REPORT_TITLE} · page ${i + 1} of ${pages.length}`, {
      x: MARGIN,
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.3, 0.35, 0.32),
    })
  })
  return doc.save()
}
