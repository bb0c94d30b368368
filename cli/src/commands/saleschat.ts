/** `landunits saleschat …`: each command's name, arguments, options and help; its action imports `saleschat/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const saleschatCommands = (saleschat: Command, cli: Cli) => {
  saleschat
    .command("list")
    .description("list the sales chat threads waiting for an answer (longest waiting first)")
    .action(async () => (await import("./saleschat/list.ts")).saleschatList(cli))
  saleschat
    .command("show <member>")
    .description("show a member's sales chat thread (member by email or member id)")
    .action(async (member) => (await import("./saleschat/show.ts")).saleschatShow(cli, member))
  saleschat
    .command("reply <member> <text>")
    .description("answer a member's sales chat as the sales team; the member is emailed")
    .option("--name <shown name>", "the name the member sees (default: your first name, from the sales team)")
    .action(async (member, text, o) =>
      (await import("./saleschat/reply.ts")).saleschatReply(cli, member, text, o),
    )
}
