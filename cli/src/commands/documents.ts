/** `landunits documents …`: each command's name, arguments, options and help; its action imports `documents/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const documentsCommands = (documents: Command, cli: Cli) => {
  documents
    .command("rekey")
    .description(
      "re-seal every KYC document and data export still under a DOCUMENT_KEY_PREVIOUS key under DOCUMENT_KEY, in batches (resumable; a second run changes nothing); after it, DOCUMENT_KEY_PREVIOUS can be removed",
    )
    .option("--batch-size <rows>", "rows re-sealed per transaction", "100")
    .action(async (o: { batchSize: string }) => (await import("./documents/rekey.ts")).documentsRekey(cli, o))
}
