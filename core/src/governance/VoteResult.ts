/**
 * The result of a vote (spec §3 Vote, §9): Yes at VOTE_YES_THRESHOLD_PERCENT (50) percent or more, No below,
 * Not Decided when there is no percentage yet.
 */
import { Schema } from "effect"
import { VOTE_YES_THRESHOLD_PERCENT } from "../shared/Constants.ts"

export const VoteOutcomes = ["Yes", "No", "Not Decided"] as const
export const VoteOutcome = Schema.Literals(VoteOutcomes)
export type VoteOutcome = typeof VoteOutcome.Type

/** "Yes" at 50 or more, "No" below, "Not Decided" for null (or undefined / NaN: no percentage). */
export const voteResult = (yesPercentage: number | null | undefined): VoteOutcome => {
  if (yesPercentage === null || yesPercentage === undefined || Number.isNaN(yesPercentage))
    return "Not Decided"
  return yesPercentage >= VOTE_YES_THRESHOLD_PERCENT ? "Yes" : "No"
}

/**
 * voteResultYesPercentage: yes / (yes + no) × 100, or null when nobody has voted (empty answers do not count).
 * Computed as yes × 100 / total, so an exact tie gives exactly 50.
 */
export const yesPercentage = (yes: number, no: number): number | null => {
  for (const [name, value] of [
    ["yes", yes],
    ["no", no],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`${name} votes must be a non-negative whole number, got ${value}`)
    }
  }
  const total = yes + no
  return total === 0 ? null : (yes * 100) / total
}
