/** `landunits discount-codes …`: each command's name, arguments, options and help; its action imports `discount-codes/<verb>.ts` (and the app) only when it runs. */
import type { Command } from "commander"
import type { Cli } from "../Admin.ts"

export const discountCodesCommands = (codes: Command, cli: Cli) => {
  codes
    .command("create <code>")
    .description("create (or re-enable with new terms) a reference code: a percentage or an amount in cents")
    .option("--percent <n>", "percent of the total, 1 to 100")
    .option("--amount-cents <n>", "a fixed amount off, in cents")
    .option("--min-payment-cents <n>", "the code applies only from this payment amount", "0")
    .action(async (code, o) => (await import("./discount-codes/create.ts")).discountCodesCreate(cli, code, o))
  codes
    .command("list")
    .description("list every reference code with its terms and whether it is active")
    .action(async () => (await import("./discount-codes/list.ts")).discountCodesList(cli))
  codes
    .command("disable <code>")
    .description("stop a reference code from being used; asks first unless --yes")
    .action(async (code) => (await import("./discount-codes/disable.ts")).discountCodesDisable(cli, code))
}
