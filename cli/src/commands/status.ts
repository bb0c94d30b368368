/** `landunits status`: its name, options and help; its action imports `status/show.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const statusCommand = (program: Command, cli: Cli) =>
  program
    .command("status")
    .description(
      "the installation at a glance: version and migrations, app processes alive, the mail outbox, the jobs' last runs, what waits for admins, the last ledger checkpoint, the idempotency keys deleted after their 30 days; exit 1 when something needs a person",
    )
    .action(async () => (await import("./status/show.ts")).statusShow(cli))
