/**
 * What a member reads about tax before paying (issue 46): prices exclude tax (spec §1, the terms), and the admin
 * sets a tax treatment per currency (InvoiceSettings), whose words an invoice prints. The buy's review shows the
 * words of the order's currency, or the terms' own words while none is set.
 */
import { type CurrencyType, CurrencyTypes } from "../shared/EnumValues.ts"
import type { TaxSettings } from "./InvoiceModel.ts"

/** The terms' words (web/src/content/legal.ts, spec §1 "prices exclude tax"): said while no treatment is set. */
export const PRICES_EXCLUDE_TAX = "Prices shown exclude tax."

/** What an email that names an amount to pay or paid says of tax (the instructions, the payment confirmed). */
export const AMOUNT_TAX_NOTE =
  "Prices exclude tax: the amount is the Units' price and the fees, with no tax added."

/** The tax words for a currency: the admin's treatment's words, else the terms' "Prices shown exclude tax." */
export const taxWordsFor = (settings: TaxSettings, currency: CurrencyType): string =>
  settings.find((s) => s.currency === currency)?.treatment.words ?? PRICES_EXCLUDE_TAX

/** The tax words of every currency, in CurrencyTypes' order (what GET /api/payments/settings answers). */
export const taxWordsByCurrency = (
  settings: TaxSettings,
): ReadonlyArray<{ readonly currency: CurrencyType; readonly words: string }> =>
  CurrencyTypes.map((currency) => ({ currency, words: taxWordsFor(settings, currency) }))
