/** `landunits mail …`: each command's name, arguments, options and help; its action imports `mail/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const mailCommands = (mail: Command, cli: Cli) => {
  mail
    .command("list")
    .description("list the mail outbox, newest first: to whom, which email, delivered or not")
    .option("--to <email>", "one recipient")
    .option("--status <status>", "pending, sent or failed")
    .option("--template <name>", "e.g. kyc-not-approved")
    .option("--limit <n>", "at most this many", "50")
    .action(async (o) => (await import("./mail/list.ts")).mailList(cli, o))
  mail
    .command("show <id>")
    .description("show one outbox message: recipient, template, its data (secrets masked) and delivery")
    .action(async (id) => (await import("./mail/show.ts")).mailShow(cli, id))
}
