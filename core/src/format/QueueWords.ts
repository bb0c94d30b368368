/**
 * The seller's queue in words (issue 24), the same on the order page, in the CLI and in the docs. Kept apart from
 * SaleQueuePosition.ts so the web page imports words, not schemas.
 */
import type { FillEstimate } from "../orders/SaleQueuePosition.ts"

const daysText = (days: number) => (days === 1 ? "1 day" : `${days} days`)

/** The estimate in words, the same on the order page, in the CLI and in the docs. */
export const fillEstimateText = (estimate: FillEstimate): string => {
  if (estimate.kind === "notEnoughHistory")
    return "Not enough history: no Units of this type were bought in the last 30 days."
  const range =
    estimate.latestDays === undefined
      ? `${daysText(estimate.earliestDays)} or more`
      : estimate.earliestDays === estimate.latestDays
        ? daysText(estimate.earliestDays)
        : `${estimate.earliestDays} to ${daysText(estimate.latestDays)}`
  return `About ${daysText(estimate.days)} (range ${range}), at the pace of the last 30 days' buys.`
}

/** "1st", "2nd", "3rd", "11th", "22nd": a position in the queue. */
export const ordinal = (n: number): string => {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`
}
