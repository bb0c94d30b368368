/** The admins' `pricing set-bank-account`: the account members paying in a currency send money to. */
import { Effect } from "effect"
import type { OperationHandler, OperationParams } from "../access/AdminOperationRunner.ts"
import { ibanProblem } from "../kyc/Iban.ts"
import { BIC_PATTERN, ibanProblemMessage } from "../kyc/KycValidation.ts"
import { countryName } from "../shared/Countries.ts"
import { CurrencyType, CurrencyTypes } from "../shared/Enums.ts"
import { normalizeBic, normalizeIban } from "../validation/Normalizers.ts"
import { audit } from "./PricingAdminAudit.ts"
import { oneOf, param, refuse } from "./PricingAdminParams.ts"
import type { AdminBankDetails } from "./PricingModel.ts"
import { PricingSettings } from "./ports/PricingSettings.ts"

const MAX_TEXT = 255

/** A detail as typed, trimmed; refused when longer than 255 characters or, unless `mayBeEmpty`, empty. */
const detail = (params: OperationParams, name: string, option: string, mayBeEmpty = false) =>
  Effect.gen(function* () {
    const text = (params[name] ?? "").trim()
    if (text === "" && !mayBeEmpty) return yield* refuse(`${option} is required`)
    if (text.length > MAX_TEXT) return yield* refuse(`${option} must be at most ${MAX_TEXT} characters`)
    return text
  })

const bankAccountOf = (params: OperationParams) =>
  Effect.gen(function* () {
    const currency = yield* oneOf(CurrencyType, "currency", yield* param(params, "currency"), CurrencyTypes)
    // The same normalizing as members' bank details (core's Normalizers): spaces out, capitals.
    const iban = normalizeIban(yield* detail(params, "iban", "--iban", true))
    // The same check as members' IBANs: format, the country's length, the check digits (kyc/Iban.ts).
    const ibanWrong = iban === "" ? undefined : ibanProblem(iban)
    if (ibanWrong !== undefined) {
      return yield* refuse(`--iban ${params.iban} is not an IBAN: ${ibanProblemMessage(ibanWrong)}`)
    }
    const swiftBic = normalizeBic(yield* detail(params, "swiftBic", "--swift-bic", true))
    if (swiftBic !== "" && !BIC_PATTERN.test(swiftBic)) {
      return yield* refuse(`--swift-bic ${params.swiftBic} is not a SWIFT/BIC code`)
    }
    const bankCountry = countryName(yield* detail(params, "bankCountry", "--bank-country"))
    if (bankCountry === undefined) {
      return yield* refuse(`--bank-country ${params.bankCountry} is not a country of the ISO 3166 list`)
    }
    const details: AdminBankDetails = {
      bankAccountName: yield* detail(params, "accountName", "--account-name"),
      bankAccountNumber: yield* detail(params, "accountNumber", "--account-number"),
      iban,
      swiftBic,
      bankName: yield* detail(params, "bankName", "--bank-name"),
      bankAddress: yield* detail(params, "bankAddress", "--bank-address"),
      bankCountry,
    }
    return { currency, details }
  })

export const setBankAccount: OperationHandler<{ readonly currency: CurrencyType } & AdminBankDetails> = {
  prepare: (params) =>
    Effect.gen(function* () {
      const { currency, details } = yield* bankAccountOf(params)
      const before = (yield* (yield* PricingSettings).bankAccounts)[currency]
      return {
        params: {
          currency,
          accountName: details.bankAccountName,
          accountNumber: details.bankAccountNumber,
          iban: details.iban,
          swiftBic: details.swiftBic,
          bankName: details.bankName,
          bankAddress: details.bankAddress,
          bankCountry: details.bankCountry,
        },
        summary: `Members paying in ${currency} send money to ${details.bankName} ${details.bankAccountNumber} (${details.bankAccountName})${
          before === undefined ? "" : ` instead of ${before.bankName} ${before.bankAccountNumber}`
        }`,
        // Replacing an account changes where members send money: the admin says so first.
        ...(before === undefined
          ? {}
          : {
              confirm:
                `Members paying in ${currency} will send money to ${details.bankName} ${details.bankAccountNumber} ` +
                `instead of ${before.bankName} ${before.bankAccountNumber}`,
            }),
      }
    }),
  apply: (acting, params, facts) =>
    Effect.gen(function* () {
      const { currency, details } = yield* bankAccountOf(params)
      const settings = yield* PricingSettings
      const before = (yield* settings.bankAccounts)[currency]
      yield* settings.setBankAccount(currency, details)
      yield* audit(
        acting,
        "pricing.setBankAccount",
        `bankAccount:${currency}`,
        { before: JSON.stringify(before ?? null), after: JSON.stringify(details) },
        facts,
      )
      return { currency, ...details }
    }),
  outcome: (a) =>
    `${a.currency}: members pay into ${a.bankAccountName}, ${a.bankAccountNumber}` +
    `${a.iban === "" ? "" : `, IBAN ${a.iban}`} at ${a.bankName} (${a.bankCountry})`,
}
