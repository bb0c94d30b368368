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
  auditGroup
    .command("fees")
    .description(
      "replay every stored order's fees: recompute each subtotal, fee, discount and payment amount (a sell's fee and queued Units, a convert's Units, remainder and fee) with core's formulas from the prices, fee settings, exchange rates and discount terms in force when the order was created (the price schedule history, the exchange rate history and the audited settings changes), and list every difference with the order, the field, the stored and the recomputed value; exit 1 on any difference, 0 when every order replays",
    )
    .option("--from <day>", "orders created on or after this day, yyyy-mm-dd (UTC)")
    .option("--to <day>", "orders created on or before this day, yyyy-mm-dd (UTC)")
    .option("--format <format>", "text (a table, the default) or json (as --json)", "text")
    .action(async (o) => (await import("./audit/fees.ts")).auditFees(cli, o))
}
