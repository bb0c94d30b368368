/** GET /etc/generate-statement's query: the period (yyyy-mm-dd, UTC, both days included) and the format. */
import { Schema } from "effect"

const IsoDay = Schema.String.check(
  Schema.makeFilter(
    (s) =>
      /^\d{4}-\d{2}-\d{2}$/.test(s) &&
      !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
      new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    {
      message: "Enter a date as yyyy-mm-dd",
    },
  ),
)

/** A statement covers at most this many days (about ten years: the data retention of spec §9). */
export const MAX_STATEMENT_DAYS = 3_660

export const StatementFormat = Schema.Literals(["pdf", "csv"])
export type StatementFormat = typeof StatementFormat.Type

export const StatementRequest = Schema.Struct({
  fromDate: IsoDay,
  toDate: IsoDay,
  format: Schema.optionalKey(StatementFormat),
}).check(
  Schema.makeFilter(
    (r) =>
      r.fromDate <= r.toDate || {
        path: ["toDate"],
        issue: "The end date must be on or after the start date",
      },
  ),
  Schema.makeFilter(
    (r) =>
      (Date.parse(r.toDate) - Date.parse(r.fromDate)) / 86_400_000 <= MAX_STATEMENT_DAYS || {
        path: ["toDate"],
        issue: `A statement can cover at most ${MAX_STATEMENT_DAYS} days`,
      },
  ),
)
export type StatementRequest = typeof StatementRequest.Type
