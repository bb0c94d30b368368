/** `landunits audit …`: each command's name, arguments, options and help; its action imports `audit/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const auditCommands = (auditGroup: Command, cli: Cli) => {
  auditGroup
    .command("show")
    .description("show the audit log, newest first, filtered by who, what and when")
    .option("--actor <actor>", "an admin's email or member id, or os:<user>")
    .option("--action <action>", "e.g. kyc.reject, orders.confirmPayment")
    .option("--subject <subject>", "e.g. member:mem_1, order:ord_1")
    .option("--from <day>", "on or after this day, yyyy-mm-dd (UTC)")
    .option("--to <day>", "on or before this day, yyyy-mm-dd (UTC)")
    .option("--limit <n>", "at most this many", "100")
    .action(async (o) => (await import("./audit/show.ts")).auditShow(cli, o))
}
