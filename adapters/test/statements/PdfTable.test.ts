import { describe, expect, it } from "vitest"
import { columnWidths, TableDoesNotFit, wrapText } from "../../src/statements/PdfTable.ts"

/** Every character 5 points wide, titles 6. */
const measure = { cell: (t: string) => t.length * 5, title: (t: string) => t.length * 6 }

describe("the statement PDF's table layout", () => {
  it("sizes each column from its widest cell or title, plus padding", () => {
    const widths = columnWidths({
      columns: [
        { title: "Ref", wrappable: false },
        { title: "Amount", wrappable: false },
      ],
      rows: [
        ["ord_0123456789", "$1.00"],
        ["ord_1", "$1,000,000.00"],
      ],
      measure,
      maxWidth: 1_000,
      padding: 4,
    })
    expect(widths).toEqual([14 * 5 + 8, 13 * 5 + 8])
  })

  it("shrinks only wrappable columns when the table is too wide, never below their longest word", () => {
    const columns = [
      { title: "Reference", wrappable: false },
      { title: "Line", wrappable: true },
    ]
    const rows = [["ord_0123456789", "Sells (queued, fees, cancelled)"]]
    const widths = columnWidths({ columns, rows, measure, maxWidth: 150, padding: 0 })
    expect(widths[0]).toBe(70)
    expect(widths[0]! + widths[1]!).toBeCloseTo(150)
    expect(wrapText(rows[0]![1]!, widths[1]!, measure.cell)).toEqual(["Sells (queued,", "fees, cancelled)"])
    expect(() => columnWidths({ columns, rows, measure, maxWidth: 100, padding: 0 })).toThrow(TableDoesNotFit)
  })

  it("wraps between words and keeps a word wider than the column whole", () => {
    expect(wrapText("a bb ccc", 100, measure.cell)).toEqual(["a bb ccc"])
    expect(wrapText("a bb ccc", 20, measure.cell)).toEqual(["a bb", "ccc"])
    expect(wrapText("abcdefgh", 10, measure.cell)).toEqual(["abcdefgh"])
    expect(wrapText("", 10, measure.cell)).toEqual([""])
  })
})
