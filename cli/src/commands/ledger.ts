/** `landunits ledger …`: each command's name, arguments, options and help; its action imports `ledger/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const ledgerCommands = (ledger: Command, cli: Cli) => {
  ledger
    .command("verify")
    .description(
      "recompute every hash chain (each unit type's transfers, the audit log) and every balance from the transfers; exit 1 naming the first row that does not match",
    )
    .action(async () => (await import("./ledger/verify.ts")).ledgerVerify(cli))
  ledger
    .command("checkpoint")
    .description(
      "take a signed ledger checkpoint now (the Merkle root over every transfer and each chain's head, signed with the ledger key) and print it",
    )
    .action(async () => (await import("./ledger/checkpoint.ts")).ledgerCheckpoint(cli))
}
