/**
 * `landunits invoices export --from yyyy-mm-dd --to yyyy-mm-dd [--format csv|pdf] --out <folder> [--issuer <id>]`:
 * a period's invoices, credit notes and payout statements for the accountant: one CSV (`invoices_<from>_<to>.csv`,
 * core's InvoiceCsv.ts) or one PDF per document (`<invoice|credit-note|payout-statement>-<number>.pdf`). Audited (core's InvoicesAdmin.ts `exportInvoices`).
 *
 * Allowed an adapter (cli/test/ThinCommands.test.ts): the PDF renderer (statements/MemberStatement.ts
 * `statementPdfBytes`): a file format, not a use case.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { statementPdfBytes } from "@landunits/adapters/statements/MemberStatement.ts"
import { invoicesCsv } from "@landunits/core/invoices/InvoiceCsv.ts"
import { invoiceDocument } from "@landunits/core/invoices/InvoiceDocument.ts"
import { exportInvoices } from "@landunits/core/invoices/InvoicesAdmin.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

interface ExportOptions {
  from: string
  to: string
  format: string
  out: string
  issuer?: string
}

export const invoicesExport = (cli: Cli, o: ExportOptions) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      exportInvoices(actingOf(operator), o, (format, documents) =>
        Effect.gen(function* () {
          const writeFile = (name: string, bytes: string | Uint8Array) =>
            Effect.try({
              try: () => {
                fs.mkdirSync(o.out, { recursive: true, mode: 0o700 })
                const file = path.join(o.out, name)
                fs.writeFileSync(file, bytes, { mode: 0o600 })
                return file
              },
              catch: (e) =>
                new AdminRefused({ message: `Cannot write to ${o.out}: ${(e as Error).message}` }),
            })
          if (format === "csv")
            return [yield* writeFile(`invoices_${o.from}_${o.to}.csv`, invoicesCsv(documents))]
          const files: Array<string> = []
          for (const invoice of documents) {
            const document = invoiceDocument(invoice)
            files.push(yield* writeFile(`${document.fileBase}.pdf`, yield* statementPdfBytes(document)))
          }
          return files
        }),
      ),
    ),
    ({ documents, files }) =>
      `Exported ${documents} document(s) to ${files.length} file(s) in ${o.out}:\n${files.map((f) => `  ${f}`).join("\n")}`,
    (result) => result,
  )
