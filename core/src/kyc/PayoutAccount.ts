/**
 * Whether a member's stored bank details can be paid: they are judged by today's rules (the same schema the
 * profile form and the API use, KycValidation.ts `BankDetailsInput`), so details saved before a rule existed (an
 * IBAN whose check digits do not match, a UK account with no sort code) are found, and payouts wait until the
 * member corrects them (docs/decisions/0049-bank-details.md).
 */
import { validate } from "../validation/Issues.ts"
import type { KycInfo } from "./KycModel.ts"
import { BankDetailsInput } from "./KycValidation.ts"

/** Said when a member has saved no bank details at all. */
export const NO_BANK_DETAILS = "No bank details are saved"

/**
 * What is wrong with the bank details payouts would go to, each as "field: message" (empty when they pass).
 * Stored details are already normalized, so what fails here fails the rules, not the typing.
 */
export const payoutAccountProblems = (kycInfo: KycInfo): ReadonlyArray<string> => {
  if (kycInfo.bankDetails === undefined) return [NO_BANK_DETAILS]
  const checked = validate(BankDetailsInput, kycInfo.bankDetails)
  return checked.ok ? [] : checked.errors.map((e) => (e.path === "" ? e.message : `${e.path}: ${e.message}`))
}
