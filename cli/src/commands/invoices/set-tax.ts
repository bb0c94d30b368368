/** `landunits invoices set-tax <currency> --treatment rate|reverse-charge|out-of-scope [--rate-bp n] --words …`: core's `invoices.setTax`, through the admin guard. */
import { type Cli, runOperation } from "../../Admin.ts"

export const invoicesSetTax = (
  cli: Cli,
  currency: string,
  o: { treatment: string; rateBp?: string; words: string },
) => runOperation(cli, { currency, ...o })
