/**
 * How the public pages show the API's market figures: money through core's formatter (integer cents, never a
 * float), percentages and impact figures en-US. Kept apart so component tests can pin the rules.
 */
import { formatMoney, formatNumber0, formatNumber2 } from "@landunits/core/format/Format.ts"
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

/** A figure as given (whole numbers without decimals, others with two). */
export const formatFigure = (value: number): string =>
  Number.isInteger(value) ? formatNumber0(value) : formatNumber2(value)

/** A percentage: "1.5%", "0%", "2.9%" (at most two decimals, as admins may configure them). */
export const formatPercent = (value: number): string =>
  `${new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value)}%`
