/**
 * `landunits invoices list --from yyyy-mm-dd --to yyyy-mm-dd [--issuer <id>]`: a period's documents (invoices, credit
 * notes, payout statements), by number, each kind by its label and the member it names (the buyer, or the seller paid).
 */
import { invoiceNumberText } from "@landunits/core/invoices/InvoiceDocument.ts"
import { invoiceKindLabel } from "@landunits/core/invoices/InvoiceKindLabel.ts"
import { listInvoices } from "@landunits/core/invoices/InvoicesAdmin.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { requireAdmin } from "../../support/Operator.ts"
import { table } from "../../support/Output.ts"

interface ListOptions {
  from: string
  to: string
  issuer?: string
}

export const invoicesList = (cli: Cli, o: ListOptions) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      yield* requireAdmin(cli.options().as)
      return yield* listInvoices({ from: o.from, to: o.to, issuer: o.issuer })
    }),
    (documents) =>
      table(
        documents.map((d) => ({
          number: invoiceNumberText(d),
          kind: invoiceKindLabel(d.kind),
          issuedAt: d.issuedAt,
          orderId: d.orderId,
          member: d.buyer.name,
          currency: d.currency,
          netCents: d.net,
          taxCents: d.tax.amount,
          totalCents: d.total,
        })),
        ["number", "kind", "issuedAt", "orderId", "member", "currency", "netCents", "taxCents", "totalCents"],
        "No invoices in this period.",
      ),
    (documents) => ({ invoices: documents }),
  )
