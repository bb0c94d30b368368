/**
 * Convert (decisions.md): Units of type A become Units of type B at the day's exchange rate and prices.
 * value in A's currency = N × priceA; in B's currency × rate / EXCHANGE_RATE_SCALE; in Units of B / priceB.
 * The result is floored to whole Units (a member never receives more value than they gave up).
 */
import { toSafeNumber, wholeNumber } from "../fees/Fees.ts"
import { EXCHANGE_RATE_SCALE } from "./OrderModel.ts"

export interface ConvertInput {
  readonly units: number
  readonly fromPricePerUnit: number
  readonly toPricePerUnit: number
  /** From A's currency to B's, in millionths. */
  readonly exchangeRate: number
}

const SCALE = BigInt(EXCHANGE_RATE_SCALE)

/** floor(N × priceA × rate / (priceB × SCALE)). */
export const convertedUnits = (input: ConvertInput): number => {
  const numerator =
    wholeNumber("units", input.units) *
    wholeNumber("fromPricePerUnit", input.fromPricePerUnit) *
    wholeNumber("exchangeRate", input.exchangeRate)
  const denominator = wholeNumber("toPricePerUnit", input.toPricePerUnit) * SCALE
  if (denominator === 0n) throw new RangeError("toPricePerUnit must be more than 0")
  return toSafeNumber(numerator / denominator)
}

/** The most Units of A whose conversion gives at most `targetUnits` Units of B. */
export const maxUnitsConvertingInto = (targetUnits: number, input: Omit<ConvertInput, "units">): number => {
  const per =
    wholeNumber("fromPricePerUnit", input.fromPricePerUnit) * wholeNumber("exchangeRate", input.exchangeRate)
  if (per === 0n) throw new RangeError("fromPricePerUnit and exchangeRate must be more than 0")
  const bound =
    (wholeNumber("targetUnits", targetUnits) + 1n) *
    wholeNumber("toPricePerUnit", input.toPricePerUnit) *
    SCALE
  return toSafeNumber((bound - 1n) / per)
}
