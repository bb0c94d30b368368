/** `landunits ledger …`: each command's name, arguments, options and help; its action imports `ledger/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const ledgerCommands = (ledger: Command, cli: Cli) => {
  ledger
    .command("verify")
    .description(
      "recompute every hash chain (each unit type's transfers, the audit log), every balance from the transfers, and every signed checkpoint (signature, Merkle root, chain heads); exit 1 naming the first row or checkpoint that does not match",
    )
    .option(
      "--earlier-key <keyId...>",
      "also trust checkpoints signed by these earlier ledger keys of this installation (after LEDGER_SIGNING_KEY was rotated)",
    )
    .action(async (o: { earlierKey?: Array<string> }) =>
      (await import("./ledger/verify.ts")).ledgerVerify(cli, o),
    )
  ledger
    .command("checkpoint")
    .description(
      "take a signed ledger checkpoint now (the Merkle root over every transfer and each chain's head, signed with the ledger key) and print it",
    )
    .action(async () => (await import("./ledger/checkpoint.ts")).ledgerCheckpoint(cli))
}
