/**
 * The statement as CSV (RFC 4180: comma-separated, CRLF, quoted where needed), with the same sections,
 * rows and totals as the PDF: both render StatementDocument. A cell that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe, so a statement
 * can never carry a formula into the member's spreadsheet.
 *
 * `statementCsvChunks` yields the file a few kilobytes at a time as it makes the rows, so the HTTP answer and
 * the CLI's file are written in constant memory however many orders the period holds.
 */
import type { StatementDocument, StatementTable } from "./StatementDocument.ts"

const FORMULA_START = /^[=+\-@\t\r]/

export const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export const csvRow = (cells: ReadonlyArray<string>): string => `${cells.map(csvCell).join(",")}\r\n`

/** Every line of the CSV, in order, each ending with CRLF. */
export function* statementCsvLines(document: StatementDocument): Generator<string> {
  yield csvRow([document.title])
  for (const fact of document.facts) yield csvRow([fact.label, ...fact.cells])
  for (const table of document.tables) yield* tableLines(table)
  yield "\r\n"
  yield csvRow([document.footer])
}

function* tableLines(table: StatementTable): Generator<string> {
  yield "\r\n"
  yield csvRow([table.title])
  yield csvRow(table.columns.map((c) => c.title))
  if (table.rowCount === 0) yield csvRow([table.empty])
  for (const row of table.rows()) yield csvRow(row)
  for (const note of table.notes) yield csvRow([note])
}

/** The CSV in chunks of about `size` characters (64 KiB by default): few writes, bounded memory. */
export function* statementCsvChunks(document: StatementDocument, size = 65_536): Generator<string> {
  let chunk = ""
  for (const line of statementCsvLines(document)) {
    chunk += line
    if (chunk.length >= size) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk !== "") yield chunk
}

/** The whole CSV as one string (tests and small statements). */
export const statementCsv = (document: StatementDocument): string =>
  [...statementCsvChunks(document)].join("")
