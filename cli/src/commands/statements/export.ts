/**
 * `landunits statements export (<member> | --all) --from yyyy-mm-dd --to yyyy-mm-dd [--format pdf|csv] --out <folder>`:
 * members' statements for a period, one file each (`<memberId>_<from>_<to>.<format>`), for support or an
 * auditor: the same document, built by the same function, as the member's own download. A CSV is written as
 * it is made (constant memory). A progress bar shows on stderr when there are several; `--json` gives each
 * file with its statement number, order count, reconciliation and totals in cents. Audited.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import {
  memberStatement,
  statementCsvStream,
  statementPdfBytes,
} from "@landunits/adapters/statements/MemberStatement.ts"
import { AccountRepository } from "@landunits/core/accounts/ports/AccountRepository.ts"
import { StatementRequest } from "@landunits/core/statements/StatementRequest.ts"
import { Effect, Schema } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { memberNamed } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"
import { progress } from "../../support/Progress.ts"

interface StatementSummary {
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

interface ExportOptions {
  all?: boolean
  from: string
  to: string
  format: string
  out: string
}

export const statementsExport = (cli: Cli, member: string | undefined, o: ExportOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      if ((member === undefined) === (o.all !== true)) {
        return yield* new AdminRefused({ message: "Name one member, or --all (not both)" })
      }
      const one = member
      const request = yield* Schema.decodeUnknownEffect(StatementRequest)({
        fromDate: o.from,
        toDate: o.to,
        format: o.format,
      }).pipe(Effect.mapError((e) => new AdminRefused({ message: e.message })))
      const format = request.format ?? "pdf"
      const members =
        one === undefined ? yield* (yield* AccountRepository).list({}) : [yield* memberNamed(one)]
      yield* Effect.try({
        try: () => fs.mkdirSync(o.out, { recursive: true, mode: 0o700 }),
        catch: (e) => new AdminRefused({ message: `Cannot create ${o.out}: ${(e as Error).message}` }),
      })
      const bar = progress("Statements", members.length)
      const files: Array<StatementSummary> = []
      for (const account of members) {
        const { statement, document } = yield* memberStatement(account.memberId, {
          from: request.fromDate,
          to: request.toDate,
        })
        const file = path.join(o.out, `${account.memberId}_${request.fromDate}_${request.toDate}.${format}`)
        const cannotWrite = (e: unknown) =>
          new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` })
        if (format === "csv") {
          yield* Effect.tryPromise({
            try: () =>
              pipeline(
                Readable.from(statementCsvStream(document)),
                fs.createWriteStream(file, { mode: 0o600 }),
              ),
            catch: cannotWrite,
          })
        } else {
          const bytes = yield* statementPdfBytes(document)
          yield* Effect.try({
            try: () => fs.writeFileSync(file, bytes, { mode: 0o600 }),
            catch: cannotWrite,
          })
        }
        files.push({
          memberId: account.memberId,
          file,
          bytes: fs.statSync(file).size,
          statementNumber: statement.number,
          orders: statement.activity.length,
          reconciled: statement.reconciliation.every((r) => r.balanced),
          totals: statement.totals.map((t) => ({ ...t })),
        })
        bar.tick()
      }
      bar.done()
      yield* audit(
        operator,
        "statements.export",
        member === undefined ? "members:all" : `member:${members[0]!.memberId}`,
        {
          from: request.fromDate,
          to: request.toDate,
          format,
          files: String(files.length),
        },
      )
      return files
    }),
    (files) =>
      `Wrote ${files.length} statement(s) to ${o.out}:\n${files.map((f) => `  ${f.file} (${f.bytes} bytes)`).join("\n")}`,
    (files) => ({ files }),
  )
