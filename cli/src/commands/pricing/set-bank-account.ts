/**
 * `landunits pricing set-bank-account <currency> --account-name … --account-number … --iban … --swift-bic …
 * --bank-name … --bank-address … --bank-country …`: the platform's account members pay bank transfers into, in
 * one currency (shown on the bank payment page with the order's reference). Replacing an account changes
 * where members send money, so it asks first unless --yes; the first one of a currency does not. Audited
 * with before and after.
 */
import { PricingSettings } from "@landunits/adapters/postgres/PricingPg.ts"
import { BIC_PATTERN, IBAN_PATTERN } from "@landunits/core/kyc/KycValidation.ts"
import type { AdminBankDetails } from "@landunits/core/pricing/PricingModel.ts"
import { countryName } from "@landunits/core/shared/Countries.ts"
import { CurrencyType, CurrencyTypes } from "@landunits/core/shared/Enums.ts"
import { normalizeBic, normalizeIban } from "@landunits/core/validation/Normalizers.ts"
import { Effect } from "effect"
import { AdminRefused, type Cli, runCommand } from "../../Admin.ts"
import { confirm } from "../../support/Confirm.ts"
import { optionValue } from "../../support/Lookup.ts"
import { audit, requireAdmin } from "../../support/Operator.ts"

interface Options {
  readonly accountName: string
  readonly accountNumber: string
  readonly iban: string
  readonly swiftBic: string
  readonly bankName: string
  readonly bankAddress: string
  readonly bankCountry: string
}

const MAX_TEXT = 255

/** A detail as typed, trimmed; refused when longer than 255 characters or, unless `mayBeEmpty`, empty. */
const detail = (option: string, value: string, mayBeEmpty = false) => {
  const text = value.trim()
  if (text === "" && !mayBeEmpty) return Effect.fail(new AdminRefused({ message: `${option} is required` }))
  if (text.length > MAX_TEXT) {
    return Effect.fail(new AdminRefused({ message: `${option} must be at most ${MAX_TEXT} characters` }))
  }
  return Effect.succeed(text)
}

export const pricingSetBankAccount = (cli: Cli, currency: string, o: Options) =>
  runCommand(
    cli,
    Effect.gen(function* () {
      const operator = yield* requireAdmin(cli.options().as)
      const c = yield* optionValue(CurrencyType, "currency", currency, CurrencyTypes.join(", "))
      // The same normalizing as members' bank details (core's Normalizers): spaces out, capitals.
      const iban = normalizeIban(yield* detail("--iban", o.iban, true))
      if (iban !== "" && !IBAN_PATTERN.test(iban)) {
        return yield* new AdminRefused({ message: `--iban ${o.iban} is not an IBAN` })
      }
      const swiftBic = normalizeBic(yield* detail("--swift-bic", o.swiftBic, true))
      if (swiftBic !== "" && !BIC_PATTERN.test(swiftBic)) {
        return yield* new AdminRefused({ message: `--swift-bic ${o.swiftBic} is not a SWIFT/BIC code` })
      }
      const bankCountry = countryName(yield* detail("--bank-country", o.bankCountry))
      if (bankCountry === undefined) {
        return yield* new AdminRefused({
          message: `--bank-country ${o.bankCountry} is not a country of the ISO 3166 list`,
        })
      }
      const details: AdminBankDetails = {
        bankAccountName: yield* detail("--account-name", o.accountName),
        bankAccountNumber: yield* detail("--account-number", o.accountNumber),
        iban,
        swiftBic,
        bankName: yield* detail("--bank-name", o.bankName),
        bankAddress: yield* detail("--bank-address", o.bankAddress),
        bankCountry,
      }
      const settings = yield* PricingSettings
      const before = (yield* settings.bankAccounts)[c]
      if (before !== undefined) {
        yield* confirm(
          `Members paying in ${c} will send money to ${details.bankName} ${details.bankAccountNumber} ` +
            `instead of ${before.bankName} ${before.bankAccountNumber}`,
          cli.options(),
        )
      }
      yield* settings.setBankAccount(c, details)
      yield* audit(operator, "pricing.setBankAccount", `bankAccount:${c}`, {
        before: JSON.stringify(before ?? null),
        after: JSON.stringify(details),
      })
      return { currency: c, ...details }
    }),
    (a) =>
      `${a.currency}: members pay into ${a.bankAccountName}, ${a.bankAccountNumber}` +
      `${a.iban === "" ? "" : `, IBAN ${a.iban}`} at ${a.bankName} (${a.bankCountry})`,
  )
