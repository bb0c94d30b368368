/**
 * The admins' export of members' statements (`landunits statements export`, issue 37): one member's, or every
 * member's, for a period: the same statement and document, built by the same functions (loadStatement,
 * statementDocument), as the member's own download. The caller's `sink` stores each document (the CLI writes a
 * file); the export is audited once, with the period, the format and the number of files.
 */
import { Effect, Schema } from "effect"
import type { ActingAdmin } from "../access/AdminOperationRunner.ts"
import { auditAdmin, refuse } from "../access/AdminUseCase.ts"
import { memberNamed } from "../accounts/MembersAdmin.ts"
import { AccountRepository } from "../accounts/ports/AccountRepository.ts"
import type { MemberId } from "../shared/Ids.ts"
import { loadStatement } from "./LoadStatement.ts"
import type { Statement } from "./Statement.ts"
import { type StatementDocument, statementDocument } from "./StatementDocument.ts"
import { type StatementFormat, StatementRequest } from "./StatementRequest.ts"

export interface StatementsExportInput {
  /** One member (email or id), or every member with `all`: exactly one of them. */
  readonly member?: string | undefined
  readonly all?: boolean | undefined
  readonly from: string
  readonly to: string
  readonly format: string
}

/** Where the statements go: told how many first, then given each member's document in its format. */
export interface StatementSink<E> {
  readonly begin: (count: number) => Effect.Effect<void, E>
  readonly write: (input: {
    readonly memberId: MemberId
    readonly fileName: string
    readonly format: StatementFormat
    readonly statement: Statement
    readonly document: StatementDocument
  }) => Effect.Effect<{ readonly file: string; readonly bytes: number }, E>
  readonly end: Effect.Effect<void, E>
}

/** One written statement: its file, statement number, order count, whether it reconciles, its totals in cents. */
export interface StatementSummary {
  readonly memberId: string
  readonly file: string
  readonly bytes: number
  readonly statementNumber: string
  readonly orders: number
  readonly reconciled: boolean
  readonly totals: ReadonlyArray<{
    readonly currency: string
    readonly paidCents: number
    readonly feesCents: number
    readonly receivedFromSalesCents: number
    readonly payoutsCents: number
  }>
}

export const exportStatements = Effect.fn("StatementsAdmin.export")(function* <E>(
  acting: ActingAdmin,
  input: StatementsExportInput,
  sink: StatementSink<E>,
) {
  if ((input.member === undefined) === (input.all !== true)) {
    return yield* refuse("Name one member, or --all (not both)")
  }
  const request = yield* Schema.decodeUnknownEffect(StatementRequest)({
    fromDate: input.from,
    toDate: input.to,
    format: input.format,
  }).pipe(Effect.catch((e) => refuse(e.message)))
  const format = request.format ?? "pdf"
  const members =
    input.member === undefined
      ? yield* (yield* AccountRepository).list({})
      : [yield* memberNamed(input.member)]
  yield* sink.begin(members.length)
  const files: Array<StatementSummary> = []
  for (const account of members) {
    const statement = yield* loadStatement(account.memberId, { from: request.fromDate, to: request.toDate })
    const written = yield* sink.write({
      memberId: account.memberId,
      fileName: `${account.memberId}_${request.fromDate}_${request.toDate}.${format}`,
      format,
      statement,
      document: statementDocument(statement),
    })
    files.push({
      memberId: account.memberId,
      file: written.file,
      bytes: written.bytes,
      statementNumber: statement.number,
      orders: statement.activity.length,
      reconciled: statement.reconciliation.every((r) => r.balanced),
      totals: statement.totals.map((t) => ({ ...t })),
    })
  }
  yield* sink.end
  yield* auditAdmin(
    acting,
    "statements.export",
    input.member === undefined ? "members:all" : `member:${members[0]!.memberId}`,
    { from: request.fromDate, to: request.toDate, format, files: String(files.length) },
  )
  return files
})
