/**
 * `landunits invoices show <number> [--issuer <id>]`: one document (invoice, credit note or payout statement) as
 * issued; `--json` answers it whole.
 */
import { invoiceDocument } from "@landunits/core/invoices/InvoiceDocument.ts"
import { showInvoice } from "@landunits/core/invoices/InvoicesAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const invoicesShow = (cli: Cli, number: string, o: { issuer?: string }) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* showInvoice(number, o.issuer)
    }),
    (invoice) => {
      const document = invoiceDocument(invoice)
      return [
        document.title,
        ...document.facts.map((f) => `${f.label}: ${f.text}`),
        ...document.tables.flatMap((t) => [
          "",
          t.title,
          ...[...t.rows()].map((row) => `  ${row.filter((cell) => cell !== "").join("  ")}`),
          ...t.notes,
        ]),
      ].join("\n")
    },
    (invoice) => ({ invoice }),
  )
