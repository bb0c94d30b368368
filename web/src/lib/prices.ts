/** Prices and exchange rates as members see them (kept apart from figures.ts: it needs core's order model). */
import { EXCHANGE_RATE_SCALE } from "@landunits/core/orders/OrderModel.ts"
import { displayPrice } from "@landunits/core/pricing/Pricing.ts"
import { CurrencySymbol, type CurrencyType } from "@landunits/core/shared/EnumValues.ts"

const price = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 3 })

/** A Unit's price (an integer in 1/PRICE_SCALE of the currency) with its symbol: 1234 → "$1.234". */
export const formatPrice = (pricePerUnit: number, currency: CurrencyType): string =>
  `${CurrencySymbol[currency]}${price.format(displayPrice(pricePerUnit))}`

const rate = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 6 })

/** An exchange rate (an integer in millionths): 1282352 → "1.282352". */
export const formatRate = (millionths: number): string => rate.format(millionths / EXCHANGE_RATE_SCALE)
