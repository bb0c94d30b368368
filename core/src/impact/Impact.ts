/**
 * "Your impact" of spec §9: a member's share of a project's impact metrics (co2Offset, forestIncrease, …).
 * Display numbers, not money: floating point is fine here.
 *
 *   share  = totalValueToday / landValue              ('Total land value cannot be zero', 'Invalid percentage value')
 *   impact = share × projectTotal                      ('Invalid numeric value')
 *   shown  = 0 below 0.01, otherwise rounded to 2 decimals
 */
import { Result, Schema } from "effect"
import { IMPACT_DISPLAY_MINIMUM } from "../shared/Constants.ts"

/** The land value is zero: the share cannot be computed. */
export class ImpactLandValueZero extends Schema.TaggedError<ImpactLandValueZero>()(
  "ImpactLandValueZero",
  {},
) {
  override get message(): string {
    return "Total land value cannot be zero"
  }
}

/** The member's share (value today over land value) is not a number. */
export class ImpactInvalidPercentage extends Schema.TaggedError<ImpactInvalidPercentage>()(
  "ImpactInvalidPercentage",
  {},
) {
  override get message(): string {
    return "Invalid percentage value"
  }
}

/** The share times the project total is not a number. */
export class ImpactInvalidNumber extends Schema.TaggedError<ImpactInvalidNumber>()(
  "ImpactInvalidNumber",
  {},
) {
  override get message(): string {
    return "Invalid numeric value"
  }
}

export type ImpactError = ImpactLandValueZero | ImpactInvalidPercentage | ImpactInvalidNumber

export interface YourImpactInput {
  /** The member's holding at today's price (total_value_today). */
  readonly totalValueToday: number
  /** The project's land value, in the same currency unit as totalValueToday. */
  readonly landValue: number
  /** The project's figure for one impact metric (e.g. its total co2Offset). */
  readonly projectTotal: number
}

/**
 * Rounds a display number to 2 decimals, half-up on the decimal value it prints as: the product is trimmed
 * to 15 significant digits first so 1.005 becomes 1.01, not 1.00 (1.005 × 100 is 100.49999999999999).
 */
export const round2 = (value: number): number => Math.round(Number((value * 100).toPrecision(15))) / 100

/** Your impact as a Result: the rounded figure, or the first of the three errors that applies. */
export const yourImpactResult = ({
  totalValueToday,
  landValue,
  projectTotal,
}: YourImpactInput): Result.Result<number, ImpactError> => {
  if (landValue === 0) return Result.fail(new ImpactLandValueZero())
  const share = totalValueToday / landValue
  if (!Number.isFinite(share)) return Result.fail(new ImpactInvalidPercentage())
  const impact = share * projectTotal
  if (!Number.isFinite(impact)) return Result.fail(new ImpactInvalidNumber())
  return Result.succeed(impact < IMPACT_DISPLAY_MINIMUM ? 0 : round2(impact))
}

/**
 * Your impact = (totalValueToday / landValue) × projectTotal, 0 below 0.01, rounded to 2 decimals.
 * Throws ImpactLandValueZero, ImpactInvalidPercentage or ImpactInvalidNumber (spec §8).
 */
export const yourImpact = (input: YourImpactInput): number => {
  const result = yourImpactResult(input)
  if (Result.isFailure(result)) throw result.failure
  return result.success
}

/** One land pool a member holds Units of: their value today and the pool's land value, in the same currency. */
export interface ImpactPool {
  readonly totalValueToday: number
  readonly landValue: number
}

/**
 * Your impact over several land pools (one per unit type, each valued in its own currency): the member's
 * share is the sum of their share of each pool they hold anything of, times the project total, shown as
 * `yourImpact` shows it. A pool the member holds nothing of is skipped, so an unconfigured land value only
 * fails a member who holds Units against it. With a single pool this is exactly `yourImpactResult`.
 */
export const yourImpactOverPools = (
  pools: ReadonlyArray<ImpactPool>,
  projectTotal: number,
): Result.Result<number, ImpactError> => {
  let share = 0
  for (const pool of pools) {
    if (pool.totalValueToday === 0) continue
    if (pool.landValue === 0) return Result.fail(new ImpactLandValueZero())
    const poolShare = pool.totalValueToday / pool.landValue
    if (!Number.isFinite(poolShare)) return Result.fail(new ImpactInvalidPercentage())
    share += poolShare
  }
  const impact = share * projectTotal
  if (!Number.isFinite(impact)) return Result.fail(new ImpactInvalidNumber())
  return Result.succeed(impact < IMPACT_DISPLAY_MINIMUM ? 0 : round2(impact))
}
