/**
 * The statement PDF as a reader sees it: rendered, then read back with its words' positions
 * (`pdftotext -bbox`, poppler-utils), so the layout is checked on the drawn page and not on our own numbers.
 */
import { execFileSync } from "node:child_process"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { buildStatement } from "@landunits/core/statements/Statement.ts"
import { STATEMENT_DISCLAIMER, statementDocument } from "@landunits/core/statements/StatementDocument.ts"
import { SAMPLE_CHECKPOINT, sampleStatementInput } from "@landunits/core/test-support/StatementSample.ts"
import { PDFDocument } from "pdf-lib"
import { beforeAll, describe, expect, it } from "vitest"
import { statementPdf } from "../../src/statements/StatementPdf.ts"

interface Word {
  readonly text: string
  readonly xMin: number
  readonly yMin: number
  readonly xMax: number
  readonly yMax: number
}

/** Every page's words with their boxes, as poppler reads the PDF. */
const pdfWords = (bytes: Uint8Array): Array<Array<Word>> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-pdf-"))
  const file = path.join(dir, "statement.pdf")
  fs.writeFileSync(file, bytes)
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8", maxBuffer: 256 << 20 })
  fs.rmSync(dir, { recursive: true })
  const unescapeXml = (s: string) =>
    s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&")
  return html
    .split("<page ")
    .slice(1)
    .map((page) =>
      [
        ...page.matchAll(
          /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
        ),
      ].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: unescapeXml(m[5]!),
      })),
    )
}

/** Two words overlap when their boxes share more than a hair (rounding) on both axes. */
const overlapping = (words: ReadonlyArray<Word>): Array<[Word, Word]> => {
  const sorted = [...words].sort((a, b) => a.xMin - b.xMin)
  const found: Array<[Word, Word]> = []
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!
    for (let j = i + 1; j < sorted.length && sorted[j]!.xMin < a.xMax - 0.1; j++) {
      const b = sorted[j]!
      if (Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin) > 0.1) found.push([a, b])
    }
  }
  return found
}

/** The words on the same line as `word` (their vertical centres within a point), left to right. */
const lineOf = (words: ReadonlyArray<Word>, word: Word) =>
  words
    .filter((w) => Math.abs((w.yMin + w.yMax) / 2 - (word.yMin + word.yMax) / 2) < 1)
    .sort((a, b) => a.xMin - b.xMin)
    .map((w) => w.text)

/** Each page's lines of text, top to bottom. */
const linesOf = (words: ReadonlyArray<Word>): Array<string> => {
  const rows: Array<Array<Word>> = []
  for (const w of [...words].sort((a, b) => a.yMin - b.yMin)) {
    const row = rows.find((r) => Math.abs(r[0]!.yMin + r[0]!.yMax - w.yMin - w.yMax) < 2)
    if (row === undefined) rows.push([w])
    else row.push(w)
  }
  return rows.map((r) =>
    r
      .sort((a, b) => a.xMin - b.xMin)
      .map((w) => w.text)
      .join(" "),
  )
}

const statement = buildStatement(sampleStatementInput(400))
const document = statementDocument(statement)
let pages: Array<Array<Word>> = []

beforeAll(async () => {
  pages = pdfWords(await statementPdf(document))
})

describe("the statement PDF", () => {
  it("draws no word over another on any page", () => {
    expect(pages.length).toBeGreaterThan(5)
    for (const [i, words] of pages.entries()) {
      expect(overlapping(words).map(([a, b]) => `page ${i + 1}: "${a.text}" / "${b.text}"`)).toEqual([])
    }
  })

  it("puts every order on one line of its own with its full reference, date, type, status and amount", () => {
    const activity = document.tables.find((t) => t.title.startsWith("Activity"))!
    const all = pages.flat()
    const byText = new Map<string, Array<Word>>()
    for (const w of all) byText.set(w.text, [...(byText.get(w.text) ?? []), w])
    let rows = 0
    for (const row of activity.rows()) {
      const [date, reference, type, , , status, amount] = row
      const found = byText.get(reference!) ?? []
      expect(found, reference).toHaveLength(1)
      const page = pages.find((p) => p.includes(found[0]!))!
      const line = lineOf(page, found[0]!)
      expect(line.slice(0, 2)).toEqual([date, reference])
      expect(line.join(" ")).toContain(` ${type} `)
      // The status in words ("In the sales queue"), all on the order's line.
      expect(`${line.join(" ")} `).toContain(` ${status} `)
      if (amount !== "") expect(line).toContain(amount)
      rows++
    }
    expect(rows).toBe(statement.activity.length)
    expect(rows).toBeGreaterThan(300)
  })

  it("repeats the activity's header on every page it continues on", () => {
    const continued = pages.filter((p) => p.some((w) => /^ord_[0-9a-f]{32}$/.test(w.text)))
    expect(continued.length).toBeGreaterThan(5)
    for (const page of continued) {
      const reference = page.find((w) => w.text === "Reference")!
      expect(lineOf(page, reference)).toEqual([
        "Date",
        "Reference",
        "Type",
        "Unit",
        "Units",
        "Status",
        "Amount",
        "Fee",
      ])
    }
  })

  it('numbers every page "Page X of Y" and ends every page with the footer statement', () => {
    for (const [i, words] of pages.entries()) {
      const text = words.map((w) => w.text).join(" ")
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`)
      expect(text).toContain(STATEMENT_DISCLAIMER)
    }
  })

  it("holds the member, the period, the number, the opening and closing holdings, the reconciliation and the totals", () => {
    const lines = pages.flatMap(linesOf)
    const fact = (label: string) => lineOf(pages[0]!, pages[0]!.find((w) => w.text === label)!).join(" ")
    // Helvetica has ë and Ü but no CJK: those become "?" rather than failing the statement.
    expect(fact("Member:")).toBe("Member: Zoë Ünal-Okonkwo ?? <zoe.unal-okonkwo@example.com>")
    expect(fact("Period:")).toBe("Period: 01/03/2025 to 31/12/2025 (both days included, UTC)")
    expect(fact("Generated:")).toBe("Generated: Jan 2, 2026, 9:30 AM UTC")
    expect(fact("number:")).toBe(`Statement number: ${statement.number}`)
    expect(fact("checkpoint:")).toBe("Ledger checkpoint: #12 of Jan 2, 2026, 9:00 AM UTC, 123,456 transfers")
    expect(fact("root:")).toBe(`Checkpoint root: ${SAMPLE_CHECKPOINT.merkleRoot}`)
    expect(lines).toContain("Opening holdings, start of 01/03/2025")
    expect(lines).toContain("Closing holdings, end of 31/12/2025")
    expect(lines).toContain("Totals per currency")
    // Every row of the holdings, the reconciliation and the totals is one line of the page.
    for (const table of document.tables.slice(0, 4)) {
      for (const row of table.rows()) {
        const words = row
          .join(" ")
          .split(" ")
          .filter((w) => w !== "")
          .join(" ")
        expect(lines).toContain(words)
      }
    }
    expect(statement.reconciliation.every((r) => r.balanced)).toBe(true)
    expect(lines.filter((l) => l.endsWith(" Reconciled"))).toHaveLength(statement.reconciliation.length)
    expect(statement.totals.map((t) => t.currency)).toEqual(["EUR", "USD", "AUD", "GBP"])
  })

  it("is a PDF with a title, and says so when a period has no orders", async () => {
    const empty = statementDocument(buildStatement({ ...sampleStatementInput(0) }))
    const bytes = await statementPdf(empty)
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-")
    const doc = await PDFDocument.load(bytes)
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getTitle()).toContain(empty.number)
    const text = pdfWords(bytes)[0]!
      .map((w) => w.text)
      .join(" ")
    expect(text).toContain("No orders in this period.")
    expect(text).toContain("Page 1 of 1")
  })
})
