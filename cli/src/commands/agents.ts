/** `landunits agents …`: each command's name, arguments, options and help; its action imports `agents/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const agentsCommands = (agents: Command, cli: Cli) => {
  agents
    .command("list")
    .description("list applications to become a community agent (default: Pending)")
    .option("--status <status>", "Pending, Approved or Rejected", "Pending")
    .action(async (o) => (await import("./agents/list.ts")).agentsList(cli, o))
  agents
    .command("approve <applicationId>")
    .description("approve an application to become a community agent")
    .action(async (applicationId) => (await import("./agents/approve.ts")).agentsApprove(cli, applicationId))
  agents
    .command("reject <applicationId>")
    .description("reject an application to become a community agent")
    .action(async (applicationId) => (await import("./agents/reject.ts")).agentsReject(cli, applicationId))
}
