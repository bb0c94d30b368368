/**
 * `landunits statements export (<member> | --all) --from yyyy-mm-dd --to yyyy-mm-dd [--format pdf|csv] --out <folder>`:
 * members' statements for a period, one file each (`<memberId>_<from>_<to>.<format>`), for support or an
 * auditor: the same document, built by the same function, as the member's own download (core's use case:
 * core/src/statements/StatementsAdmin.ts `exportStatements`). A CSV is written as it is made (constant memory).
 * A progress bar shows on stderr when there are several; `--json` gives each file with its statement number,
 * order count, reconciliation and totals in cents. Audited.
 *
 * Allowed an adapter (cli/test/ThinCommands.test.ts): the PDF renderer (statements/MemberStatement.ts
 * `statementPdfBytes`, the HTTP download's): a file format, not a use case.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { statementPdfBytes } from "@landunits/adapters/statements/MemberStatement.ts"
import { statementCsvChunks } from "@landunits/core/statements/StatementCsv.ts"
import { exportStatements } from "@landunits/core/statements/StatementsAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { progress } from "../../support/Progress.ts"

interface ExportOptions {
  all?: boolean
  from: string
  to: string
  format: string
  out: string
}

export const statementsExport = (cli: Cli, member: string | undefined, o: ExportOptions) => {
  let bar: ReturnType<typeof progress> | undefined
  return runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      exportStatements(
        actingOf(operator),
        { member, all: o.all, from: o.from, to: o.to, format: o.format },
        {
          begin: (count) =>
            Effect.try({
              try: () => {
                fs.mkdirSync(o.out, { recursive: true, mode: 0o700 })
                bar = progress("Statements", count)
              },
              catch: (e) => new AdminRefused({ message: `Cannot create ${o.out}: ${(e as Error).message}` }),
            }),
          write: ({ fileName, format, document }) =>
            Effect.gen(function* () {
              const file = path.join(o.out, fileName)
              const cannotWrite = (e: unknown) =>
                new AdminRefused({ message: `Cannot write ${file}: ${(e as Error).message}` })
              if (format === "csv") {
                yield* Effect.tryPromise({
                  try: () =>
                    pipeline(
                      Readable.from(statementCsvChunks(document)),
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
              bar?.tick()
              return { file, bytes: fs.statSync(file).size }
            }),
          end: Effect.sync(() => bar?.done()),
        },
      ),
    ),
    (files) =>
      `Wrote ${files.length} statement(s) to ${o.out}:\n${files.map((f) => `  ${f.file} (${f.bytes} bytes)`).join("\n")}`,
    (files) => ({ files }),
  )
}
