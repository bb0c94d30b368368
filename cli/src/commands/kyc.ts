/** `landunits kyc …`: each command's name, arguments, options and help; its action imports `kyc/<verb>.ts` (and the app) only when it runs. */
import { KycStatuses } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const kycCommands = (kyc: Command, cli: Cli) => {
  kyc
    .command("list")
    .alias("pending")
    .description("list the members in a KYC status, oldest change first (default: waiting for verification)")
    .option("--status <status>", `one of ${KycStatuses.join(", ")}`, "Pending Verification")
    .action(async (o) => (await import("./kyc/list.ts")).kycList(cli, o))
  kyc
    .command("show <member>")
    .description("show a member's KYC details (email or member id), missing fields and document names")
    .action(async (member) => (await import("./kyc/show.ts")).kycShow(cli, member))
  kyc
    .command("export-documents <member>")
    .description("write a member's KYC documents, decrypted, to a folder (created private if missing)")
    .requiredOption("--to <folder>", "where to write them")
    .action(async (member, o) =>
      (await import("./kyc/export-documents.ts")).kycExportDocuments(cli, member, o),
    )
  kyc
    .command("approve <member>")
    .description("verify a member's identity (email or member id): they can then sell, transfer and convert")
    .action(async (member) => (await import("./kyc/approve.ts")).kycApprove(cli, member))
  kyc
    .command("reject <member>")
    .description("refuse a member's verification, with the reason they are emailed; asks first unless --yes")
    .requiredOption("--reason <text>", "why (the member reads it)")
    .action(async (member, o) => (await import("./kyc/reject.ts")).kycReject(cli, member, o))
}
