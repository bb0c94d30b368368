// @vitest-environment node
/** The 2025 report: rendered from the committed Markdown into a real PDF at build time. */
import { readFileSync } from "node:fs"
import { PDFDocument } from "pdf-lib"
import { describe, expect, it } from "vitest"
import { parseReport, REPORT_TITLE, renderReport } from "../scripts/report.ts"

const SOURCE = readFileSync(new URL("../content/report-2025.md", import.meta.url), "utf8")

describe("2025 report", () => {
  it("the committed source is titled 'Landunits 2025 report' and carries the no-advice statement", () => {
    const blocks = parseReport(SOURCE)
    expect(blocks[0]).toEqual({ kind: "title", text: REPORT_TITLE })
    expect(blocks.some((b) => b.text.includes("does not give tax, financial or investment advice"))).toBe(
      true,
    )
  })

  it("renders a PDF with the report's title, the same bytes at every build", async () => {
    const pdf = await renderReport(SOURCE)
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-")
    const doc = await PDFDocument.load(pdf)
    expect(doc.getTitle()).toBe(REPORT_TITLE)
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1)
    expect(Buffer.from(await renderReport(SOURCE)).equals(Buffer.from(pdf))).toBe(true)
  })

  it("a character the PDF font cannot print fails the build instead of printing wrong text", async () => {
    await expect(renderReport("# Report\n\nCO₂ offset")).rejects.toThrow()
  })
})
