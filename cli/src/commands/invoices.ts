/** `landunits invoices …`: each command's name, arguments, options and help; its action imports `invoices/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const invoicesCommands = (invoices: Command, cli: Cli) => {
  invoices
    .command("list")
    .description("list the invoices and credit notes issued in a period (both days included, UTC), by number")
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--issuer <issuerId>", "one issuer's documents")
    .action(async (o) => (await import("./invoices/list.ts")).invoicesList(cli, o))
  invoices
    .command("show <number>")
    .description("show one invoice or credit note as issued: both parties, the lines, the tax and the totals")
    .option("--issuer <issuerId>", "the issuer whose number it is (default: the issuer set)")
    .action(async (number, o) => (await import("./invoices/show.ts")).invoicesShow(cli, number, o))
  invoices
    .command("export")
    .description(
      "write a period's invoices and credit notes for the accountant: one CSV, or one PDF per document",
    )
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--format <format>", "csv or pdf", "csv")
    .requiredOption("--out <folder>", "the folder to write them to (created if missing)")
    .option("--issuer <issuerId>", "one issuer's documents")
    .action(async (o) => (await import("./invoices/export.ts")).invoicesExport(cli, o))
}
