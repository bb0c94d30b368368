/**
 * The dashboard's headline from the API's answers (issue 38): the Units the member holds now (GET /user/holdings)
 * with each unit type's price and rates on the previous price day and today (GET /prices/history from
 * yesterday), shaped for core's portfolioValue, which values them. Also the choice of currency, remembered on
 * this device.
 */
import {
  type HeldUnitType,
  heldValueCents,
  type RatesFrom,
} from "@landunits/core/analytics/PortfolioValue.ts"
import type { UnitHolding } from "@landunits/core/ledger/LedgerModel.ts"
import type { PriceHistory } from "@landunits/core/pricing/PricingModel.ts"
import { type CurrencyType, CurrencyTypes } from "@landunits/core/shared/EnumValues.ts"

/** The Units of a holding the member holds (the holdings table's: owned, LU2X, queued for sale, locked). */
export const heldUnits = (h: UnitHolding): number =>
  h.owned + h.owned_DOUBLE_LAND + h.pendingSell + h.convertLocked

/** True when the member has nothing at all: no Units held, none bought and waiting for payment. */
export const holdsNothing = (holdings: ReadonlyArray<UnitHolding>): boolean =>
  holdings.every((h) => heldUnits(h) === 0 && h.pendingBuy === 0)

/**
 * Each unit type held, valued today (the holdings' total_value_today) and at the day before's price
 * (the history's first day), in its own currency's cents.
 */
export const headlineParts = (
  holdings: ReadonlyArray<UnitHolding>,
  histories: ReadonlyArray<PriceHistory>,
): ReadonlyArray<HeldUnitType> =>
  holdings
    .filter((h) => heldUnits(h) > 0)
    .map((h) => {
      const history = histories.find((p) => p.unitType === h.unitType)
      const previousPrice = history?.prices.find((p) => p.day === history.from)?.pricePerUnit
      return {
        currency: h.currencyType,
        valueToday: h.total_value_today,
        valuePrevious: previousPrice === undefined ? undefined : heldValueCents(heldUnits(h), previousPrice),
      }
    })

/** The rates from `from` to `to` today and the day before, as the unit types' histories recorded them. */
export const ratesBetween =
  (histories: ReadonlyArray<PriceHistory>, to: CurrencyType) =>
  (from: CurrencyType): RatesFrom => {
    const history = histories.find((h) => h.currency === from)
    const rateOn = (day: string | undefined) =>
      history?.exchangeRates.find((r) => r.to === to && r.day === day)?.rate
    return { today: rateOn(history?.to), previous: rateOn(history?.from) }
  }

const STORAGE_KEY = "landunits_headline_currency"

/** The currency the member last chose for the headline on this device, if any. */
export const storedHeadlineCurrency = (): CurrencyType | undefined => {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY)
    return CurrencyTypes.find((c) => c === stored)
  } catch {
    return undefined
  }
}

/** Remembers the member's choice on this device (nothing is lost when storage is refused). */
export const storeHeadlineCurrency = (currency: CurrencyType): void => {
  try {
    window.localStorage.setItem(STORAGE_KEY, currency)
  } catch {
    // Private mode or storage full: the choice holds for this visit only.
  }
}
