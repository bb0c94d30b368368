/** `landunits invoices credit <number> [--issuer <id>] --reason "…"`: core's `invoices.credit`, through the admin guard. */
import { type Cli, runOperation } from "../../Admin.ts"

export const invoicesCredit = (cli: Cli, number: string, o: { issuer?: string; reason: string }) =>
  runOperation(cli, { number, ...o })
