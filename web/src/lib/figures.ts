/**
 * How the public pages show the API's market figures: money, percentages and figures through core's formatting
 * module (integer cents, never a float; 0 or 2 decimals). Kept apart so component tests can pin the rules.
 */
import { formatMoney } from "@landunits/core/format/Format.ts"
import type { Statistics } from "@landunits/core/market/MarketModel.ts"
import type { CurrencyType } from "@landunits/core/shared/EnumValues.ts"

/** The statistics block's three figures (spec §2): the land value in GBP, USD and EUR. */
export const landValueFigures = (
  statistics: Statistics,
): ReadonlyArray<{ readonly currency: CurrencyType; readonly label: string; readonly value: string }> => [
  {
    currency: "GBP",
    label: "GBP (£)",
    value: formatMoney(statistics.totalAmountsConvertedFromGBP.pound, "GBP"),
  },
  {
    currency: "USD",
    label: "USD ($)",
    value: formatMoney(statistics.totalAmountsConvertedFromGBP.usd, "USD"),
  },
  {
    currency: "EUR",
    label: "EUR (€)",
    value: formatMoney(statistics.totalAmountsConvertedFromGBP.euro, "EUR"),
  },
]
