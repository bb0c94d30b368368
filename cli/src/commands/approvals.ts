/** `landunits approvals …`: four eyes on admin money moves; each verb's action imports `approvals/<verb>.ts` (and the app) only when it runs. */
import { CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const approvalsCommands = (approvals: Command, cli: Cli) => {
  approvals
    .command("list")
    .description("list requests for a second admin, newest first (default: pending ones)")
    .option("--mine", "only the requests I made, whatever their status")
    .option("--status <status>", "pending, approved, rejected, expired, failed, or all")
    .action(async (o) => (await import("./approvals/list.ts")).approvalsList(cli, o))
  approvals
    .command("show <requestId>")
    .description("show a request: what it runs, who asked and when, and its outcome")
    .action(async (requestId) => (await import("./approvals/show.ts")).approvalsShow(cli, requestId))
  approvals
    .command("approve <requestId>")
    .description("approve another admin's request: its command runs now, as you; asks first unless --yes")
    .action(async (requestId) => (await import("./approvals/approve.ts")).approvalsApprove(cli, requestId))
  approvals
    .command("reject <requestId>")
    .description("reject a request (or withdraw your own): it never runs")
    .requiredOption("--reason <text>", "why (the requester is told)")
    .action(async (requestId, o) =>
      (await import("./approvals/reject.ts")).approvalsReject(cli, requestId, o),
    )
  approvals
    .command("thresholds")
    .description("show each currency's threshold: money moves above it need a second admin")
    .action(async () => (await import("./approvals/thresholds.ts")).approvalsThresholds(cli))
  approvals
    .command("set-threshold <currency> <minorUnits>")
    .description(
      `set a currency's threshold (${CurrencyTypes.join(", ")}) in minor units (cents); raising it needs a second admin`,
    )
    .action(async (currency, minorUnits) =>
      (await import("./approvals/set-threshold.ts")).approvalsSetThreshold(cli, currency, minorUnits),
    )
}
