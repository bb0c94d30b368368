/**
 * Table layout for the statement PDF, in points, without drawing anything: columns sized from their content,
 * and cells broken into lines within their own column. pdf-lib only draws text at coordinates; this is what
 * makes those coordinates collision-free (docs/decisions.md, "Statements").
 *
 * - A column is as wide as its widest cell or title, plus padding on both sides.
 * - When the natural widths do not fit, only wrappable columns shrink, each in proportion to how much it can
 *   give, never below its longest word; their cells then wrap between words. Ids, numbers and money never wrap.
 * - A table that cannot fit even then is a defect (TableDoesNotFit): the statement's columns are ours.
 */

export interface LayoutColumn {
  readonly title: string
  readonly wrappable: boolean
}

/** Widths of text in points: `cell` in the body's font, `title` in the header's. */
export interface TextMeasure {
  readonly cell: (text: string) => number
  readonly title: (text: string) => number
}

export class TableDoesNotFit extends Error {
  readonly _tag = "TableDoesNotFit"
}

const words = (text: string) => text.split(" ").filter((w) => w !== "")

const longestWord = (text: string, width: (text: string) => number) =>
  words(text).reduce((most, word) => Math.max(most, width(word)), 0)

/**
 * Column widths (points, padding included) for `rows` under `columns`, summing to at most `maxWidth`.
 * Reads the rows once.
 */
export const columnWidths = (input: {
  readonly columns: ReadonlyArray<LayoutColumn>
  readonly rows: Iterable<ReadonlyArray<string>>
  readonly measure: TextMeasure
  readonly maxWidth: number
  readonly padding: number
}): ReadonlyArray<number> => {
  const { columns, measure, padding } = input
  const natural = columns.map((c) => measure.title(c.title))
  const minimum = columns.map((c) =>
    c.wrappable ? longestWord(c.title, measure.title) : measure.title(c.title),
  )
  for (const row of input.rows) {
    for (let i = 0; i < columns.length; i++) {
      const cell = row[i] ?? ""
      const width = measure.cell(cell)
      if (width > natural[i]!) natural[i] = width
      const least = columns[i]!.wrappable ? longestWord(cell, measure.cell) : width
      if (least > minimum[i]!) minimum[i] = least
    }
  }
  const widths = natural.map((w) => w + 2 * padding)
  const total = widths.reduce((a, b) => a + b, 0)
  if (total <= input.maxWidth) return widths
  const excess = total - input.maxWidth
  const give = natural.map((w, i) => (columns[i]!.wrappable ? w - minimum[i]! : 0))
  const canGive = give.reduce((a, b) => a + b, 0)
  if (canGive < excess) {
    throw new TableDoesNotFit(
      `A table of ${columns.map((c) => c.title).join(", ")} needs ${Math.ceil(total - canGive)} points; ${Math.floor(input.maxWidth)} are available`,
    )
  }
  return widths.map((w, i) => w - (excess * give[i]!) / canGive)
}

/**
 * `text` in lines no wider than `width` (points), broken between words. A single word wider than `width`
 * stays whole on its own line (columnWidths never makes a column narrower than its longest word).
 */
export const wrapText = (text: string, width: number, measure: (text: string) => number): Array<string> => {
  if (measure(text) <= width) return [text]
  const lines: Array<string> = []
  let line = ""
  for (const word of words(text)) {
    const candidate = line === "" ? word : `${line} ${word}`
    if (line !== "" && measure(candidate) > width) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line !== "" || lines.length === 0) lines.push(line)
  return lines
}
