/**
 * `landunits pricing set-bank-account <currency> --account-name … --account-number … --iban … --swift-bic …
 * --bank-name … --bank-address … --bank-country …`: the platform's account members pay bank transfers into, in
 * one currency (shown on the bank payment page with the order's reference). Replacing an account changes
 * where members send money, so it asks first unless --yes; the first one of a currency does not. Audited
 * with before and after.
 */
import { type Cli, runOperation } from "../../Admin.ts"

interface Options {
  readonly accountName: string
  readonly accountNumber: string
  readonly iban: string
  readonly swiftBic: string
  readonly bankName: string
  readonly bankAddress: string
  readonly bankCountry: string
}

/** Replacing an account asks first (core's use case names the question); the first one of a currency does not. */
export const pricingSetBankAccount = (cli: Cli, currency: string, o: Options) =>
  runOperation(cli, { currency, ...o })
