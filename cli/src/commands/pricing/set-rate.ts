/** `landunits pricing set-rate <FROM> <TO> <rate> [--day yyyy-mm-dd]`: the exchange rate of a day (default today), e.g. 1.234567. */
import { type Cli, runOperation } from "../../Admin.ts"

/** Parses and hands over: core's `pricing.setRate` (core/src/pricing/PricingAdmin.ts), through the admin guard. */
export const pricingSetRate = (cli: Cli, from: string, to: string, rate: string, o: { day?: string }) =>
  runOperation(cli, { from, to, rate, day: o.day })
