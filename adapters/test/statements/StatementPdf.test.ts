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
      // A sale's reference is also on its payouts' lines: the activity's line is the one that starts with its date.
      const found = (byText.get(reference!) ?? []).filter((w) => {
        const page = pages.find((p) => p.includes(w))!
        return lineOf(page, w)[0] === date && lineOf(page, w).includes(type!.split(" ")[0]!)
      })
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
    // The pages with an order's line: a reference followed by an order type (the payouts' lines name a unit).
    const continued = pages.filter((p) =>
      p.some(
        (w) =>
          /^ord_[0-9a-f]{32}$/.test(w.text) &&
          ["BUY", "SELL", "TRANSFER", "CONVERT"].includes(lineOf(p, w)[2] ?? ""),
      ),
    )
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
    // Noto Sans draws ë and Ü; the CJK comes from Noto Sans SC, embedded because the name needs it.
    expect(fact("Member:")).toBe("Member: Zoë Ünal-Okonkwo 漢字 <zoe.unal-okonkwo@example.com>")
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
    // Six sections with their notes: two pages even with nothing in the period.
    expect(doc.getPageCount()).toBeLessThanOrEqual(2)
    expect(doc.getTitle()).toContain(empty.number)
    const text = pdfWords(bytes)
      .flat()
      .map((w) => w.text)
      .join(" ")
    expect(text).toContain("No orders in this period.")
    expect(text).toContain(`Page 1 of ${doc.getPageCount()}`)
  })
})

/** The fonts a PDF embeds, as poppler lists them: name, type, whether subset. */
const pdfFonts = (bytes: Uint8Array): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-fonts-"))
  const file = path.join(dir, "statement.pdf")
  fs.writeFileSync(file, bytes)
  const listed = execFileSync("pdffonts", [file], { encoding: "utf8" })
  fs.rmSync(dir, { recursive: true })
  return listed
}

describe("every script's letters in the statement PDF (issue 38)", () => {
  const names = "Wolfeschlegelsteinhausenberger-Ωμέγα Жанна-Ивановна 王小明 François Dœuf-Ångström O'Brien"
  const withNames = statementDocument(
    buildStatement({ ...sampleStatementInput(3), memberName: names, memberEmail: "ωжé@example.com" }),
  )

  it("prints a member's name in Greek, Cyrillic, Chinese and accented Latin exactly: rendered with pdftoppm, read back with pdftotext", async () => {
    const bytes = await statementPdf(withNames)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-scripts-"))
    const file = path.join(dir, "statement.pdf")
    fs.writeFileSync(file, bytes)
    execFileSync("pdftoppm", ["-png", "-r", "60", "-f", "1", "-l", "1", file, path.join(dir, "page")])
    const png = fs.readdirSync(dir).find((f) => f.endsWith(".png"))
    expect(png).toBeDefined()
    expect(fs.statSync(path.join(dir, png!)).size).toBeGreaterThan(10_000)
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })
    fs.rmSync(dir, { recursive: true })
    expect(text).toContain(`${names} <ωжé@example.com>`)
    expect(text).not.toContain("?")
  })

  it("embeds Noto Sans subset, and Noto Sans SC only when the text needs it", async () => {
    const cjk = pdfFonts(await statementPdf(withNames))
    expect(cjk).toMatch(/NotoSans-Regular.* CID TrueType +Identity-H +yes/)
    expect(cjk).toMatch(/NotoSans-Bold.* CID TrueType +Identity-H +yes/)
    expect(cjk).toMatch(/NotoSansSC-Regular.* CID TrueType +Identity-H +yes/)
    const latinOnly = await statementPdf(
      statementDocument(buildStatement({ ...sampleStatementInput(3), memberName: "Zoë Ωμέγα Жанна" })),
    )
    expect(pdfFonts(latinOnly)).not.toContain("NotoSansSC")
    // Subset: a short statement stays small although the fonts are 0.6 MB and, with Chinese, 10 MB.
    expect(latinOnly.length).toBeLessThan(60_000)
    expect((await statementPdf(withNames)).length).toBeLessThan(60_000)
  })

  it('prints a character no font has (an emoji) as "?" rather than failing', async () => {
    const bytes = await statementPdf(
      statementDocument(buildStatement({ ...sampleStatementInput(0), memberName: "Ann 🌳 Lee" })),
    )
    const text = pdfWords(bytes)[0]!.map((w) => w.text)
    expect(text.join(" ")).toContain("Ann ? Lee")
  })
})
