/** `landunits statements …`: each command's name, arguments, options and help; its action imports `statements/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const statementsCommands = (statements: Command, cli: Cli) => {
  statements
    .command("export [member]")
    .description(
      "write statements for a period (one member by email or id, or --all) to a folder, as PDF or CSV",
    )
    .option("--all", "every member")
    .requiredOption("--from <day>", "first day, yyyy-mm-dd")
    .requiredOption("--to <day>", "last day, yyyy-mm-dd")
    .option("--format <format>", "pdf or csv", "pdf")
    .requiredOption("--out <folder>", "the folder to write them to (created if missing)")
    .action(async (member, o) => (await import("./statements/export.ts")).statementsExport(cli, member, o))
}
