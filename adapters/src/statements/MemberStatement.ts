/**
 * A member's statement file for a period, as the HTTP download and the admin CLI both produce it: core's
 * statement (loadStatement) as core's document, rendered as PDF bytes or as CSV chunks made while they are
 * written (constant memory). The same function for both callers, so both give the same numbers.
 */
import type { MemberId } from "@landunits/core/shared/Ids.ts"
import { loadStatement } from "@landunits/core/statements/LoadStatement.ts"
import type { Statement, StatementPeriod } from "@landunits/core/statements/Statement.ts"
import { statementCsvChunks } from "@landunits/core/statements/StatementCsv.ts"
import { type StatementDocument, statementDocument } from "@landunits/core/statements/StatementDocument.ts"
import type { StatementFormat } from "@landunits/core/statements/StatementRequest.ts"
import { Effect } from "effect"
import { statementPdf } from "./StatementPdf.ts"

export const STATEMENT_CONTENT_TYPE: Readonly<Record<StatementFormat, string>> = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
}

export interface MemberStatement {
  readonly statement: Statement
  readonly document: StatementDocument
  readonly fileName: (format: StatementFormat) => string
}

export const memberStatement = (memberId: MemberId, period: StatementPeriod) =>
  Effect.map(loadStatement(memberId, period), (statement): MemberStatement => {
    const document = statementDocument(statement)
    return { statement, document, fileName: (format) => `${document.fileBase}.${format}` }
  })

/** The PDF, in memory (a statement of 10,000 orders is about 1 MB: docs/benchmarks.md). */
export const statementPdfBytes = (document: StatementDocument) => Effect.promise(() => statementPdf(document))

/** The CSV in chunks of text, made as they are read. */
export const statementCsvStream = (document: StatementDocument): Iterable<string> =>
  statementCsvChunks(document)
