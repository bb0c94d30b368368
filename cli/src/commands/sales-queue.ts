/** `landunits sales-queue …`: each command's name, arguments, options and help; its action imports `sales-queue/<verb>.ts` (and the app) only when it runs. */
import { UnitTypes } from "@landunits/core/shared/EnumValues.ts"
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const salesQueueCommands = (queue: Command, cli: Cli) => {
  queue
    .command("show")
    .description(
      "show the sales queue: sells waiting for buyers, oldest first, the Units left in each, the Units ahead of it and when it may be sold",
    )
    .option("--unit-type <unitType>", UnitTypes.join(", "))
    .action(async (o) => (await import("./sales-queue/show.ts")).salesQueueShow(cli, o))
}
