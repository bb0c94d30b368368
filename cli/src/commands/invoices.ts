/** `landunits invoices …`: each command's name, arguments, options and help; its action imports `invoices/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const invoicesCommands = (invoices: Command, cli: Cli) => {
  invoices
    .command("list")
    .description(
      "list the invoices, credit notes and payout statements issued in a period (both days included, UTC), by number",
    )
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--issuer <issuerId>", "one issuer's documents")
    .action(async (o) => (await import("./invoices/list.ts")).invoicesList(cli, o))
  invoices
    .command("show <number>")
    .description(
      "show one invoice, credit note or payout statement as issued: both parties, the lines, the tax and the totals",
    )
    .option("--issuer <issuerId>", "the issuer whose number it is (default: the issuer set)")
    .action(async (number, o) => (await import("./invoices/show.ts")).invoicesShow(cli, number, o))
  invoices
    .command("export")
    .description(
      "write a period's invoices, credit notes and payout statements for the accountant: one CSV, or one PDF per document",
    )
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--format <format>", "csv or pdf", "csv")
    .requiredOption("--out <folder>", "the folder to write them to (created if missing)")
    .option("--issuer <issuerId>", "one issuer's documents")
    .action(async (o) => (await import("./invoices/export.ts")).invoicesExport(cli, o))
  invoices
    .command("credit <number>")
    .description(
      "cancel an issued invoice with its credit note, the reason printed on it (a second admin approves)",
    )
    .option("--issuer <issuerId>", "the issuer whose number it is (default: the issuer set)")
    .requiredOption("--reason <text>", "why it is cancelled, one line, printed on the credit note")
    .action(async (number, o) => (await import("./invoices/credit.ts")).invoicesCredit(cli, number, o))
  invoices
    .command("issue-missing")
    .description(
      "issue the invoices of paid buys that have none (paid before invoicing was set up), in order of payment",
    )
    .option("--dry-run", "list what would be issued, issuing nothing")
    .action(async (o) => (await import("./invoices/issue-missing.ts")).invoicesIssueMissing(cli, o))
  invoices
    .command("set-issuer")
    .description(
      "set who issues invoices: legal name, address, registration and tax ids (a second admin approves)",
    )
    .requiredOption("--issuer-id <id>", "the numbering sequence's key, e.g. landunits")
    .requiredOption("--legal-name <name>", "the legal entity's name")
    .requiredOption("--address <address>", "its registered address, on one line")
    .requiredOption("--registration-id <id>", "its company registration id")
    .requiredOption("--tax-id <id>", "its VAT number")
    .action(async (o) => (await import("./invoices/set-issuer.ts")).invoicesSetIssuer(cli, o))
  invoices
    .command("set-tax <currency>")
    .description(
      "set a currency's tax treatment on invoices: a rate, reverse charge or out of scope (a second admin approves)",
    )
    .requiredOption("--treatment <treatment>", "rate, reverse-charge or out-of-scope")
    .option("--rate-bp <n>", "the rate in basis points (2100 = 21%), with --treatment rate")
    .requiredOption("--words <words>", 'what the invoice prints, e.g. "VAT 21%" or "Reverse charge"')
    .action(async (currency, o) => (await import("./invoices/set-tax.ts")).invoicesSetTax(cli, currency, o))
}
