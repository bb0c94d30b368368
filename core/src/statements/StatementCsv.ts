/**
 * The statement as CSV (RFC 4180: comma-separated, CRLF, quoted where needed). A cell that a spreadsheet
 * would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe,
 * so a statement can never carry a formula into the member's spreadsheet.
 */
import type { Statement } from "./Statement.ts"

const FORMULA_START = /^[=+\-@\t\r]/

export const csvCell = (value: string): string => {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

const row = (cells: ReadonlyArray<string>) => cells.map(csvCell).join(",")

export const statementCsv = (statement: Statement): string => {
  const lines = [
    row([statement.title]),
    row(["Member", statement.memberName, statement.memberEmail]),
    row(["Period", statement.period.from, statement.period.to]),
    row(["Generated", statement.generatedAt]),
    "",
    row(["Date", "Order", "Type", "Direction", "Unit", "Units", "Status", "Payment method", "Amount"]),
    ...statement.lines.map((l) =>
      row([l.date, l.orderId, l.type, l.direction, l.unit, l.units, l.status, l.paymentMethod, l.amount]),
    ),
    "",
    row(["Holdings on", statement.generatedAt]),
    row(["Unit", "Owned", "Pending", "Locked", "Value bought", "Value today"]),
    ...statement.holdings.map((h) =>
      row([h.unit, h.owned, h.pending, h.locked, h.valueBought, h.valueToday]),
    ),
    "",
    row(["Paid for Units in the period"]),
    ...statement.totalsPaid.map((t) => row([t.currency, t.amount])),
  ]
  return `${lines.join("\r\n")}\r\n`
}
