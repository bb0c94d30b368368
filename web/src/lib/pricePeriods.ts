/**
 * The periods of the price charts (issue 24). Kept apart from priceHistory.ts: the dashboard's loader, which
 * sits in the app's chunk, needs only these: a UTC day is the first ten characters of its ISO 8601 form.
 */
/** The periods a price chart offers, in days (today included). */
export const PRICE_PERIODS = [30, 90, 365] as const
export type PricePeriod = (typeof PRICE_PERIODS)[number]

/** The first day of a period of `days` ending today (UTC). */
export const periodStart = (days: number, now = Date.now()): string =>
  new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10)
