/**
 * Convert (decisions.md): Units of type A become Units of type B at the day's exchange rate and prices.
 * value in A's currency = N × priceA; in B's currency × rate / EXCHANGE_RATE_SCALE; in Units of B / priceB.
 * Units are whole on both sides, so the result is floored to whole Units of B, and what that floor leaves,
 * the value of the Units of A that buys no whole Unit of B (the remainder), is the member's: it is paid back
 * as a payout owed to them (shared/decisions.md, "Converts"; docs/decisions/0054-converts-pay-back-the-remainder.md).
 *
 * The remainder is named in A's currency, the currency of what the member gave: only the part that became
 * Units of B crosses the exchange rate, so the remainder is never converted and carries no rate's rounding.
 * Exactly, in thousandths of A's currency, it is (N × priceA × rate − M × priceB × SCALE) / rate; in cents it
 * is rounded up (ceiling), once, in the member's favour: they are paid back less than one cent more than the
 * exact value, never less.
 */
import { subtotalCents, toSafeNumber, wholeNumber } from "../fees/Fees.ts"
import { EXCHANGE_RATE_SCALE, MAX_UNITS_PER_ORDER } from "../shared/Constants.ts"

export interface ConvertInput {
  readonly units: number
  readonly fromPricePerUnit: number
  readonly toPricePerUnit: number
  /** From A's currency to B's, in millionths. */
  readonly exchangeRate: number
}

const SCALE = BigInt(EXCHANGE_RATE_SCALE)
/** Thousandths of a currency unit per cent: pricePerUnit × units / 10 is cents. */
const TENTHS_OF_A_CENT = 10n

/** The value of N Units of A in B's thousandths × SCALE, and one Unit of B in the same measure. */
const measures = (input: ConvertInput) => {
  const given =
    wholeNumber("units", input.units) *
    wholeNumber("fromPricePerUnit", input.fromPricePerUnit) *
    wholeNumber("exchangeRate", input.exchangeRate)
  const perTarget = wholeNumber("toPricePerUnit", input.toPricePerUnit) * SCALE
  if (perTarget === 0n) throw new RangeError("toPricePerUnit must be more than 0")
  return { given, perTarget }
}

/** floor(N × priceA × rate / (priceB × SCALE)). */
export const convertedUnits = (input: ConvertInput): number => {
  const { given, perTarget } = measures(input)
  return toSafeNumber(given / perTarget)
}

/**
 * The remainder in cents of A's currency: (N × priceA × rate − M × priceB × SCALE) / (rate × 10), M the
 * Units of B received, rounded up once (the member's favour). 0 exactly when the Units of A buy whole Units of B.
 */
export const convertRemainderCents = (input: ConvertInput): number => {
  const { given, perTarget } = measures(input)
  const left = given % perTarget
  const rate = wholeNumber("exchangeRate", input.exchangeRate)
  if (rate === 0n) throw new RangeError("exchangeRate must be more than 0")
  const per = rate * TENTHS_OF_A_CENT
  return toSafeNumber((left + per - 1n) / per)
}

/** What a convert of N Units of A does, in Units and in money (the review, the order, the payout). */
export interface ConvertQuote {
  /** Whole Units of B received (locked 30 days). */
  readonly units: number
  /** The N Units of A converted, at the day's price of A: N × priceA / 10 cents of A, rounded half-up. */
  readonly valueCents: number
  /** The Units of B received, at the day's price of B: M × priceB / 10 cents of B, rounded half-up. */
  readonly receivedValueCents: number
  /** The remainder paid back to the member, cents of A, rounded up (convertRemainderCents). */
  readonly remainderCents: number
  /** The convert fee (paid in Units of A), at the day's price of A: fee × priceA / 10 cents of A, rounded half-up. */
  readonly feeCents: number
}

export const convertQuote = (input: ConvertInput & { readonly feeUnits: number }): ConvertQuote => ({
  units: convertedUnits(input),
  valueCents: subtotalCents(input.units, input.fromPricePerUnit, false),
  receivedValueCents: subtotalCents(convertedUnits(input), input.toPricePerUnit, false),
  remainderCents: convertRemainderCents(input),
  feeCents: subtotalCents(input.feeUnits, input.fromPricePerUnit, false),
})

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

/** How far from N the review looks for a smaller remainder: a tenth of N, at least 5 and at most 100 Units. */
export const suggestionWindow = (units: number): number => Math.min(100, Math.max(5, Math.ceil(units / 10)))

export interface ConvertSuggestion {
  readonly units: number
  readonly remainderCents: number
}

/**
 * The review's suggestion: among the numbers of Units of A within `suggestionWindow(N)` of N that the member
 * may convert (1 to `maxUnits`, at most MAX_UNITS_PER_ORDER) and that give at least one Unit of B, the one whose
 * remainder in cents is smallest, the nearest to N on a tie (then the fewer). Undefined when none has a smaller
 * remainder than N itself: N is already the best nearby.
 */
export const smallestRemainderNearby = (
  input: ConvertInput & { readonly maxUnits: number },
): ConvertSuggestion | undefined => {
  const here = convertRemainderCents(input)
  if (here === 0) return undefined
  const window = suggestionWindow(input.units)
  const low = Math.max(1, input.units - window)
  const high = Math.min(input.maxUnits, MAX_UNITS_PER_ORDER, input.units + window)
  let best: ConvertSuggestion | undefined
  const distance = (n: number) => Math.abs(n - input.units)
  for (let n = low; n <= high; n++) {
    if (n === input.units) continue
    const candidate = { ...input, units: n }
    if (convertedUnits(candidate) === 0) continue
    const remainderCents = convertRemainderCents(candidate)
    if (remainderCents >= here) continue
    if (
      best === undefined ||
      remainderCents < best.remainderCents ||
      (remainderCents === best.remainderCents &&
        (distance(n) < distance(best.units) || (distance(n) === distance(best.units) && n < best.units)))
    ) {
      best = { units: n, remainderCents }
    }
  }
  return best
}
