/** `landunits users …`: each command's name, arguments, options and help; its action imports `users/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const usersCommands = (users: Command, cli: Cli) => {
  users
    .command("list")
    .description("list members, oldest first, filtered by role, state or a part of the email or name")
    .option("--role <role>", "admin or member")
    .option("--disabled", "only disabled accounts")
    .option("--enabled", "only enabled accounts")
    .option("--search <text>", "a part of the email, first or last name (any case)")
    .action(async (o) => (await import("./users/list.ts")).usersList(cli, o))
  users
    .command("show <member>")
    .description("show a member (by email or member id): account, KYC status and Units held")
    .action(async (member) => (await import("./users/show.ts")).usersShow(cli, member))
  users
    .command("make-admin <member>")
    .description("give a member (email or member id) the admin role; asks first unless --yes")
    .action(async (member) => (await import("./users/make-admin.ts")).usersMakeAdmin(cli, member))
  users
    .command("disable <member>")
    .description(
      "disable a member (email or member id): no sign-in, every session ends; asks first unless --yes",
    )
    .requiredOption("--reason <text>", "why (kept in the audit log)")
    .action(async (member, o) => (await import("./users/disable.ts")).usersDisable(cli, member, o))
  users
    .command("erase <member>")
    .description(
      "close a member's account on their request (email or member id): refused while they hold Units or have open orders; otherwise names and email erased, records kept for their retention; asks first unless --yes",
    )
    .requiredOption("--reason <text>", "the request (e.g. its letter's reference), kept in the audit log")
    .action(async (member, o) => (await import("./users/erase.ts")).usersErase(cli, member, o))
}
