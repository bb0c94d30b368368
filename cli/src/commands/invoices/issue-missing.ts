/**
 * `landunits invoices issue-missing [--dry-run]`: the invoices of paid buys that have none, oldest payment first,
 * each in its own transaction; prints each one issued or left (and why). Core's use case:
 * core/src/invoices/MissingInvoices.ts `issueMissingInvoices` (audited).
 */
import { issueMissingInvoices, missingInvoiceLine } from "@landunits/core/invoices/MissingInvoices.ts"
import { Effect } from "effect"
import { type Cli, runCommand } from "../../Admin.ts"
import { actingOf } from "../../support/Operations.ts"
import { requireAdmin } from "../../support/Operator.ts"

export const invoicesIssueMissing = (cli: Cli, o: { dryRun?: boolean }) =>
  runCommand(
    cli,
    Effect.flatMap(requireAdmin(cli.options().as), (operator) =>
      issueMissingInvoices(actingOf(operator), { dryRun: o.dryRun === true }),
    ),
    (results) => {
      const issued = results.filter((r) => r._tag === "Issued").length
      const left = results.length - issued
      const head =
        results.length === 0
          ? "Every paid buy has its invoice: nothing to issue."
          : o.dryRun === true
            ? `${results.length} paid buy(s) without an invoice (dry run: nothing issued):`
            : `Issued ${issued} invoice(s)${left === 0 ? "" : `; ${left} paid buy(s) left without one`}:`
      return [head, ...results.map((r) => `  ${missingInvoiceLine(r)}`)].join("\n")
    },
    (results) => ({ missing: results }),
  )
