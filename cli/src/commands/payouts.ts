/** `landunits payouts …`: each command's name, arguments, options and help; its action imports `payouts/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const payoutsCommands = (payouts: Command, cli: Cli) => {
  payouts
    .command("list")
    .description(
      "list payouts owed to members (sales' proceeds, converts' remainders), oldest first (default: not yet paid)",
    )
    .option("--status <status>", "Initiated, AUDReadyToSendBetweenAccounts, Completed, or all")
    .option("--member <member>", "one member (email or member id)")
    .action(async (o) => (await import("./payouts/list.ts")).payoutsList(cli, o))
  payouts
    .command("mark-ready <payoutId>")
    .description("an AUD payout is ready for the transfer between accounts (before mark-paid)")
    .action(async (payoutId) => (await import("./payouts/mark-ready.ts")).payoutsMarkReady(cli, payoutId))
  payouts
    .command("mark-paid <payoutId>")
    .description("the seller has been paid (AUD: mark-ready first); asks first unless --yes")
    .action(async (payoutId) => (await import("./payouts/mark-paid.ts")).payoutsMarkPaid(cli, payoutId))
}
