/** `landunits doctor`: its name and help; its action imports `doctor/check.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const doctorCommand = (program: Command, cli: Cli) =>
  program
    .command("doctor")
    .description(
      "what a new or changed installation lacks, on one screen: APP_URL, the mail server, DATA_DIR's modes, the keys, admins and their second factors, prices, land values, bank accounts, exchange rates, coin prices; exit 1 when something blocks members. Run it with the app's settings",
    )
    .action(async () => (await import("./doctor/check.ts")).doctorCheck(cli))
